import { Link } from "@remix-run/react";
import { PRACTICE_NOTICE } from "~/lib/play";
import type { Phase } from "./round";

interface PlayStatusProps {
  phase: Phase;
  game: { _id: number; name: string };
  levels: boolean;
  opponentName: string | null;
  /** The room counted this player as gone: the match went on without them. */
  selfLeft: boolean;
  /** The match's result, once the room has one. */
  resultId: number | null;
}

/** What covers the game while a round's end is on its way: the wait for the opponent, a match left, the saving. */
export function PlayStatus({
  phase,
  game,
  levels,
  opponentName,
  selfLeft,
  resultId,
}: PlayStatusProps) {
  return (
    <>
      {phase.name === "waitingOpponent" ? (
        <div className="player__overlay" role="status">
          <h2 className="player__heading">
            Waiting for {opponentName ?? "your opponent"} to finish…
          </h2>
          <p className="player__final">
            {levels ? "Level " : null}
            {phase.score}
          </p>
          <p className="player__note">
            Your score is in. The result shows as soon as the match is over.
          </p>
        </div>
      ) : null}
      {selfLeft ? (
        <div
          className="player__overlay"
          role="dialog"
          aria-labelledby="match-left"
          data-testid="self-left"
        >
          <h2 id="match-left" className="player__heading">
            The match went on without you
          </h2>
          <p className="player__note">
            You were away for more than 10 seconds, so you left the match.
            {resultId
              ? null
              : ` ${opponentName ?? "Your opponent"} is still playing; the result shows here when they finish.`}
          </p>
          <div className="player__actions">
            {resultId ? (
              <Link
                to={`/summary/${resultId}`}
                replace
                className="button button--primary"
              >
                See the result
              </Link>
            ) : null}
            <Link to={`/detail/${game._id}`} className="button button--ghost">
              Back to {game.name}
            </Link>
          </div>
        </div>
      ) : phase.name === "saving" ? (
        <div className="player__overlay" role="status">
          <h2 className="player__heading">Saving your score…</h2>
          <p className="player__final">
            {levels ? "Level " : null}
            {phase.score}
          </p>
          {phase.offline ? (
            <p className="player__note" data-testid="saving-offline">
              No connection right now. Your score is kept on this device and is
              sent as soon as you are back online.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** A practice round says so while it is on (ADR 018): nothing is sent, nothing counts. */
export function PracticeNotice({
  practice,
  phase,
  online,
}: {
  practice: boolean;
  phase: Phase;
  online: boolean;
}) {
  return practice &&
    (phase.name === "splash" ||
      phase.name === "starting" ||
      phase.name === "playing") ? (
    <p className="player__practice" data-testid="practice-notice">
      <strong>Practice round:</strong>{" "}
      {online ? PRACTICE_NOTICE.backOnline : PRACTICE_NOTICE.offline}
    </p>
  ) : null;
}
