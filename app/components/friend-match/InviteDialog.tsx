import { useState } from "react";
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
import { useGoToMatch } from "./useGoToMatch";
import { useTimeLeft } from "./useTimeLeft";
import "./MatchInviteDialog.css";

/** The invitation itself: who, which game, the time left, Accept and Decline. */
export function InviteDialog({
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
