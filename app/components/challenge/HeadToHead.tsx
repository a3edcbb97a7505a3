import type { ChallengeView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { Avatar } from "../Avatar";
import { CoinIcon } from "../icons";
import { outcomeText, sidesOf } from "./sides";
import "./HeadToHead.css";

/** SPEC.md §2 Result with a challengeId: 'You' against the other player, both scores, and how it ended. */
export function HeadToHead({
  challenge,
  viewerId,
  viewerPerson,
  scoreText,
}: {
  challenge: ChallengeView;
  viewerId: number;
  viewerPerson: {
    name: string;
    profile_img: string | null;
    profile_pic?: string | null;
  };
  scoreText: (score: number | null) => string;
}) {
  const { other, own, theirs, outcome } = sidesOf(challenge, viewerId);
  return (
    <section
      className={`head-to-head${outcome ? ` head-to-head--${outcome}` : ""}`}
      aria-labelledby="head-to-head-title"
    >
      <h2 id="head-to-head-title" className="head-to-head__title">
        Challenge · <CoinIcon size={16} /> {formatNumber(challenge.bet_amount)}{" "}
        coins
      </h2>
      <div className="head-to-head__players">
        <div
          className={`head-to-head__player${outcome === "won" ? " is-winner" : ""}`}
        >
          <Avatar person={viewerPerson} size={56} />
          <span className="head-to-head__name">You</span>
          <span className="head-to-head__score" data-testid="h2h-own-score">
            {scoreText(own)}
          </span>
        </div>
        <span className="head-to-head__versus" aria-hidden="true">
          VS
        </span>
        <div
          className={`head-to-head__player${outcome === "lost" ? " is-winner" : ""}`}
        >
          <Avatar person={other} size={56} />
          <span className="head-to-head__name">{other.name}</span>
          <span className="head-to-head__score" data-testid="h2h-their-score">
            {scoreText(theirs)}
          </span>
        </div>
      </div>
      <p
        className="head-to-head__outcome"
        role="status"
        data-testid="challenge-outcome"
      >
        {outcome
          ? outcomeText(outcome, challenge.bet_amount)
          : challenge.status === "accepted"
            ? challenge.from === viewerId
              ? `${other.name} accepted: waiting for their score.`
              : "Your score is on its way to the challenge."
            : challenge.status === "pending"
              ? `Waiting for ${other.name} to accept.`
              : challenge.status === "expired"
                ? "This challenge expired: the bets went back to the wallets."
                : "This challenge was declined: the bet went back to the wallet."}
      </p>
    </section>
  );
}
