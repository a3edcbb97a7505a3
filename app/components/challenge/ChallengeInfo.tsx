import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { type ChallengeView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { Avatar } from "../Avatar";
import { CoinIcon, SwordsIcon } from "../icons";
import { outcomeText, sidesOf } from "./sides";
import "./ChallengeInfo.css";
// The status chips' stylesheet (challenge-status.css) ships with the shell's (app/styles/parts.css).

const challengePlayPath = (challenge: Pick<ChallengeView, "_id" | "game">) =>
  `/play/${challenge.game}?challengeId=${challenge._id}`;
const challengeResultPath = (challenge: Pick<ChallengeView, "_id" | "game">) =>
  `/result/${challenge.game}?challengeId=${challenge._id}`;

const STATUS_LABEL: Record<ChallengeView["status"], string> = {
  pending: "Waiting",
  accepted: "Accepted",
  settled: "Finished",
  expired: "Expired",
  declined: "Declined",
};

/** What the challenge forms' action answers: the new state and wallet, or a message to show. */
export type ChallengeFormAnswer =
  { intent: "accept" | "decline"; wallet: number } | { formError: string };

/**
 * A challenge as one of its players sees it (detail page with ?challengeId, /challenge/{id}): who, which game, the
 * score to beat, the bet and message, and what they can do next. Accepting holds the same bet and goes to play;
 * a failure's message shows in red under the info (SPEC.md §8). Accept and Decline post to /challenge/{id}'s action,
 * so they work without JavaScript too.
 */
export function ChallengeInfo({
  challenge,
  viewerId,
  headingLevel = 2,
  showOutcome = true,
  answered,
}: {
  challenge: ChallengeView;
  viewerId: number;
  headingLevel?: 1 | 2;
  /** Off where the head-to-head below says it already. */
  showOutcome?: boolean;
  /** The action's answer when the form was posted without JavaScript (the page rendered again with it). */
  answered?: ChallengeFormAnswer;
}) {
  const navigate = useNavigate();
  const fetcher = useFetcher<ChallengeFormAnswer>({
    key: `challenge-${challenge._id}`,
  });
  const answer = fetcher.data ?? answered;
  const error = answer && "formError" in answer ? answer.formError : null;
  const busy =
    fetcher.state === "idle" ? null : fetcher.formData?.get("intent");
  const received = challenge.to === viewerId;
  const { other, outcome } = sidesOf(challenge, viewerId);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const open =
    challenge.status === "pending" &&
    Date.parse(challenge.expires_dt) > Date.now();

  // Accepted: the round is next. Remix has reloaded the page data (the header's wallet holds the bet now).
  const accepted =
    fetcher.state === "idle" &&
    fetcher.data &&
    "intent" in fetcher.data &&
    fetcher.data.intent === "accept";
  useEffect(() => {
    if (accepted) navigate(challengePlayPath(challenge));
  }, [accepted, navigate, challenge]);

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
      <ChallengeFacts challenge={challenge} other={other} />
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
          <fetcher.Form
            method="post"
            action={`/challenge/${challenge._id}`}
            className="challenge-info__form"
          >
            <button
              type="submit"
              name="intent"
              value="accept"
              className="button button--primary"
              disabled={busy != null}
            >
              {busy === "accept" ? "Accepting…" : "Accept Challenge"}
            </button>
            <button
              type="submit"
              name="intent"
              value="decline"
              className="button button--ghost"
              disabled={busy != null}
            >
              {busy === "decline" ? "Declining…" : "Decline"}
            </button>
          </fetcher.Form>
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

/** The challenger (or the challenged), the game, the score to beat and the bet. */
function ChallengeFacts({
  challenge,
  other,
}: {
  challenge: ChallengeView;
  other: ReturnType<typeof sidesOf>["other"];
}) {
  const game = challenge.game_info[0];
  const levels = game.leaderboard_type === 2;
  return (
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
  );
}
