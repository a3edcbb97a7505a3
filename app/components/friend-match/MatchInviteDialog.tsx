import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  FRIEND_MATCH_TEXT,
  type MatchInviteView,
} from "#contract/friend-matches";
import { retryImport } from "~/lib/retry-import";
import { useSocket } from "../SocketProvider";

// The dialog's code loads when an invitation arrives (issue #36); one that shows a moment later reads the same.
const InviteDialog = lazy(() =>
  retryImport(() => import("./InviteDialog")).then((module) => ({
    default: module.InviteDialog,
  })),
);

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
    <Suspense fallback={null}>
      <InviteDialog
        key={invite.code}
        invite={invite}
        closedAs={closedAs}
        onClose={() => setInvite(null)}
      />
    </Suspense>
  );
}
