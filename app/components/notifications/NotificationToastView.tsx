import { Link } from "@remix-run/react";
import type { NotificationView } from "#contract/coins";
import { notificationHref } from "~/lib/notifications";
import { DismissButton, useTimedPopup } from "../TimedPopup";
import { NotificationTypeIcon } from "./icons";

/**
 * NotificationToast's toast, loaded with the first notification to show (issue #36): shown as long as the message
 * alert (SPEC.md §9: 5 s), held while the pointer or focus is on it.
 */
export function NotificationToastView({
  latest,
  onDone,
}: {
  latest: NotificationView;
  onDone: () => void;
}) {
  const { holdWhileOn, dismiss } = useTimedPopup(latest, onDone);
  const href = notificationHref(latest) ?? "/notifications";
  return (
    <div
      className="notification-toast"
      role="status"
      aria-live="polite"
      {...holdWhileOn}
    >
      <div
        key={latest._id}
        className="message-alert"
        data-testid="notification-toast"
      >
        <Link to={href} className="message-alert__link" onClick={dismiss}>
          <span
            className={`notification-row__icon notification-row__icon--${latest.type}`}
            aria-hidden="true"
          >
            <NotificationTypeIcon type={latest.type} size={20} />
          </span>
          <span className="message-alert__text">
            <span className="message-alert__content">{latest.content}</span>
          </span>
        </Link>
        <DismissButton onClick={dismiss} />
      </div>
    </div>
  );
}
