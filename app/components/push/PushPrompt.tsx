import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useViewer } from "../root-data";
import { useSocket } from "../SocketProvider";
import { retryImport } from "~/lib/retry-import";
import { promptDismissed, pushSupported } from "~/lib/push-support";
import "./PushPrompt.css";

// Subscribing and the question come when they are needed (issue #36): most page loads need neither.
const loadPush = () => retryImport(() => import("~/lib/push"));
const PushQuestion = lazy(() =>
  retryImport(() => import("./PushQuestion")).then((module) => ({
    default: module.PushQuestion,
  })),
);

/**
 * Asks, in the app and only once, whether challenges, invitations and messages may come as notifications while the
 * app is closed (ADR 029). Never on a first visit: the question comes after the player's first challenge or message
 * in this browser. "Allow" asks the browser, then subscribes this device; "Not now" is remembered. A device already
 * allowed is kept subscribed for whoever is signed in, and one nobody is signed in on stops getting pushes.
 */
export function PushPrompt() {
  const viewerId = useViewer()?._id ?? null;
  const { subscribe } = useSocket();
  const [open, setOpen] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    // Without the browser's permission this device has no subscription to keep or to end.
    if (!pushSupported() || Notification.permission !== "granted") return;
    loadPush()
      .then(async (push) => {
        if (viewerId === null) await push.forgetThisDevice();
        else await push.subscribeThisDevice(viewerId);
      })
      .catch((error: unknown) =>
        console.warn("keeping this device's push subscription failed", error),
      );
  }, [viewerId]);

  useEffect(() => {
    if (viewerId === null) return;
    return subscribe((event) => {
      if (event.event !== "new_challenge" && event.event !== "new_message")
        return;
      if (asked.current || !pushSupported() || promptDismissed()) return;
      if (Notification.permission !== "default") return;
      asked.current = true;
      void loadPush()
        .then((push) => push.workerRegistration())
        .then(
          (registration) => {
            if (registration) setOpen(true);
          },
          // The code did not come: the next challenge or message asks again.
          () => (asked.current = false),
        );
    });
  }, [subscribe, viewerId]);

  if (!open || viewerId === null) return null;
  return (
    <Suspense fallback={null}>
      <PushQuestion viewerId={viewerId} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
