import { Link } from "@remix-run/react";
import { useState } from "react";
import { COIN_MESSAGES, type ChallengePlayer } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { Avatar } from "../Avatar";
import { InsufficientCoinsPopup } from "../coins/CoinPopups";
import { CheckIcon, SocialIcon, SwordsIcon } from "../icons";
import { ChallengeDialog } from "./ChallengeDialog";
import "./ChallengeFriends.css";

export interface ChallengeFriendsProps {
  game: { _id: number; name: string };
  friends: ChallengePlayer[];
  /** Friends with an open challenge from the player on this game: their button reads 'Challenged'. */
  challengedIds: number[];
  /** The player's latest score on the game, null before the first round. */
  score: number | null;
  scoreLabel: (score: number) => string;
  wallet: number;
  limitLeft: number;
}

/** SPEC.md §2 Result 'Challenge Friends': pick someone you follow, set a bet and a message, send. */
export function ChallengeFriends({
  game,
  friends,
  challengedIds,
  score,
  scoreLabel,
  wallet,
  limitLeft,
}: ChallengeFriendsProps) {
  const [challenged, setChallenged] = useState(() => new Set(challengedIds));
  const [picked, setPicked] = useState<ChallengePlayer | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (score === null) {
    return (
      <div className="challenge-friends__empty">
        <SwordsIcon size={22} />
        <p>
          Play a round first: your score is what your friends will have to beat.
        </p>
      </div>
    );
  }
  if (friends.length === 0) {
    return (
      <div className="challenge-friends__empty">
        <SocialIcon size={22} />
        <p>
          Follow people to challenge them. The people you follow appear here.
        </p>
        <Link to="/social" className="button button--ghost button--small">
          Find people
        </Link>
      </div>
    );
  }
  return (
    <>
      {sentTo ? (
        <p
          className="alert alert--success challenge-friends__sent"
          role="status"
        >
          <CheckIcon size={16} /> Challenge sent to {sentTo}.
        </p>
      ) : null}
      <ul className="challenge-friends__people" aria-label="People you follow">
        {friends.map((friend) => {
          const done = challenged.has(friend._id);
          return (
            <li key={friend._id} className="challenge-friend">
              <Avatar person={friend} size={44} />
              <span className="challenge-friend__name">{friend.name}</span>
              <button
                type="button"
                className={
                  done
                    ? "button button--ghost button--small"
                    : "button button--primary button--small"
                }
                disabled={done}
                aria-haspopup="dialog"
                aria-label={
                  done
                    ? `${friend.name}: ${COIN_MESSAGES.challenged}`
                    : `Challenge ${friend.name}`
                }
                onClick={() => setPicked(friend)}
              >
                {done ? COIN_MESSAGES.challenged : "Challenge"}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="challenge-friends__wallet">
        Your wallet: <strong>{formatNumber(wallet)}</strong> coins
      </p>
      {picked ? (
        <ChallengeDialog
          friend={picked}
          game={game}
          score={score}
          scoreLabel={scoreLabel(score)}
          wallet={wallet}
          limitLeft={limitLeft}
          onClose={() => setPicked(null)}
          onInsufficient={() => {
            setPicked(null);
            setInsufficient(true);
          }}
          onSent={() => {
            setChallenged((current) => new Set(current).add(picked._id));
            setSentTo(picked.name);
            setPicked(null);
          }}
        />
      ) : null}
      {insufficient ? (
        <InsufficientCoinsPopup onClose={() => setInsufficient(false)} />
      ) : null}
    </>
  );
}
