import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  FRIEND_MATCH_TEXT,
  timeLeftText,
  type MatchInviteView,
  type MatchStart,
} from "#contract/friend-matches";
import { apiFetch, errorMessage } from "~/lib/api";
import { Avatar } from "../Avatar";
import { Modal } from "../Modal";
import { VersusIcon } from "../icons";
import { useSocket } from "../SocketProvider";
import { useGoToMatch } from "./useGoToMatch";
import { useTimeLeft } from "./useTimeLeft";
import "./MatchInviteDialog.css";

/**
 * A friend's invitation to a private match (`match_invite`, ADR 026), wherever the player is in the app: who, which
 * game, the time left, Accept and Decline. When the time runs out it says so. A rematch offer shows here too, except
 * on that match's summary, which shows it itself; nothing shows over a game being played.
 */
export function MatchInviteDialog() {
  const { subscribe } = useSocket();
  const { pathname } = useLocation();
  const [invite, setInvite] = useState<MatchInviteView | null>(null);
  const [closedAs, setClosedAs] = useState<string | null>(null);

  const shownCode = useRef<string | null>(null);
  shownCode.current = invite?.code ?? null;

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "match_invite") {
          setInvite(event.data);
          setClosedAs(null);
        } else if (
          event.event === "match_invite_answer" &&
          event.data.code === shownCode.current
        ) {
          // Cancelled by the inviter: say so. Taken or declined in another tab: nothing more to say here.
          if (event.data.status === "cancelled")
            setClosedAs(FRIEND_MATCH_TEXT.cancelled);
          else setInvite(null);
        }
      }),
    [subscribe],
  );

  if (!invite) return null;
  if (invite.kind === "rematch" && pathname === `/summary/${invite.resultId}`)
    return null;
  if (pathname === `/match/${invite.code}`) return null;
  // A round in play is not interrupted: the invitation shows (with its time left) once the player leaves the game.
  if (pathname.startsWith("/play/")) return null;
  return (
    <InviteDialog
      key={invite.code}
      invite={invite}
      closedAs={closedAs}
      onClose={() => setInvite(null)}
    />
  );
}

function InviteDialog({
  invite,
  closedAs,
  onClose,
}: {
  invite: MatchInviteView;
  closedAs: string | null;
  onClose: () => void;
}) {
  const left = useTimeLeft(invite.expiresAt);
  const goToMatch = useGoToMatch();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rematch = invite.kind === "rematch";
  const ended =
    closedAs ??
    (left === 0
      ? rematch
        ? FRIEND_MATCH_TEXT.rematchLapsed
        : FRIEND_MATCH_TEXT.expired
      : null);

  const answer = async (intent: "accept" | "decline") => {
    setBusy(true);
    setProblem(null);
    try {
      if (intent === "accept") {
        const match = await apiFetch<MatchStart>(
          `/api/friend-matches/${invite.code}/accept`,
          { method: "POST", json: {} },
        );
        onClose();
        goToMatch(match);
        return;
      }
      await apiFetch(`/api/friend-matches/${invite.code}/decline`, {
        method: "POST",
        json: {},
      });
      onClose();
    } catch (failure) {
      setProblem(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal
      labelledBy="match-invite-title"
      onClose={() => (ended ? onClose() : void answer("decline"))}
      className="match-invite"
    >
      <div className="match-invite__body" data-testid="match-invite">
        <div className="match-invite__who">
          <Avatar
            person={{
              name: invite.from.name,
              profile_img: invite.from.profile_pic,
            }}
            size={56}
          />
          <span className="match-invite__badge" aria-hidden="true">
            <VersusIcon size={18} />
          </span>
        </div>
        <h2 id="match-invite-title" className="match-invite__title">
          {ended ??
            (rematch
              ? `${invite.from.name} wants a rematch`
              : `${invite.from.name} invites you to play`)}
        </h2>
        <p className="match-invite__game">{invite.game.name}</p>
        {ended ? null : (
          <p className="match-invite__time" role="timer" aria-live="off">
            Time left <strong>{timeLeftText(left)}</strong>
          </p>
        )}
        {problem ? (
          <p className="match-invite__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="match-invite__actions">
          {ended ? (
            <button
              type="button"
              className="button button--primary"
              onClick={onClose}
            >
              OK
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                data-autofocus
                onClick={() => void answer("accept")}
              >
                Accept
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => void answer("decline")}
              >
                Decline
              </button>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
