import { useEffect, useState } from "react";
import {
  FRIEND_MATCH_TEXT,
  REMATCH_TTL_MS,
  tallyText,
  timeLeftText,
  type MatchInviteView,
  type PairTally,
  type RematchAnswer,
} from "#contract/friend-matches";
import { apiFetch, errorMessage } from "~/lib/api";
import { VersusIcon } from "../icons";
import { useSocket } from "../SocketProvider";
import { useGoToMatch } from "./useGoToMatch";
import { useTimeLeft } from "./useTimeLeft";
import "./RematchPanel.css";

type Phase =
  | { name: "idle" }
  | { name: "asked"; invite: MatchInviteView }
  | { name: "offered"; invite: MatchInviteView }
  | { name: "over"; message: string };

/**
 * The rematch offer as this player sees it: idle, asked and waiting, offered by the other, or over (with why). Follows
 * the live `match_invite` and `match_invite_answer` events; asking, accepting and declining post to the friend-match
 * action, and a match that starts takes both players into its room.
 */
function useRematch({
  resultId,
  viewerId,
  opponent,
  offer,
  rematched,
  renderedAt,
}: {
  resultId: number;
  viewerId: number;
  opponent: string;
  offer: MatchInviteView | null;
  rematched: boolean;
  renderedAt: number;
}) {
  const { subscribe } = useSocket();
  const goToMatch = useGoToMatch();
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>(() =>
    rematched
      ? { name: "over", message: FRIEND_MATCH_TEXT.rematchDone }
      : offer
        ? {
            name: offer.from.id === viewerId ? "asked" : "offered",
            invite: offer,
          }
        : { name: "idle" },
  );
  const invite =
    phase.name === "asked" || phase.name === "offered" ? phase.invite : null;
  const left = useTimeLeft(invite?.expiresAt ?? null, renderedAt);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      subscribe((event) => {
        if (
          event.event === "match_invite" &&
          event.data.kind === "rematch" &&
          event.data.resultId === resultId
        ) {
          setProblem(null);
          setPhase({ name: "offered", invite: event.data });
        } else if (
          event.event === "match_invite_answer" &&
          event.data.code === invite?.code
        ) {
          if (event.data.match) goToMatch(event.data.match);
          else
            setPhase({
              name: "over",
              message:
                event.data.status === "declined"
                  ? `${opponent} declined the rematch`
                  : `${opponent} took the offer back`,
            });
        }
      }),
    [subscribe, resultId, invite?.code, goToMatch, opponent],
  );

  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiFetch<RematchAnswer>(
        "/api/friend-matches/rematch",
        { method: "POST", json: { resultId } },
      );
      if (answer.status === "matched") goToMatch(answer.match);
      else setPhase({ name: "asked", invite: answer.invite });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const decline = async (code: string) => {
    setBusy(true);
    try {
      await apiFetch(`/api/friend-matches/${code}/decline`, {
        method: "POST",
        json: {},
      });
      setPhase({ name: "idle" });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return {
    phase,
    left,
    lapsed: invite !== null && left === 0,
    busy,
    problem,
    ask,
    decline,
  };
}

/**
 * A match summary's Rematch, for its two players (ADR 026): the first to ask waits up to 15 s with a countdown while
 * the other sees the offer live; when the other accepts in time both play again in a new room with a new seed. Also
 * the pair's record against each other. Not for a match against a bot: there is nobody to ask.
 */
export function RematchPanel({
  tally,
  ...props
}: {
  resultId: number;
  viewerId: number;
  opponent: string;
  tally: PairTally;
  offer: MatchInviteView | null;
  rematched: boolean;
  /** The loader's time, so the countdown's first draw matches the server's HTML. */
  renderedAt: number;
}) {
  const { opponent } = props;
  const { phase, left, lapsed, busy, problem, ask, decline } =
    useRematch(props);

  return (
    <section
      className="rematch"
      aria-labelledby="rematch-title"
      data-testid="rematch"
    >
      <h2 id="rematch-title" className="rematch__title">
        You and {opponent}
      </h2>
      <p className="rematch__tally" data-testid="pair-tally">
        {tallyText(tally)}
      </p>
      {phase.name === "over" || lapsed ? (
        <RematchOver
          message={
            phase.name === "over"
              ? phase.message
              : FRIEND_MATCH_TEXT.rematchLapsed
          }
          busy={busy}
          onAsk={() => void ask()}
        />
      ) : phase.name === "asked" ? (
        <>
          <p className="rematch__status" role="status">
            Waiting for {opponent}… <Seconds left={left} />
          </p>
          <Bar left={left} />
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy}
            onClick={() => void decline(phase.invite.code)}
          >
            Cancel
          </button>
        </>
      ) : phase.name === "offered" ? (
        <RematchOffered
          opponent={opponent}
          left={left}
          busy={busy}
          onAccept={() => void ask()}
          onDecline={() => void decline(phase.invite.code)}
        />
      ) : (
        <>
          <button
            type="button"
            className="button button--primary button--large"
            disabled={busy}
            onClick={() => void ask()}
          >
            <VersusIcon size={20} /> Rematch
          </button>
          <p className="rematch__hint">
            {opponent} has 15 seconds to accept. You play again with a new
            start.
          </p>
        </>
      )}
      {problem ? (
        <p className="rematch__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function RematchOver({
  message,
  busy,
  onAsk,
}: {
  message: string;
  busy: boolean;
  onAsk: () => void;
}) {
  return (
    <>
      <p className="rematch__status" role="status">
        {message}
      </p>
      {message === FRIEND_MATCH_TEXT.rematchDone ? null : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={onAsk}
        >
          <VersusIcon size={18} /> Ask again
        </button>
      )}
    </>
  );
}

function RematchOffered({
  opponent,
  left,
  busy,
  onAccept,
  onDecline,
}: {
  opponent: string;
  left: number;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      <p className="rematch__status" role="status">
        {opponent} wants a rematch <Seconds left={left} />
      </p>
      <Bar left={left} />
      <div className="rematch__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onAccept}
        >
          <VersusIcon size={18} /> Accept rematch
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={onDecline}
        >
          Decline
        </button>
      </div>
    </>
  );
}

function Seconds({ left }: { left: number }) {
  return (
    <span className="rematch__seconds" data-testid="rematch-countdown">
      {timeLeftText(left)}
    </span>
  );
}

function Bar({ left }: { left: number }) {
  return (
    <span className="rematch__bar" aria-hidden="true">
      <span
        className="rematch__bar-fill"
        style={{ transform: `scaleX(${Math.min(1, left / REMATCH_TTL_MS)})` }}
      />
    </span>
  );
}
