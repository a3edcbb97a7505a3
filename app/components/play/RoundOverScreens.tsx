import { useAccount } from "~/components/AccountProvider";
import { useKeepingVisitorRound } from "~/components/PendingRounds";
import { PRACTICE_NOTICE, VISITOR_ROUND_NOTE } from "~/lib/play";
import { RoundOver } from "./RoundOver";
import type { Phase } from "./round";

interface RoundOverScreensProps {
  phase: Phase;
  game: { _id: number; name: string };
  levels: boolean;
  signedIn: boolean;
  online: boolean;
  onPlayAgain: () => void;
}

/**
 * A round that ends on the play screen rather than on the result page: a practice round, a visitor's round (with
 * what signing up or logging in now does for it), or a player's round whose score was not saved.
 */
export function RoundOverScreens({
  phase,
  game,
  levels,
  signedIn,
  online,
  onPlayAgain,
}: RoundOverScreensProps) {
  const { openLogin, openSignUp } = useAccount();
  // Signed up or logged in from a visitor's round-over screen: its round is being kept, and its result follows.
  const keepingRound = useKeepingVisitorRound(
    signedIn && phase.name === "over" && phase.kept,
  );
  if (phase.name === "practice")
    return (
      <RoundOver
        id="practice-over"
        testId="practice-over"
        heading="Practice round over"
        score={phase.score}
        levels={levels}
        note={
          <p className="player__note">
            {online ? PRACTICE_NOTICE.overOnline : PRACTICE_NOTICE.over}
          </p>
        }
        onPlayAgain={onPlayAgain}
        game={game}
      />
    );
  if (phase.name !== "over" && phase.name !== "failed") return null;
  return (
    <RoundOver
      id="round-over"
      heading={
        phase.name === "failed" ? "Your score was not saved" : "Round over"
      }
      score={phase.score}
      levels={levels}
      note={
        phase.name === "failed" ? (
          <p className="player__note player__note--error" role="alert">
            {phase.message}
          </p>
        ) : keepingRound ? (
          <p className="player__note" role="status">
            {VISITOR_ROUND_NOTE.keeping}
          </p>
        ) : signedIn ? (
          <p className="player__note">{VISITOR_ROUND_NOTE.signedIn}</p>
        ) : phase.kept ? (
          <p className="player__note">{VISITOR_ROUND_NOTE.kept}</p>
        ) : (
          <p className="player__note">{VISITOR_ROUND_NOTE.notKept}</p>
        )
      }
      lead={
        phase.name !== "over" || signedIn ? undefined : phase.kept ? (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={openSignUp}
            >
              Sign up to keep it
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={openLogin}
            >
              Log in
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={openLogin}
          >
            Log in
          </button>
        )
      }
      onPlayAgain={onPlayAgain}
      game={game}
    />
  );
}
