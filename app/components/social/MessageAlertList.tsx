import { Link } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import type { MessageNotification } from "#contract/types";
import { useAccount } from "../AccountProvider";
import { Avatar } from "../Avatar";
import { DismissButton, useTimedPopup } from "../TimedPopup";
import { ChatIcon } from "./icons";
import { useOpenChat } from "./open-chat";

/** At most this many senders are shown at once; each with their latest message. */
const SENDERS_SHOWN = 3;

/**
 * The alerts themselves, inside MessageAlert's live region: loaded with the first message that needs one (issue #36),
 * while the message is already kept. Shown for 5 s after the latest, held while the pointer or focus is on them
 * (`useTimedPopup`).
 */
export function MessageAlertList({
  notifications,
}: {
  notifications: MessageNotification[];
}) {
  const { dispatchPopup } = useAccount();
  const openChat = useOpenChat();
  const { holdWhileOn, dismiss } = useTimedPopup(
    notifications.length > 0 ? notifications : null,
    useCallback(
      () => dispatchPopup({ type: "messageNotificationsCleared" }),
      [dispatchPopup],
    ),
  );

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

  return (
    <div className="message-alerts__list" {...holdWhileOn}>
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
              onClick={dismiss}
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
            <DismissButton onClick={dismiss} />
          </div>
        );
      })}
    </div>
  );
}
