import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { NotificationView } from "#contract/coins";
import { notificationHref } from "~/lib/notifications";
import { CloseIcon } from "../icons";
import { NotificationTypeIcon } from "./icons";

/** Shown as long as the message alert (SPEC.md §9: 5 s), held while the pointer or focus is on it. */
const NOTIFICATION_TOAST_MS = 5_000;

/** NotificationToast's toast, loaded with the first notification to show (issue #36). */
export function NotificationToastView({
  latest,
  onDone,
}: {
  latest: NotificationView;
  onDone: () => void;
}) {
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onDone, NOTIFICATION_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [latest, held, onDone]);

  const href = notificationHref(latest) ?? "/notifications";
  const clear = () => {
    setHeld(false);
    onDone();
  };
  return (
    <div
      className="notification-toast"
      role="status"
      aria-live="polite"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div
        key={latest._id}
        className="message-alert"
        data-testid="notification-toast"
      >
        <Link to={href} className="message-alert__link" onClick={clear}>
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
        <button
          type="button"
          className="message-alert__close"
          aria-label="Dismiss"
          onClick={clear}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    </div>
  );
}
