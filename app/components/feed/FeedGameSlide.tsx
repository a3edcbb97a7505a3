import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatRating, htmlToText, truncate } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { detailPath, playPath } from "~/lib/navigation";
import type { Game } from "#contract/types";
import { FEED_DESCRIPTION_MAX } from "~/state/feed";
import { useLoginGate } from "../AccountProvider";
import { PlayIcon, StarIcon, TrophyIcon } from "../icons";
import { EyeIcon } from "../page-icons";
import { useMediaBase } from "../root-data";
import { FeedVideo } from "./FeedVideo";
import { LikeButton } from "./LikeButton";
import { PublisherAvatar } from "./PublisherAvatar";
import "./FeedGameSlide.css";

export interface FeedGameSlideProps {
  game: Game;
  /** The current item or a neighbour: the video gets its source. */
  withVideo: boolean;
  active: boolean;
  eager: boolean;
  onOpenPublisher: () => void;
  onOpenLeaderboard: () => void;
}

/** One game in the feed: its promo video with the name, publisher, description and actions over it. */
export function FeedGameSlide({
  game,
  withVideo,
  active,
  eager,
  onOpenPublisher,
  onOpenLeaderboard,
}: FeedGameSlideProps) {
  const mediaBase = useMediaBase();
  const loginGate = useLoginGate();
  const video = resolveMediaUrl(game.video, mediaBase);
  const poster = resolveMediaUrl(game.poster ?? game.icon, mediaBase);
  const icon = resolveMediaUrl(game.icon, mediaBase);
  const description = htmlToText(game.description);

  return (
    <article className="feed-game" aria-label={game.name}>
      {poster ? (
        <img
          className="feed-game__backdrop"
          src={poster}
          alt=""
          aria-hidden="true"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      ) : null}
      {video ? (
        <FeedVideo
          src={withVideo ? video : null}
          poster={poster}
          active={active}
          name={game.name}
        />
      ) : (
        <FeedStill game={game} icon={icon} eager={eager} />
      )}
      <div className="feed-game__shade" aria-hidden="true" />

      <div className="feed-game__rail">
        <button
          type="button"
          className="feed-action feed-action--publisher"
          aria-label={`Open publisher ${game.publisher.name}`}
          onClick={onOpenPublisher}
        >
          <PublisherAvatar publisher={game.publisher} size={48} />
        </button>
        <LikeButton
          gameId={game._id}
          name={game.name}
          liked={game.is_liked}
          count={game.total_likes}
        />
        <button
          type="button"
          className="feed-action"
          aria-label={`Scores: leaderboard of ${game.name}`}
          onClick={onOpenLeaderboard}
        >
          <span className="feed-action__icon">
            <TrophyIcon size={26} />
          </span>
          <span className="feed-action__label">Scores</span>
        </button>
        <Link
          to={detailPath(game._id, "home-page")}
          className="feed-action"
          aria-label={`Details of ${game.name}`}
          onClick={loginGate}
          prefetch="intent"
        >
          <span className="feed-action__icon">
            <EyeIcon size={26} />
          </span>
          <span className="feed-action__label">Details</span>
        </Link>
      </div>

      <div className="feed-game__info">
        <button
          type="button"
          className="feed-game__publisher"
          onClick={onOpenPublisher}
          aria-label={`Publisher ${game.publisher.name}`}
        >
          <span>@{game.publisher.name}</span>
        </button>
        <h2 className="feed-game__name">
          {icon ? (
            <img
              src={icon}
              alt=""
              width={36}
              height={36}
              className="feed-game__icon"
              loading={eager ? "eager" : "lazy"}
            />
          ) : null}
          <span>{game.name}</span>
        </h2>
        <p className="feed-game__meta">
          <span className="feed-game__pill">{game.category}</span>
          <span className="feed-game__rating">
            <StarIcon size={14} />
            <span className="visually-hidden">Rating </span>
            {formatRating(game.avgRating)}
          </span>
        </p>
        {description ? <FeedDescription text={description} /> : null}
        <div className="feed-game__buttons">
          <Link
            to={playPath(game._id)}
            className="button button--primary feed-game__play"
            aria-label={`Play ${game.name}`}
          >
            <PlayIcon size={18} />
            Play
          </Link>
          <Link
            to={detailPath(game._id, "home-page")}
            className="button button--ghost feed-game__details"
            onClick={loginGate}
          >
            How to play
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * A game without a promo clip (a developer's may have none): its icon large with its name and a Play tap, over the
 * blurred icon. The name and Play below say the same to a screen reader and the keyboard, so this is only drawn.
 */
function FeedStill({
  game,
  icon,
  eager,
}: {
  game: Game;
  icon: string | null;
  eager: boolean;
}) {
  return (
    <div className="feed-still" aria-hidden="true">
      <Link to={playPath(game._id)} className="feed-still__card" tabIndex={-1}>
        {icon ? (
          <img
            className="feed-still__icon"
            src={icon}
            alt=""
            width={144}
            height={144}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : null}
        <span className="feed-still__name">{game.name}</span>
        <span className="feed-still__play">
          <PlayIcon size={20} />
          Play
        </span>
      </Link>
    </div>
  );
}

/** SPEC.md §5: a description over 80 characters shows cut with an ellipsis, and the whole of it on a tap. */
function FeedDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const short = truncate(text, FEED_DESCRIPTION_MAX);
  if (short === text) return <p className="feed-game__description">{text}</p>;
  return (
    <button
      type="button"
      className={`feed-game__description feed-game__description--more${expanded ? " is-expanded" : ""}`}
      aria-expanded={expanded}
      onClick={() => setExpanded((open) => !open)}
    >
      {expanded ? text : short}
      <span className="visually-hidden">
        {expanded ? " (show less)" : " (show the whole description)"}
      </span>
    </button>
  );
}
