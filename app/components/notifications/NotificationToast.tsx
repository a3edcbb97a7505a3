import { useMatches } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { NotificationView } from "#contract/coins";
import { retryImport } from "~/lib/retry-import";
import { shellModeOf } from "~/lib/viewer";
import { useSocket } from "../SocketProvider";
import "../social/MessageAlert.css";
import "./notification-row.css";
import "./NotificationToast.css";

// The toast's code comes with the first notification to show (issue #36); the notification is kept from the start.
const NotificationToastView = lazy(() =>
  retryImport(() => import("./NotificationToastView")).then((module) => ({
    default: module.NotificationToastView,
  })),
);

/**
 * A challenge accepted, settled or expired (the socket's `notification`): the latest shows briefly at the foot of the
 * screen, linking to the challenge. It waits out a game on screen. The bell keeps the count either way.
 */
export function NotificationToast() {
  const { subscribe } = useSocket();
  const immersive =
    shellModeOf(useMatches().map((match) => match.handle)) !== "default";
  const [latest, setLatest] = useState<NotificationView | null>(null);
  const done = useCallback(() => setLatest(null), []);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "notification") setLatest(event.data);
      }),
    [subscribe],
  );

  if (!latest || immersive) return null;
  return (
    <Suspense fallback={null}>
      <NotificationToastView latest={latest} onDone={done} />
    </Suspense>
  );
}
