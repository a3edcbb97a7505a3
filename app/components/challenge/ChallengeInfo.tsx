import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import { type ChallengeView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { Avatar } from "../Avatar";
import { CoinIcon, SwordsIcon } from "../icons";
import { outcomeText, sidesOf } from "./HeadToHead";
import "./ChallengeInfo.css";
import "./challenge-status.css";

export const challengePlayPath = (
  challenge: Pick<ChallengeView, "_id" | "game">,
) => `/play/${challenge.game}?challengeId=${challenge._id}`;
export const challengeResultPath = (
  challenge: Pick<ChallengeView, "_id" | "game">,
) => `/result/${challenge.game}?challengeId=${challenge._id}`;

const STATUS_LABEL: Record<ChallengeView["status"], string> = {
  pending: "Waiting",
  accepted: "Accepted",
  settled: "Finished",
  expired: "Expired",
  declined: "Declined",
};

/**
 * A challenge as one of its players sees it (detail page with ?challengeId, /challenge/{id}): who, which game, the
 * score to beat, the bet and message, and what they can do next. Accepting holds the same bet and goes to play;
 * a failure's message shows in red under the info (SPEC.md §8).
 */
export function ChallengeInfo({
  challenge,
  viewerId,
  headingLevel = 2,
  showOutcome = true,
}: {
  challenge: ChallengeView;
  viewerId: number;
  headingLevel?: 1 | 2;
  /** Off where the head-to-head below says it already. */
  showOutcome?: boolean;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const received = challenge.to === viewerId;
  const { other, outcome } = sidesOf(challenge, viewerId);
  const game = challenge.game_info[0];
  const levels = game.leaderboard_type === 2;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const open =
    challenge.status === "pending" &&
    Date.parse(challenge.expires_dt) > Date.now();

  const act = async (action: "accept" | "decline") => {
    setBusy(action);
    setError(null);
    try {
      await apiFetch(`/api/challenge/${action}/${challenge._id}`, {
        method: "POST",
        json: {},
      });
      if (action === "accept") {
        // The header's balance follows; then the round.
        revalidator.revalidate();
        navigate(challengePlayPath(challenge));
      } else {
        revalidator.revalidate();
        setBusy(null);
      }
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(null);
    }
  };

  return (
    <section
      className="card challenge-info"
      aria-labelledby={`challenge-${challenge._id}-title`}
    >
      <div className="challenge-info__head">
        <Heading
          id={`challenge-${challenge._id}-title`}
          className="card__title challenge-info__title"
        >
          <SwordsIcon size={18} />
          <span>
            {received
              ? `${other.name} challenged you`
              : `You challenged ${other.name}`}
          </span>
        </Heading>
        <span
          className={`challenge-status challenge-status--${challenge.status}`}
        >
          {STATUS_LABEL[challenge.status]}
        </span>
      </div>
      <div className="challenge-info__body">
        <Avatar person={other} size={48} />
        <dl className="challenge-info__facts">
          <div>
            <dt>Game</dt>
            <dd>{game.name}</dd>
          </div>
          <div>
            <dt>{levels ? "Level to beat" : "Score to beat"}</dt>
            <dd>{formatNumber(challenge.score)}</dd>
          </div>
          <div>
            <dt>Bet</dt>
            <dd className="challenge-info__bet">
              <CoinIcon size={14} /> {formatNumber(challenge.bet_amount)}
            </dd>
          </div>
        </dl>
      </div>
      <blockquote className="challenge-info__message">
        “{challenge.message}”
      </blockquote>
      {error ? (
        <p className="challenge-info__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="challenge-info__actions">
        {received && open ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              onClick={() => act("accept")}
            >
              {busy === "accept" ? "Accepting…" : "Accept Challenge"}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy !== null}
              onClick={() => act("decline")}
            >
              {busy === "decline" ? "Declining…" : "Decline"}
            </button>
          </>
        ) : null}
        {received && challenge.status === "accepted" ? (
          <Link
            to={challengePlayPath(challenge)}
            className="button button--primary"
          >
            <SwordsIcon size={16} /> Play the challenge
          </Link>
        ) : null}
        {outcome ? (
          <>
            {showOutcome ? (
              <p className="challenge-info__outcome">
                {outcomeText(outcome, challenge.bet_amount)}
              </p>
            ) : null}
            <Link
              to={challengeResultPath(challenge)}
              className="button button--ghost"
            >
              See the result
            </Link>
          </>
        ) : null}
        {!received && challenge.status === "pending" ? (
          <p className="challenge-info__note">
            Waiting for {other.name} to accept.
          </p>
        ) : null}
        {!received && challenge.status === "accepted" ? (
          <p className="challenge-info__note">
            {other.name} accepted and is playing.
          </p>
        ) : null}
        {challenge.status === "expired" ? (
          <p className="challenge-info__note">
            Nobody played it in time: the bets went back.
          </p>
        ) : null}
        {challenge.status === "declined" ? (
          <p className="challenge-info__note">
            Declined: the bet went back to the challenger.
          </p>
        ) : null}
      </div>
    </section>
  );
}
