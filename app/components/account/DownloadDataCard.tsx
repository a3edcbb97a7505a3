/**
 * "Download my data": a plain link to the file (/settings/account/data.json), so it works before the page's scripts
 * run; the server names the file and sends it as an attachment.
 */
export function DownloadDataCard() {
  return (
    <section className="card account-card" aria-labelledby="download-title">
      <h2 id="download-title" className="card__title">
        Download my data
      </h2>
      <p className="account-card__text">
        One JSON file with your profile, follows, scores, runs, challenges, coin
        history, messages, game data, posts, notifications, likes, ratings,
        saved games and shares. You can download it up to 5 times an hour.
      </p>
      <a
        href="/settings/account/data.json"
        download
        className="button button--secondary"
        data-testid="download-data"
      >
        Download my data
      </a>
    </section>
  );
}
