import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatRating } from "#contract/format";
import { playWithFriendPath } from "#contract/friend-matches";
import type { Game } from "#contract/types";
import { resolveMediaUrl } from "~/lib/media";
import { playPath } from "~/lib/navigation";
import {
  PlayIcon,
  SocialIcon,
  StarIcon,
  SwordsIcon,
  VersusIcon,
} from "../icons";
import { useMediaBase } from "../root-data";
import { LikeButton } from "./LikeButton";
import { SaveButton } from "./SaveButton";

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

/** What the hero's buttons open in place (each already past the login check). */
export interface HeroActions {
  onRate: () => void;
  onShare: () => void;
  onChallenge: () => void;
}

/** The detail page's top: the game's name, icon, publisher, video, rating and likes, then the ways to play. */
export function DetailHero({
  game,
  ratingCount,
  actions,
}: {
  game: Game;
  ratingCount: number | null | undefined;
  actions: HeroActions;
}) {
  const mediaBase = useMediaBase();
  const [showVideo, setShowVideo] = useState(false);
  const icon = resolveMediaUrl(game.icon, mediaBase);
  const video = resolveMediaUrl(game.video, mediaBase);
  const poster = resolveMediaUrl(game.poster, mediaBase) ?? icon;
  useEffect(() => setShowVideo(false), [game._id]);

  return (
    <section
      className="detail-hero detail-hero--full"
      aria-labelledby="game-title"
    >
      <h1 id="game-title" className="detail-hero__title">
        {game.name}
      </h1>
      <div className="detail-hero__icon">
        {icon ? (
          <img src={icon} alt={`${game.name} icon`} width={120} height={120} />
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
      <PlayLinks game={game} onChallenge={actions.onChallenge} />
      <HeroTools game={game} actions={actions} />
    </section>
  );
}

function PlayLinks({
  game,
  onChallenge,
}: {
  game: Game;
  onChallenge: () => void;
}) {
  return (
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
          onChallenge();
        }}
      >
        <SwordsIcon size={20} />
        Challenge
      </Link>
    </div>
  );
}

function HeroTools({ game, actions }: { game: Game; actions: HeroActions }) {
  const [searchParams] = useSearchParams();
  const withoutRate = new URLSearchParams(searchParams);
  withoutRate.delete("rate");
  return (
    <div className="detail-hero__tools">
      {/* Without JavaScript the Rate button asks for `?rate`, which shows the rate form on the page itself. */}
      <form
        method="get"
        style={{ display: "contents" }}
        onSubmit={(event) => {
          event.preventDefault();
          actions.onRate();
        }}
      >
        {[...withoutRate].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="rate" value="1" />
        <button type="submit" className="action-chip" aria-haspopup="dialog">
          <StarIcon size={18} filled={!!game.my_rating} />
          {game.my_rating ? `Rated ${game.my_rating}` : "Rate"}
        </button>
      </form>
      <SaveButton gameId={game._id} saved={game.is_saved} />
      <button
        type="button"
        className="action-chip"
        aria-haspopup="dialog"
        onClick={actions.onShare}
      >
        <ShareIcon />
        Share
      </button>
    </div>
  );
}
