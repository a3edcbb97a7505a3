import { Link } from "@remix-run/react";
import type { ChallengePlayer } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { LoginLink } from "../AccountProvider";
import {
  ChallengeFriends,
  type ChallengeOutcome,
} from "../challenge/ChallengeFriends";
import { SocialIcon, SwordsIcon } from "../icons";

/** Whom the player can challenge from the result page (its loader's `challenging`). */
export interface ChallengeOptions {
  friends: ChallengePlayer[];
  challengedIds: number[];
  limitLeft: number;
}

/** The result page's Challenge tab: dare the people you follow to beat the round (SPEC.md §2 Result). */
export function ResultChallengeTab({
  game,
  levels,
  yourScore,
  held,
  wallet,
  challenging,
  requestedId,
  outcome,
}: {
  game: { _id: number; name: string };
  levels: boolean;
  yourScore: number | null;
  held: boolean;
  /** The signed-in player's coins; null for a visitor. */
  wallet: number | null;
  challenging: ChallengeOptions | null;
  requestedId: number | null;
  outcome: ChallengeOutcome | undefined;
}) {
  return (
    <section
      className="challenge-friends"
      aria-labelledby="challenge-friends-title"
    >
      <h2 id="challenge-friends-title" className="challenge-friends__title">
        <SwordsIcon size={20} /> Challenge Friends
      </h2>
      <p className="challenge-friends__lead">
        {!held && yourScore !== null && yourScore > 0
          ? `Dare a friend to beat your ${levels ? "level" : "score"} of ${formatNumber(yourScore)}, with coins on the line.`
          : "Dare a friend to beat your score, with coins on the line."}
      </p>
      {wallet !== null && challenging ? (
        <ChallengeFriends
          game={game}
          friends={challenging.friends}
          challengedIds={challenging.challengedIds}
          score={yourScore}
          held={held}
          scoreLabel={(score) =>
            `${levels ? "level" : "score"} of ${formatNumber(score)}`
          }
          wallet={wallet}
          limitLeft={challenging.limitLeft}
          requestedId={requestedId}
          outcome={outcome}
        />
      ) : (
        <div className="challenge-friends__empty">
          <SocialIcon size={22} />
          <p>Log in to challenge the people you follow.</p>
          <LoginLink className="button button--ghost button--small" />
        </div>
      )}
      <Link
        to={`/detail/${game._id}`}
        className="button button--primary button--block"
      >
        Done
      </Link>
    </section>
  );
}
