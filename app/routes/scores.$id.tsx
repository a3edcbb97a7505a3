import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { PlayIcon, TrophyIcon, VersusIcon } from "~/components/icons";
import { useMediaBase } from "~/components/root-data";
import { formatDay, formatNumber, pageTitle } from "#contract/format";
import {
  shareCardPath,
  shareHeadline,
  shareIdSchema,
  sharePath,
} from "#contract/shares";
import { resolveMediaUrl } from "~/lib/media";
import { playPath } from "~/lib/navigation";
import { cardMeta } from "~/lib/seo";
import {
  notFoundResponse,
  or404,
  requestOrigin,
} from "~/server/loaders.server";
import "./scores.$id.css";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = shareIdSchema.safeParse(params.id ?? "");
  if (!id.success) throw notFoundResponse("This shared score does not exist");
  const shared = await or404(
    () => context.services.shares.view(id.data),
    "This shared score does not exist",
  );
  const site = requestOrigin(request);
  return {
    shared,
    pageUrl: new URL(sharePath(shared.id), site).href,
    cardUrl: new URL(shareCardPath(shared.id), site).href,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Shared score not found") }];
  const { shared, pageUrl, cardUrl } = data;
  const headline = shareHeadline(shared);
  const description = `Can you beat it? Play ${shared.game.name} free on Playfeed, right in your browser.`;
  return [
    { title: pageTitle(headline) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: pageUrl },
    // A shared score is for the people it was sent to, not for search results; crawlers may still read the card.
    { name: "robots", content: "noindex" },
    { property: "og:site_name", content: "Playfeed" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: headline },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { name: "twitter:title", content: headline },
    { name: "twitter:description", content: description },
    ...cardMeta({
      image: cardUrl,
      alt: `${headline}. Can you beat it?`,
    }),
  ];
};

const OUTCOME = {
  win: "Won against",
  lose: "Played against",
  draw: "Drew with",
} as const;

/**
 * /scores/:id: a result its player shared (ADR 017). Public, for anyone with the link: the game, the player and the
 * score, and the way to try to beat it.
 */
export default function SharedScorePage() {
  const { shared } = useLoaderData<typeof loader>();
  const mediaBase = useMediaBase();
  const { game, player, match } = shared;
  const levels = game.leaderboard_type === 2;
  const icon = resolveMediaUrl(game.icon, mediaBase);
  const poster = resolveMediaUrl(game.poster, mediaBase);
  const caption =
    match?.outcome === "win"
      ? "won the match with"
      : levels
        ? "reached"
        : "scored";
  const value = `${levels ? "Level " : ""}${formatNumber(shared.score)}`;

  return (
    <div className="page share-page">
      <article className="share-hero" aria-labelledby="share-title">
        <div className="share-hero__text">
          <Link to={`/detail/${game._id}`} className="share-hero__game">
            {icon ? (
              <img
                src={icon}
                alt=""
                width={56}
                height={56}
                className="share-hero__icon"
              />
            ) : null}
            <span>
              <span className="share-hero__game-name">{game.name}</span>
              <span className="share-hero__category">{game.category}</span>
            </span>
          </Link>
          <h1 id="share-title" className="share-hero__title">
            <span className="share-hero__player">
              {/* The name follows: the picture is decoration here. */}
              <span aria-hidden="true" className="share-hero__avatar">
                <Avatar person={player} size={44} />
              </span>
              <span className="share-hero__name">{player.name}</span>
            </span>
            <span className="share-hero__caption">{caption}</span>
            <span className="share-hero__score" data-testid="shared-score">
              {value}
            </span>
          </h1>
          {match ? (
            <p className="share-hero__versus">
              {match.outcome === "win" ? (
                <TrophyIcon size={18} />
              ) : (
                <VersusIcon size={18} />
              )}
              {OUTCOME[match.outcome]} {match.opponent}
              {match.opponent_is_bot ? " (a recorded player)" : ""} ·{" "}
              {formatNumber(shared.score)} to{" "}
              {formatNumber(match.opponent_score)}
            </p>
          ) : null}
          <p className="share-hero__date">
            Shared on {formatDay(shared.created_dt)}
          </p>
        </div>
        {poster ? (
          <div className="share-hero__phone" aria-hidden="true">
            <img src={poster} alt="" width={360} height={640} />
          </div>
        ) : null}
      </article>

      <section className="share-cta" aria-labelledby="share-cta-title">
        <h2 id="share-cta-title" className="share-cta__title">
          Can you beat {levels ? "it" : "this score"}?
        </h2>
        <p className="share-cta__lead">
          {game.name} is free to play in your browser: no download, a round
          takes a minute or two.
        </p>
        <div className="share-cta__actions">
          <Link
            to={playPath(game._id)}
            className="button button--primary button--large"
          >
            <PlayIcon size={20} /> Beat this score
          </Link>
          <Link
            to={`/detail/${game._id}`}
            className="button button--ghost button--large"
          >
            About {game.name}
          </Link>
        </div>
        <p className="share-cta__more">
          Or <Link to="/">see every game on Playfeed</Link>.
        </p>
      </section>
    </div>
  );
}
