import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdSlot } from "~/components/AdSlot";
import { BackLink } from "~/components/BackLink";
import { ExpandableHtml } from "~/components/ExpandableHtml";
import { HeartIcon, PlayIcon, StarIcon, VersusIcon } from "~/components/icons";
import { useMediaBase } from "~/components/root-data";
import { formatCount, formatRating, hasHowToPlay, htmlToText, pageTitle, truncate } from "~/lib/format";
import { resolveMediaUrl } from "~/lib/media";
import { originFromQuery, playPath } from "~/lib/navigation";
import { getGameOr404 } from "~/server/loaders.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: pageTitle(data.game.name) },
        { name: "description", content: truncate(htmlToText(data.game.description), 155) || `Play ${data.game.name} on Playfeed.` },
      ]
    : [{ title: pageTitle("Game not found") }];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  const origin = originFromQuery(new URL(request.url).searchParams.get("_sF"));
  return { game, origin };
}

/** /detail/:id: everything about one game and the ways to play it. */
export default function GameDetail() {
  const { game, origin } = useLoaderData<typeof loader>();
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  return (
    <div className="page detail">
      <BackLink to={origin.path} title={origin.label} />
      <section className="detail-hero" aria-labelledby="game-title">
        <div className="detail-hero__icon">
          {icon ? <img src={icon} alt="" width={120} height={120} /> : <span aria-hidden="true">{game.name.slice(0, 1)}</span>}
        </div>
        <div className="detail-hero__info">
          {game.is_placeholder ? <span className="badge badge--preview badge--inline">Preview</span> : null}
          <h1 id="game-title" className="detail-hero__title">
            {game.name}
          </h1>
          <p className="detail-hero__meta">
            {game.category} · by {game.publisher.name}
          </p>
          <div className="detail-hero__stats">
            <span className="stat stat--rating stat--large">
              <StarIcon size={18} />
              <strong>{formatRating(game.avgRating)}</strong>
              <span className="stat__label">rating</span>
            </span>
            <span className={game.is_liked ? "stat stat--likes stat--large is-liked" : "stat stat--likes stat--large"}>
              <HeartIcon size={18} filled={game.is_liked} />
              <strong>{formatCount(game.total_likes)}</strong>
              <span className="stat__label">{game.total_likes === 1 ? "like" : "likes"}</span>
            </span>
          </div>
        </div>
        <div className="detail-hero__actions">
          <Link to={playPath(game._id)} className="button button--primary button--large">
            <PlayIcon size={20} />
            Play
          </Link>
          <Link to={`/waiting/${game._id}`} className="button button--secondary button--large">
            <VersusIcon size={20} />
            Multiplayer
          </Link>
        </div>
      </section>

      <div className="detail__columns">
        <div className="detail__main">
          <section className="card" aria-labelledby="about-title">
            <h2 id="about-title" className="card__title">
              About this game
            </h2>
            <ExpandableHtml html={game.description} limit={80} />
          </section>
          {hasHowToPlay(game.how_to_play) ? (
            <section className="card" aria-labelledby="how-title">
              <h2 id="how-title" className="card__title">
                How To Play
              </h2>
              {/* Stored sanitised by the server (SPEC.md §3). */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: game.how_to_play }} />
            </section>
          ) : null}
        </div>
        <AdSlot slot="detail" variant="box" className="detail__ad" />
      </div>
    </div>
  );
}
