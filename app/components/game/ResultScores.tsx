import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import { LoginLink } from "../AccountProvider";
import { EmptyState } from "../EmptyState";
import { ShieldIcon, TrophyIcon } from "../icons";

/** What the result page knows of the player's round: the score, a hold, the best and rank. */
export interface RoundOutcome {
  yourScore: number | null;
  review: string | null;
  held: boolean;
  highScore: number;
  rank: number | null;
  /** News only right after the round (the play screen's answer); a later visit shows the rank instead. */
  newBest: boolean;
}

/** The result hero's scores for a player (Your score, High score, a hold, the rank), or a login for a visitor. */
export function ResultScores({
  signedIn,
  outcome,
  value,
}: {
  signedIn: boolean;
  outcome: RoundOutcome;
  value: (score: number | null) => string;
}) {
  const { yourScore, review, held, highScore, rank, newBest } = outcome;
  if (!signedIn)
    return (
      <EmptyState
        title="Log in to keep your scores"
        className="result-hero__login"
      >
        <p>
          Your scores, your high score and your place on the leaderboard are
          saved when you play logged in.
        </p>
        <LoginLink className="button button--primary" />
      </EmptyState>
    );
  return (
    <>
      <dl className="result-scores">
        <div className="result-stat result-stat--own">
          <dt>Your score</dt>
          <dd data-testid="your-score">{value(yourScore)}</dd>
        </div>
        <div className="result-stat">
          <dt>High score</dt>
          <dd data-testid="high-score">{value(rank ? highScore : null)}</dd>
        </div>
      </dl>
      {held ? (
        <p className="result-hero__held" role="status">
          <ShieldIcon size={18} />
          <span>
            {review === "removed"
              ? FAIR_PLAY_MESSAGES.removed
              : FAIR_PLAY_MESSAGES.held}
          </span>
        </p>
      ) : null}
      {newBest ? (
        <p className="result-hero__badge">
          <TrophyIcon size={16} /> New high score
          {rank ? ` · #${rank} on the leaderboard` : ""}
        </p>
      ) : rank ? (
        <p className="result-hero__rank">You are #{rank} on the leaderboard</p>
      ) : yourScore === null ? (
        <p className="result-hero__rank">
          Play a round to get your first score.
        </p>
      ) : null}
    </>
  );
}
