import { Form } from "@remix-run/react";
import {
  CHALLENGE_MESSAGE_MAX,
  COIN_STEP,
  DAILY_CHALLENGE_LIMIT,
  type ChallengePlayer,
} from "#contract/coins";
import { formatNumber } from "#contract/format";
import { ChallengeHeader } from "./ChallengeDialog";

export interface PlainChallengeFormProps {
  friend: ChallengePlayer;
  game: { _id: number; name: string };
  score: number;
  scoreLabel: string;
  wallet: number;
  limitLeft: number;
  /** What the server said about the last try, with what was typed. */
  problem?: { message: string; bet: string; text: string } | null;
}

/**
 * The challenge form as the server draws it, for a page without JavaScript: the Challenge button is a link to
 * `?challenge={friendId}`, and this form posts to the result page's own action, which answers on the same page.
 * Once the page runs, the dialog (ChallengeDialog) takes its place.
 */
export function PlainChallengeForm({
  friend,
  game,
  score,
  scoreLabel,
  wallet,
  limitLeft,
  problem,
}: PlainChallengeFormProps) {
  return (
    <section
      className="card plain-challenge"
      id="challenge"
      aria-labelledby="plain-challenge-title"
    >
      <ChallengeHeader
        titleId="plain-challenge-title"
        friend={friend}
        gameName={game.name}
        scoreLabel={scoreLabel}
        level={3}
      />
      <Form method="post" className="challenge-dialog__form">
        <input type="hidden" name="game" value={game._id} />
        <input type="hidden" name="to" value={friend._id} />
        <input type="hidden" name="score" value={score} />
        <div className="field">
          <label htmlFor="plain-challenge-bet">Bet</label>
          <input
            id="plain-challenge-bet"
            name="bet_amount"
            type="number"
            inputMode="numeric"
            min={0}
            step={COIN_STEP}
            defaultValue={problem?.bet ?? "0"}
            aria-describedby="plain-challenge-bet-hint"
          />
          <p id="plain-challenge-bet-hint" className="challenge-dialog__hint">
            Wallet {formatNumber(wallet)} coins · today you can still bet{" "}
            {formatNumber(limitLeft)} of {formatNumber(DAILY_CHALLENGE_LIMIT)}
          </p>
        </div>
        <div className="field">
          <label htmlFor="plain-challenge-message">Message</label>
          <textarea
            id="plain-challenge-message"
            name="message"
            rows={3}
            maxLength={CHALLENGE_MESSAGE_MAX}
            placeholder={`Think you can beat ${formatNumber(score)}?`}
            defaultValue={problem?.text ?? ""}
          />
        </div>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem.message}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block button--large"
        >
          Send challenge
        </button>
      </Form>
    </section>
  );
}
