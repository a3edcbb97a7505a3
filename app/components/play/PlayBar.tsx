import { ClockIcon, CloseIcon } from "~/components/icons";
import { RECORDED_PLAYER, clockText } from "~/lib/play";
import type { Opponent } from "./useMatchMode";

interface PlayBarProps {
  gameName: string;
  /** Level games (leaderboard_type 2) report the level reached as their score. */
  levels: boolean;
  timed: boolean;
  /** The clock's figure, in seconds: time left when timed, time played otherwise. */
  clockSeconds: number;
  score: number;
  opponent: Opponent;
  opponentScore: number;
  /** The exit (x) button, once it is offered; a spacer keeps the bar's layout until then. */
  onExit: (() => void) | null;
}

/** The play screen's top bar: exit, the game's name or the opponent with their score, the clock and the live score. */
export function PlayBar({
  gameName,
  levels,
  timed,
  clockSeconds,
  score,
  opponent,
  opponentScore,
  onExit,
}: PlayBarProps) {
  const label = levels ? "Level" : "Score";
  return (
    <header className="player__bar">
      {onExit ? (
        <button
          type="button"
          className="icon-button player__exit"
          aria-label="Exit game"
          onClick={onExit}
        >
          <CloseIcon size={22} />
        </button>
      ) : (
        <span className="player__bar-spacer" aria-hidden="true" />
      )}
      {opponent ? (
        <div className="player__versus">
          <h1 className="visually-hidden">{gameName}</h1>
          <span className="player__opponent" data-testid="opponent-name">
            {opponent.left ? (
              <span className="player__left">Opponent left</span>
            ) : (
              <>
                <span className="player__vs">vs </span>
                <span className="player__opponent-name" title={opponent.name}>
                  {opponent.name}
                </span>
                {opponent.recorded ? (
                  <span
                    className="player__recorded"
                    data-testid="opponent-recorded"
                  >
                    {" "}
                    {RECORDED_PLAYER}
                  </span>
                ) : null}
              </>
            )}
          </span>
          <output
            className="player__score player__score--opponent"
            aria-label={`${opponent.name}'s ${label.toLowerCase()}`}
            data-testid="opponent-score"
          >
            {opponentScore}
          </output>
        </div>
      ) : (
        <h1 className="player__title">{gameName}</h1>
      )}
      <span
        className="player__clock"
        aria-label={timed ? "Time left" : "Time played"}
        data-testid="play-clock"
      >
        <ClockIcon size={16} />
        <span role="timer">{clockText(clockSeconds)}</span>
      </span>
      <output
        className="player__score"
        aria-label={label}
        data-testid="live-score"
      >
        {levels ? <span className="player__score-label">Level </span> : null}
        {score}
      </output>
    </header>
  );
}
