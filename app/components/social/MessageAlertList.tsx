import { Link } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import type { MessageNotification } from "#contract/types";
import { useAccount } from "../AccountProvider";
import { Avatar } from "../Avatar";
import { CloseIcon } from "../icons";
import { ChatIcon } from "./icons";
import { useOpenChat } from "./open-chat";

/** SPEC.md §4/§9: the message alert hides this long after the latest message came in. */
const MESSAGE_ALERT_MS = 5_000;

/** At most this many senders are shown at once; each with their latest message. */
const SENDERS_SHOWN = 3;

/**
 * The alerts themselves, inside MessageAlert's live region: loaded with the first message that needs one (issue #36),
 * while the message is already kept. Shown for 5 s after the latest, held while the pointer or focus is on them.
 */
export function MessageAlertList({
  notifications,
}: {
  notifications: MessageNotification[];
}) {
  const { dispatchPopup } = useAccount();
  const openChat = useOpenChat();
  const [held, setHeld] = useState(false);
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
      className="message-alerts__list"
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
