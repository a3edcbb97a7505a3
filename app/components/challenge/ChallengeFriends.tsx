import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { COIN_MESSAGES, type ChallengePlayer } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import { Avatar } from "../Avatar";
import { InsufficientCoinsPopup } from "../coins/CoinPopups";
import { CheckIcon, ShieldIcon, SocialIcon, SwordsIcon } from "../icons";
import { useHydrated } from "../ActionForm";
import { ChallengeDialog } from "./ChallengeDialog";
import { PlainChallengeForm } from "./PlainChallengeForm";
import "./ChallengeFriends.css";

export interface ChallengeFriendsProps {
  game: { _id: number; name: string };
  friends: ChallengePlayer[];
  /** Friends with an open challenge from the player on this game: their button reads 'Challenged'. */
  challengedIds: number[];
  /** The player's latest score on the game, null before the first round. */
  score: number | null;
  /** True while that round is held for a fair-play review: it cannot be a challenge's score yet (ADR 032). */
  held?: boolean;
  scoreLabel: (score: number) => string;
  wallet: number;
  limitLeft: number;
  /** `?challenge={friendId}`: the friend whose challenge form is open (a link, so it works without JavaScript). */
  requestedId: number | null;
  /** The result page action's answer to a form posted without JavaScript. */
  outcome?: ChallengeOutcome | null;
}

/** What the page's own action answered: a challenge sent, or why not with what was typed. */
export type ChallengeOutcome =
  | { intent: "create"; challenge: { to: number } }
  | {
      formError: string;
      values: { bet_amount: string; message: string };
    };

/** SPEC.md §2 Result 'Challenge Friends': pick someone you follow, set a bet and a message, send. */
export function ChallengeFriends({
  game,
  friends,
  challengedIds,
  score,
  held = false,
  scoreLabel,
  wallet,
  limitLeft,
  requestedId,
  outcome,
}: ChallengeFriendsProps) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const requested =
    friends.find((friend) => friend._id === requestedId) ?? null;
  const sentBefore =
    outcome && "challenge" in outcome
      ? (friends.find((friend) => friend._id === outcome.challenge.to) ?? null)
      : null;
  const [challenged, setChallenged] = useState(() => new Set(challengedIds));
  const [picked, setPicked] = useState<ChallengePlayer | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(sentBefore?.name ?? null);
  // A page that arrived with `?challenge=` (a link followed before the page ran) opens that friend's dialog.
  useEffect(() => {
    if (requested && !sentBefore) setPicked(requested);
  }, [requested, sentBefore]);
  const linkTo = (friend: ChallengePlayer) => {
    const params = new URLSearchParams(searchParams);
    params.set("challenge", String(friend._id));
    return `?${params}#challenge`;
  };

  if (held) {
    return (
      <div className="challenge-friends__empty">
        <ShieldIcon size={22} />
        <p>{FAIR_PLAY_MESSAGES.heldChallenge}.</p>
      </div>
    );
  }
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
        {friends.map((friend) => (
          <ChallengeFriendRow
            key={friend._id}
            friend={friend}
            done={challenged.has(friend._id)}
            linkTo={linkTo(friend)}
            onPick={setPicked}
          />
        ))}
      </ul>
      {!hydrated && requested && !challenged.has(requested._id) ? (
        <PlainChallengeForm
          friend={requested}
          game={game}
          score={score}
          scoreLabel={scoreLabel(score)}
          wallet={wallet}
          limitLeft={limitLeft}
          problem={
            outcome && "formError" in outcome
              ? {
                  message: outcome.formError,
                  bet: outcome.values.bet_amount,
                  text: outcome.values.message,
                }
              : null
          }
        />
      ) : null}
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

/** Someone the player follows: Challenge (a link to the dialog, so it works before the page runs), or Challenged. */
function ChallengeFriendRow({
  friend,
  done,
  linkTo,
  onPick,
}: {
  friend: ChallengePlayer;
  done: boolean;
  linkTo: string;
  onPick: (friend: ChallengePlayer) => void;
}) {
  return (
    <li className="challenge-friend">
      <Avatar person={friend} size={44} />
      <span className="challenge-friend__name">{friend.name}</span>
      {done ? (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled
          aria-label={`${friend.name}: ${COIN_MESSAGES.challenged}`}
        >
          {COIN_MESSAGES.challenged}
        </button>
      ) : (
        <Link
          to={linkTo}
          preventScrollReset
          replace
          className="button button--primary button--small"
          aria-haspopup="dialog"
          aria-label={`Challenge ${friend.name}`}
          onClick={(event) => {
            event.preventDefault();
            onPick(friend);
          }}
        >
          Challenge
        </Link>
      )}
    </li>
  );
}
