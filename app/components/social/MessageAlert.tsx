import { lazy, Suspense, useEffect } from "react";
import { retryImport } from "~/lib/retry-import";
import { useAccount } from "../AccountProvider";
import { useSocket } from "../SocketProvider";
import { useViewer } from "../root-data";
import { getOpenChat } from "./open-chat";
import "./MessageAlert.css";

// The alerts' own code comes with the first message to show (issue #36); the message is kept from the first moment.
const MessageAlertList = lazy(() =>
  retryImport(() => import("./MessageAlertList")).then((module) => ({
    default: module.MessageAlertList,
  })),
);

/**
 * SPEC.md §2/§4 message alert: a message from someone whose chat is not open shows who wrote and what, for 5 s (held
 * while the pointer or focus is on it). A tap opens that chat. The messages live in the popup store as message
 * notifications; clearing empties them. The live region is on the page from the start, so a screen reader reads an
 * alert put into it.
 */
export function MessageAlert() {
  const viewerId = useViewer()?._id ?? null;
  const { popup, dispatchPopup } = useAccount();
  const { subscribe } = useSocket();

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event !== "new_message") return;
        const { sender, sender_name, msg_id, content } = event.data;
        if (sender === viewerId || sender === getOpenChat()) return;
        dispatchPopup({
          type: "messageNotificationReceived",
          message: { msg_id, sender, sender_name, content },
        });
      }),
    [subscribe, viewerId, dispatchPopup],
  );

  const notifications = popup.messageNotifications;
  return (
    <div className="message-alerts" aria-live="polite">
      {notifications.length > 0 ? (
        <Suspense fallback={null}>
          <MessageAlertList notifications={notifications} />
        </Suspense>
      ) : null}
    </div>
  );
}
