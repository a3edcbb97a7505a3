import { useFetcher } from "@remix-run/react";
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from "react";
import {
  CHALLENGE_MESSAGE_MAX,
  COIN_MESSAGES,
  COIN_STEP,
  DAILY_CHALLENGE_LIMIT,
  challengeFormProblem,
  stepBet,
  type ChallengePlayer,
  type ChallengeView,
} from "#contract/coins";
import { formatNumber } from "#contract/format";
import { Avatar } from "../Avatar";
import { FieldError } from "../FormFields";
import { Modal } from "../Modal";
import { CoinIcon } from "../icons";
import "./ChallengeDialog.css";

export interface ChallengeDialogProps {
  friend: ChallengePlayer;
  game: { _id: number; name: string };
  /** The challenger's latest score: what the friend has to beat. */
  score: number;
  scoreLabel: string;
  wallet: number;
  /** Coins the player can still put into challenges today. */
  limitLeft: number;
  onClose: () => void;
  onSent: (challenge: ChallengeView) => void;
  /** The bet is more than the wallet: the 'Insufficient Coins' popup. */
  onInsufficient: () => void;
}

/**
 * SPEC.md §5 challenge dialog: a bet in steps of 5 (never below 0; 'Please add coins' at 0), a message ('Please enter
 * message'), the wallet and what is left of today's limit. Sending posts the form to the /challenges action, which
 * holds the bet; Remix then reloads the page data, so the header shows the wallet the server answered.
 */
export function ChallengeDialog({
  friend,
  game,
  score,
  scoreLabel,
  wallet,
  limitLeft,
  onClose,
  onSent,
  onInsufficient,
}: ChallengeDialogProps) {
  const [bet, setBet] = useState(0);
  const [message, setMessage] = useState("");
  const [attempted, setAttempted] = useState(false);
  const fetcher = useFetcher<
    | { intent: "create"; challenge: ChallengeView; wallet: number }
    | { formError: string }
  >();
  const problem = challengeFormProblem({ bet, message, wallet, limitLeft });
  const shown =
    attempted && problem && problem.field !== "wallet" ? problem : null;
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = answer && "formError" in answer ? answer.formError : null;
  const sent = answer && "challenge" in answer ? answer.challenge : null;
  const short = failure === COIN_MESSAGES.insufficient;

  // Once per answer, whatever callbacks the parent renders with.
  const handlers = useRef({ onSent, onInsufficient });
  handlers.current = { onSent, onInsufficient };
  useEffect(() => {
    if (sent) handlers.current.onSent(sent);
    else if (short) handlers.current.onInsufficient();
  }, [sent, short]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setAttempted(true);
    if (busy || problem) event.preventDefault();
    if (busy) return;
    if (problem?.field === "wallet") onInsufficient();
  };

  const messageId = "challenge-message";
  return (
    <Modal
      labelledBy="challenge-dialog-title"
      onClose={onClose}
      className="challenge-dialog"
    >
      <ChallengeHeader
        titleId="challenge-dialog-title"
        friend={friend}
        gameName={game.name}
        scoreLabel={scoreLabel}
        className="modal__header"
      />
      <fetcher.Form
        method="post"
        action="/challenges"
        onSubmit={onSubmit}
        noValidate
        className="challenge-dialog__form"
      >
        <input type="hidden" name="game" value={game._id} />
        <input type="hidden" name="to" value={friend._id} />
        <input type="hidden" name="score" value={score} />
        <BetField
          bet={bet}
          setBet={setBet}
          wallet={wallet}
          limitLeft={limitLeft}
          error={shown?.field === "bet" ? shown.message : undefined}
        />
        <div
          className={
            shown?.field === "message" ? "field field--invalid" : "field"
          }
        >
          <label htmlFor={messageId}>Message</label>
          <textarea
            id={messageId}
            name="message"
            rows={3}
            maxLength={CHALLENGE_MESSAGE_MAX}
            placeholder={`Think you can beat ${formatNumber(score)}?`}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={shown?.field === "message" || undefined}
            aria-describedby={
              shown?.field === "message" ? `${messageId}-error` : undefined
            }
          />
          <FieldError
            id={`${messageId}-error`}
            message={shown?.field === "message" ? shown.message : undefined}
          />
        </div>
        {failure ? (
          <p className="alert alert--error" role="alert">
            {failure}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block button--large"
          disabled={busy}
        >
          {busy ? "Sending…" : "Send challenge"}
        </button>
      </fetcher.Form>
    </Modal>
  );
}

/** Who is challenged to beat what: the dialog's and the plain form's heading. */
export function ChallengeHeader({
  titleId,
  friend,
  gameName,
  scoreLabel,
  className,
  level = 2,
}: {
  titleId: string;
  friend: ChallengePlayer;
  gameName: string;
  scoreLabel: string;
  className?: string;
  /** The heading's level: 2 in the dialog, 3 inside the page's Challenge section. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <header
      className={[className, "challenge-dialog__header"]
        .filter(Boolean)
        .join(" ")}
    >
      <Avatar person={friend} size={56} />
      <div>
        <Heading id={titleId} className="modal__title">
          Challenge {friend.name}
        </Heading>
        <p className="modal__lead">
          {friend.name} has to beat your {scoreLabel} on {gameName}.
        </p>
      </div>
    </header>
  );
}

const betId = "challenge-bet";

/** The bet: a number field between − and + buttons that step by 5, with the wallet and today's limit under it. */
function BetField({
  bet,
  setBet,
  wallet,
  limitLeft,
  error,
}: {
  bet: number;
  setBet: Dispatch<SetStateAction<number>>;
  wallet: number;
  limitLeft: number;
  error: string | undefined;
}) {
  return (
    <div className={error !== undefined ? "field field--invalid" : "field"}>
      <label htmlFor={betId}>Bet</label>
      <div className="bet-stepper">
        <button
          type="button"
          className="bet-stepper__step"
          aria-label={`${COIN_STEP} coins less`}
          onClick={() => setBet((current) => stepBet(current, -1))}
          disabled={bet <= 0}
        >
          −
        </button>
        <div className="bet-stepper__value">
          <CoinIcon size={20} />
          <input
            id={betId}
            name="bet_amount"
            type="number"
            inputMode="numeric"
            min={0}
            step={COIN_STEP}
            value={bet}
            onChange={(event) =>
              setBet(Math.max(0, Math.floor(Number(event.target.value) || 0)))
            }
            onBlur={() =>
              setBet((current) =>
                Math.max(0, Math.round(current / COIN_STEP) * COIN_STEP),
              )
            }
            aria-invalid={error !== undefined || undefined}
            aria-describedby={`${betId}-hint${error !== undefined ? ` ${betId}-error` : ""}`}
            data-autofocus=""
          />
        </div>
        <button
          type="button"
          className="bet-stepper__step"
          aria-label={`${COIN_STEP} coins more`}
          onClick={() => setBet((current) => stepBet(current, 1))}
        >
          +
        </button>
      </div>
      <p id={`${betId}-hint`} className="challenge-dialog__hint">
        Wallet {formatNumber(wallet)} coins · today you can still bet{" "}
        {formatNumber(limitLeft)} of {formatNumber(DAILY_CHALLENGE_LIMIT)}
      </p>
      <FieldError id={`${betId}-error`} message={error} />
    </div>
  );
}
