import type {
  LoaderFunctionArgs,
  MetaDescriptor,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useAccount } from "~/components/AccountProvider";
import { AdSlot } from "~/components/AdSlot";
import { BackLink } from "~/components/BackLink";
import { ExpandableHtml } from "~/components/ExpandableHtml";
import { ChallengeInfo } from "~/components/challenge/ChallengeInfo";
import { ChallengePopup } from "~/components/game/ChallengePopup";
import { Leaderboard } from "~/components/game/Leaderboard";
import { LikeButton } from "~/components/game/LikeButton";
import { RateForm, RatePopup } from "~/components/game/RatePopup";
import { SaveButton } from "~/components/game/SaveButton";
import { SharePopup } from "~/components/game/SharePopup";
import {
  PlayIcon,
  StarIcon,
  SwordsIcon,
  TrophyIcon,
  SocialIcon,
  VersusIcon,
} from "~/components/icons";
import { playWithFriendPath } from "#contract/friend-matches";
import { useMediaBase, useViewer } from "~/components/root-data";
import { DETAIL_AD_SLOT } from "~/lib/ads";
import { track } from "~/lib/analytics";
import {
  formatRating,
  hasHowToPlay,
  htmlToText,
  pageTitle,
  truncate,
} from "#contract/format";
import { idOrNull } from "#contract/ids";
import { resolveMediaUrl } from "~/lib/media";
import { originFromQuery, playPath } from "~/lib/navigation";
import { fitHeadings } from "~/lib/headings";
import { cardMeta } from "~/lib/seo";
import {
  getDetailGameOr404,
  requestOrigin,
  viewerIdOf,
} from "~/server/loaders.server";
import "./detail.$id.css";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  const game = await getDetailGameOr404(context, params.id, viewerId);
  const url = new URL(request.url);
  const site = requestOrigin(request);
  const absolute = (value: string | null) => {
    const resolved = resolveMediaUrl(value, context.mediaBase);
    return resolved ? new URL(resolved, site).href : null;
  };
  const challengeId = idOrNull(url.searchParams.get("challengeId"));
  // Only its two players can see a challenge; anyone else (or a visitor) gets the plain page.
  const challenge =
    challengeId && viewerId
      ? await context.services.challenges
          .view(challengeId, viewerId)
          .catch(() => null)
      : null;
  // The house ad promotes another of our games, chosen by this game's id so the page renders the same each time.
  const others = (await context.services.games.catalogue()).published.filter(
    (other) => other._id !== game._id && !other.is_placeholder,
  );
  const promoted = others.length > 0 ? others[game._id % others.length] : null;
  return {
    game,
    ratingCount: game.rating_count,
    origin: originFromQuery(url.searchParams.get("_sF")),
    challengeId,
    challenge: challenge && challenge.game === game._id ? challenge : null,
    pageUrl: `${site}/detail/${game._id}`,
    imageUrl: absolute(game.poster) ?? absolute(game.icon),
    cardUrl: absolute(context.services.cards.gameCard(game.slug)),
    videoUrl: absolute(game.video),
    houseGame: promoted
      ? {
          _id: promoted._id,
          name: promoted.name,
          icon: promoted.icon,
          category: promoted.category,
          avgRating: promoted.avgRating,
          rating_count: promoted.rating_count,
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Game not found") }];
  const { game, pageUrl, imageUrl, cardUrl, videoUrl, ratingCount } = data;
  const description =
    truncate(htmlToText(game.description), 200) ||
    `Play ${game.name} free on Playfeed.`;
  const multiplayer = game.game_modes.includes(2);
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: game.name,
    description,
    url: pageUrl,
    genre: game.category,
    gamePlatform: "Web browser",
    applicationCategory: "Game",
    operatingSystem: "Any",
    playMode: multiplayer ? ["SinglePlayer", "MultiPlayer"] : "SinglePlayer",
    publisher: { "@type": "Organization", name: game.publisher.name },
    offers: { "@type": "Offer", price: 0, priceCurrency: "USD" },
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(videoUrl
      ? {
          trailer: {
            "@type": "VideoObject",
            name: `${game.name} trailer`,
            contentUrl: videoUrl,
            thumbnailUrl: imageUrl ?? undefined,
            description,
          },
        }
      : {}),
    ...(ratingCount && ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: game.avgRating,
            ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const tags: MetaDescriptor[] = [
    { title: pageTitle(game.name) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: pageUrl },
    { property: "og:site_name", content: "Playfeed" },
    { property: "og:type", content: "video.other" },
    { property: "og:title", content: game.name },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { name: "twitter:title", content: game.name },
    { name: "twitter:description", content: description },
  ];
  // The game's card (made at build time from its art, name and category); a game outside the catalogue has its poster.
  const alt = `${game.name}: ${game.category} game, free to play on Playfeed`;
  if (cardUrl) tags.push(...cardMeta({ image: cardUrl, alt }));
  else if (imageUrl)
    tags.push(...cardMeta({ image: imageUrl, alt, size: null }));
  else tags.push({ name: "twitter:card", content: "summary" });
  if (videoUrl) tags.push({ property: "og:video", content: videoUrl });
  tags.push({ "script:ld+json": jsonLd });
  return tags;
};

const ShareIcon = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
  </svg>
);

type Popup = "rate" | "share" | "challenge" | null;

/** /detail/:id: everything about one game and the ways to play it (SPEC.md §2 order). */
export default function GameDetail() {
  const {
    game,
    origin,
    challengeId,
    challenge,
    pageUrl,
    ratingCount,
    houseGame,
  } = useLoaderData<typeof loader>();
  const mediaBase = useMediaBase();
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const [searchParams] = useSearchParams();
  const [popup, setPopup] = useState<Popup>(null);
  const [showVideo, setShowVideo] = useState(false);
  const icon = resolveMediaUrl(game.icon, mediaBase);
  const video = resolveMediaUrl(game.video, mediaBase);
  const poster = resolveMediaUrl(game.poster, mediaBase) ?? icon;

  useEffect(() => track("view_game_details", { game: game._id }), [game._id]);
  useEffect(() => setShowVideo(false), [game._id]);

  /** SPEC.md §5: like, share, rate, save and challenge need a player; a visitor gets the login popup. */
  const needsLogin = (open: () => void) => () =>
    viewer ? open() : openLogin();

  const rateOnPage = searchParams.has("rate") && popup !== "rate";
  const withoutRate = new URLSearchParams(searchParams);
  withoutRate.delete("rate");
  const pageWithoutRate = `/detail/${game._id}${withoutRate.toString() ? `?${withoutRate}` : ""}`;

  const share = needsLogin(() => {
    if (typeof navigator.share === "function") {
      navigator
        .share({
          title: game.name,
          text: `Play ${game.name} on Playfeed`,
          url: pageUrl,
        })
        .catch(() => undefined);
    } else {
      setPopup("share");
    }
  });

  return (
    <div className="page detail">
      <BackLink to={origin.path} title={origin.label} />
      <section
        className="detail-hero detail-hero--full"
        aria-labelledby="game-title"
      >
        <h1 id="game-title" className="detail-hero__title">
          {game.name}
        </h1>
        <div className="detail-hero__icon">
          {icon ? (
            <img
              src={icon}
              alt={`${game.name} icon`}
              width={120}
              height={120}
            />
          ) : (
            <span aria-hidden="true">{game.name.slice(0, 1)}</span>
          )}
        </div>
        <p className="detail-hero__meta">
          {game.is_placeholder ? (
            <span className="badge badge--preview badge--inline">Preview</span>
          ) : null}
          {game.category} · by{" "}
          <Link
            to={`/publisher/${game.publisher._id}`}
            className="detail-hero__publisher"
          >
            {game.publisher.name}
          </Link>
        </p>
        {video ? (
          <button
            type="button"
            className="action-chip detail-hero__video-toggle"
            aria-expanded={showVideo}
            aria-controls="promo-video"
            onClick={() => setShowVideo((shown) => !shown)}
          >
            <PlayIcon size={16} />
            {showVideo ? "Hide video" : "Play video"}
          </button>
        ) : null}
        <div className="detail-hero__stats">
          <span
            className="stat stat--rating stat--large"
            data-testid="average-rating"
          >
            <StarIcon size={18} />
            <strong>{formatRating(game.avgRating)}</strong>
            <span className="stat__label">
              {ratingCount
                ? `${ratingCount} ${ratingCount === 1 ? "rating" : "ratings"}`
                : "rating"}
            </span>
          </span>
          <LikeButton
            gameId={game._id}
            liked={game.is_liked}
            count={game.total_likes}
            likeOnly
          />
        </div>
        {video && showVideo ? (
          <div className="detail-hero__video" id="promo-video">
            <video
              controls
              muted
              playsInline
              autoPlay
              loop
              poster={poster ?? undefined}
              src={video}
              aria-label={`${game.name} promo video`}
            />
          </div>
        ) : null}
        <div className="detail-hero__actions">
          <Link
            to={playPath(game._id)}
            className="button button--primary button--large"
          >
            <PlayIcon size={20} />
            Play
          </Link>
          <Link
            to={`/waiting/${game._id}`}
            className="button button--secondary button--large"
          >
            <VersusIcon size={20} />
            Multiplayer
          </Link>
          {game.game_modes.includes(2) ? (
            <Link
              to={playWithFriendPath({ gameId: game._id })}
              className="button button--ghost button--large detail-hero__wide"
            >
              <SocialIcon size={20} />
              Play with a friend
            </Link>
          ) : null}
          {/* Without JavaScript the link leads to the result page, where the people you follow are challenged. */}
          <Link
            to={`/result/${game._id}`}
            className="button button--ghost button--large"
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              needsLogin(() => setPopup("challenge"))();
            }}
          >
            <SwordsIcon size={20} />
            Challenge
          </Link>
        </div>
        <div className="detail-hero__tools">
          {/* Without JavaScript the Rate button asks for `?rate`, which shows the rate form on the page itself. */}
          <form
            method="get"
            style={{ display: "contents" }}
            onSubmit={(event) => {
              event.preventDefault();
              needsLogin(() => setPopup("rate"))();
            }}
          >
            {[...withoutRate].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="rate" value="1" />
            <button
              type="submit"
              className="action-chip"
              aria-haspopup="dialog"
            >
              <StarIcon size={18} filled={!!game.my_rating} />
              {game.my_rating ? `Rated ${game.my_rating}` : "Rate"}
            </button>
          </form>
          <SaveButton gameId={game._id} saved={game.is_saved} />
          <button
            type="button"
            className="action-chip"
            aria-haspopup="dialog"
            onClick={share}
          >
            <ShareIcon />
            Share
          </button>
        </div>
      </section>

      <div className="detail__columns detail__columns--full">
        <div className="detail__main">
          {rateOnPage ? (
            <section className="card rate-popup" aria-labelledby="rate-title">
              <h2 id="rate-title" className="card__title">
                Rate This Game
              </h2>
              <p className="modal__lead">How much fun is {game.name}?</p>
              <RateForm
                gameId={game._id}
                current={game.my_rating}
                returnTo={pageWithoutRate}
              />
            </section>
          ) : null}
          <section className="card" aria-labelledby="about-title">
            <h2 id="about-title" className="card__title">
              About this game
            </h2>
            {/* Headings in a publisher's text sit under this section's h2. */}
            <ExpandableHtml
              html={fitHeadings(game.description, 3)}
              limit={80}
            />
          </section>
          {hasHowToPlay(game.how_to_play) ? (
            <section className="card" aria-labelledby="how-title">
              <h2 id="how-title" className="card__title">
                How To Play
              </h2>
              {/* Stored sanitised by the server (SPEC.md §3). */}
              <div
                className="prose"
                dangerouslySetInnerHTML={{
                  __html: fitHeadings(game.how_to_play, 3),
                }}
              />
            </section>
          ) : null}
          {challenge && viewer ? (
            <ChallengeInfo challenge={challenge} viewerId={viewer._id} />
          ) : challengeId ? (
            <section
              className="card challenge-info"
              aria-labelledby="challenge-info-title"
            >
              <h2 id="challenge-info-title" className="card__title">
                <TrophyIcon size={18} /> Challenge
              </h2>
              {viewer ? (
                <p className="prose prose--muted">
                  This challenge is not one of yours, or it no longer exists.
                </p>
              ) : (
                <>
                  <p className="prose prose--muted">
                    You have been challenged. Log in to see the bet and accept
                    it.
                  </p>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={openLogin}
                  >
                    Log in
                  </button>
                </>
              )}
            </section>
          ) : null}
        </div>
        <AdSlot
          slot={DETAIL_AD_SLOT}
          variant="box"
          className="detail__ad"
          houseGame={houseGame ?? undefined}
          onScreenGameIds={[game._id]}
        />
        <div className="detail__board">
          <Leaderboard
            gameId={game._id}
            leaderboardType={game.leaderboard_type}
            viewer={viewer}
          />
        </div>
      </div>

      {popup === "rate" ? (
        <RatePopup
          gameId={game._id}
          gameName={game.name}
          current={game.my_rating}
          onClose={() => setPopup(null)}
          onRated={() => setPopup(null)}
        />
      ) : null}
      {popup === "share" ? (
        <SharePopup
          name={game.name}
          url={pageUrl}
          onClose={() => setPopup(null)}
        />
      ) : null}
      {popup === "challenge" ? (
        <ChallengePopup
          gameId={game._id}
          gameName={game.name}
          onClose={() => setPopup(null)}
        />
      ) : null}
    </div>
  );
}
