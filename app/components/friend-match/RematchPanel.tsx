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
 * A match summary's Rematch, for its two players (ADR 026): the first to ask waits up to 15 s with a countdown while
 * the other sees the offer live; when the other accepts in time both play again in a new room with a new seed. Also
 * the pair's record against each other. Not for a match against a bot: there is nobody to ask.
 */
export function RematchPanel({
  resultId,
  viewerId,
  opponent,
  tally,
  offer,
  rematched,
  renderedAt,
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
  const { subscribe } = useSocket();
  const goToMatch = useGoToMatch();
  const [busy, setBusy] = useState(false);
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
  const lapsed = invite !== null && left === 0;

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

  let body;
  if (phase.name === "over" || lapsed) {
    const message =
      phase.name === "over" ? phase.message : FRIEND_MATCH_TEXT.rematchLapsed;
    body = (
      <>
        <p className="rematch__status" role="status">
          {message}
        </p>
        {message === FRIEND_MATCH_TEXT.rematchDone ? null : (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void ask()}
          >
            <VersusIcon size={18} /> Ask again
          </button>
        )}
      </>
    );
  } else if (phase.name === "asked") {
    body = (
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
    );
  } else if (phase.name === "offered") {
    body = (
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
            onClick={() => void ask()}
          >
            <VersusIcon size={18} /> Accept rematch
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void decline(phase.invite.code)}
          >
            Decline
          </button>
        </div>
      </>
    );
  } else {
    body = (
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
          {opponent} has 15 seconds to accept. You play again with a new start.
        </p>
      </>
    );
  }

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
      {body}
      {problem ? (
        <p className="rematch__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
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
