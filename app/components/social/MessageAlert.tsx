import { Link } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import type { MessageNotification } from "#contract/types";
import { useAccount } from "../AccountProvider";
import { Avatar } from "../Avatar";
import { CloseIcon } from "../icons";
import { useSocket } from "../SocketProvider";
import { useViewer } from "../root-data";
import { ChatIcon } from "./icons";
import { getOpenChat, useOpenChat } from "./open-chat";
import "./MessageAlert.css";

/** SPEC.md §4/§9: the message alert hides this long after the latest message came in. */
const MESSAGE_ALERT_MS = 5_000;

/** At most this many senders are shown at once; each with their latest message. */
const SENDERS_SHOWN = 3;

/**
 * SPEC.md §2/§4 message alert: a message from someone whose chat is not open shows who wrote and what, for 5 s (held
 * while the pointer or focus is on it). A tap opens that chat. The messages live in the popup store as message
 * notifications; clearing empties them.
 */
export function MessageAlert() {
  const viewerId = useViewer()?._id ?? null;
  const { popup, dispatchPopup } = useAccount();
  const { subscribe } = useSocket();
  const openChat = useOpenChat();
  const [held, setHeld] = useState(false);

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
  useEffect(() => {
    if (notifications.length === 0 || held) return;
    const timer = window.setTimeout(
      () => dispatchPopup({ type: "messageNotificationsCleared" }),
      MESSAGE_ALERT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [notifications, held, dispatchPopup]);

  // The latest message of each sender, newest sender first; none for the chat that is open now.
  const shown = useMemo(() => {
    const bySender = new Map<
      number,
      { latest: MessageNotification; count: number }
    >();
    for (const notification of notifications) {
      if (notification.sender === openChat) continue;
      const seen = bySender.get(notification.sender);
      bySender.delete(notification.sender);
      bySender.set(notification.sender, {
        latest: notification,
        count: (seen?.count ?? 0) + 1,
      });
    }
    return [...bySender.values()].reverse().slice(0, SENDERS_SHOWN);
  }, [notifications, openChat]);

  const clear = () => {
    setHeld(false);
    dispatchPopup({ type: "messageNotificationsCleared" });
  };

  return (
    <div
      className="message-alerts"
      aria-live="polite"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {shown.map(({ latest, count }) => {
        const name = latest.sender_name || "A friend";
        return (
          <div
            key={latest.sender}
            className="message-alert"
            data-testid="message-alert"
          >
            <Link
              to={`/social?chat=${latest.sender}`}
              className="message-alert__link"
              onClick={clear}
            >
              <span className="message-alert__avatar">
                <Avatar person={{ name }} size={40} />
                <span className="message-alert__badge" aria-hidden="true">
                  <ChatIcon size={12} />
                </span>
              </span>
              <span className="message-alert__text">
                <span className="message-alert__name">
                  {name}
                  {count > 1 ? (
                    <span className="message-alert__count">
                      {" "}
                      · {count} new messages
                    </span>
                  ) : null}
                </span>
                <span className="message-alert__content">{latest.content}</span>
              </span>
            </Link>
            <button
              type="button"
              className="message-alert__close"
              aria-label="Dismiss"
              onClick={clear}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
