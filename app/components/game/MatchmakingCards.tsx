import { Link } from "@remix-run/react";
import { MATCHMAKING_WAIT_MS } from "#contract/protocol";
import { playPath } from "~/lib/navigation";
import { CountdownRing } from "../friend-match/CountdownRing";
import { MatchVersus, MatchVersusPlayer } from "../friend-match/MatchVersus";
import { PlayIcon, VersusIcon } from "../icons";
import type { MatchmakingPhase } from "./useMatchmaking";

/** 'Opponents not available': nobody came and no recorded player either, or the join failed (its message). */
export function NoOpponents({
  phase,
  gameId,
  onRetry,
}: {
  phase: Extract<MatchmakingPhase, { name: "none" | "failed" }>;
  gameId: number;
  onRetry: () => void;
}) {
  return (
    <div className="match-card" data-testid="no-opponents">
      <span className="match-card__badge" aria-hidden="true">
        <VersusIcon size={30} />
      </span>
      <h1 className="match-card__title">Opponents not available</h1>
      <p
        className="match-card__text"
        role={phase.name === "failed" ? "alert" : undefined}
      >
        {phase.name === "failed"
          ? phase.message
          : "Nobody is playing right now. Try again in a moment, or play solo."}
      </p>
      <div className="match-card__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onRetry}
        >
          Retry
        </button>
        <PlayLink gameId={gameId} ghost />
      </div>
    </div>
  );
}

/** The wait: You against an opponent still unknown, the 10 s countdown, then who was found. */
export function SearchingCard({
  phase,
  now,
  viewer,
  onQuit,
}: {
  phase: MatchmakingPhase;
  now: number;
  viewer: { name: string; profile_img?: string | null };
  onQuit: () => void;
}) {
  const secondsLeft =
    phase.name === "searching"
      ? Math.min(
          MATCHMAKING_WAIT_MS / 1000,
          Math.max(0, Math.ceil((phase.expiresAt - now) / 1000)),
        )
      : 0;
  const progress =
    phase.name === "searching"
      ? Math.min(1, Math.max(0, (phase.expiresAt - now) / MATCHMAKING_WAIT_MS))
      : 0;
  const opponent = phase.name === "matched" ? phase.opponent : null;
  return (
    <div className="match-card" aria-live="polite">
      <h1 className="match-card__title">
        {phase.name === "matched" ? "Opponent found!" : "Waiting for opponents"}
      </h1>
      <MatchVersus>
        <MatchVersusPlayer person={viewer} label="You" />
        <CountdownRing
          progress={progress}
          label="Seconds left"
          testId="countdown"
        >
          {phase.name === "searching" ? secondsLeft : <VersusIcon size={22} />}
        </CountdownRing>
        <MatchVersusPlayer
          person={
            opponent
              ? { name: opponent.user_name, profile_img: opponent.profile_pic }
              : null
          }
          label={opponent ? opponent.user_name : "Opponent"}
        />
      </MatchVersus>
      <p className="match-card__text">
        {phase.name === "matched"
          ? "Get ready…"
          : phase.name === "bot"
            ? "Nobody came: finding a recorded player for you."
            : "Searching..."}
      </p>
      <div className="match-card__actions">
        <button type="button" className="button button--ghost" onClick={onQuit}>
          Quit
        </button>
      </div>
    </div>
  );
}

export function PlayLink({
  gameId,
  ghost = false,
}: {
  gameId: number;
  ghost?: boolean;
}) {
  return (
    <Link
      to={playPath(gameId)}
      className={ghost ? "button button--ghost" : "button button--primary"}
    >
      <PlayIcon size={18} /> Play solo
    </Link>
  );
}
