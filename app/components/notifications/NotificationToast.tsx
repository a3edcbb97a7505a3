import { Link, useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { NotificationView } from "#contract/coins";
import { notificationHref } from "~/lib/notifications";
import { shellModeOf } from "~/lib/viewer";
import { CloseIcon } from "../icons";
import { useSocket } from "../SocketProvider";
import { NotificationTypeIcon } from "./icons";
import "../social/MessageAlert.css";
import "./notification-row.css";
import "./NotificationToast.css";

/** Shown as long as the message alert (SPEC.md §9: 5 s), held while the pointer or focus is on it. */
const NOTIFICATION_TOAST_MS = 5_000;

/**
 * A challenge accepted, settled or expired (the socket's `notification`): the latest shows briefly at the foot of the
 * screen, linking to the challenge. It waits out a game on screen. The bell keeps the count either way.
 */
export function NotificationToast() {
  const { subscribe } = useSocket();
  const immersive =
    shellModeOf(useMatches().map((match) => match.handle)) !== "default";
  const [latest, setLatest] = useState<NotificationView | null>(null);
  const [held, setHeld] = useState(false);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "notification") setLatest(event.data);
      }),
    [subscribe],
  );

  useEffect(() => {
    if (!latest || held || immersive) return;
    const timer = window.setTimeout(
      () => setLatest(null),
      NOTIFICATION_TOAST_MS,
    );
    return () => window.clearTimeout(timer);
  }, [latest, held, immersive]);

  if (!latest || immersive) return null;
  const href = notificationHref(latest) ?? "/notifications";
  const clear = () => {
    setHeld(false);
    setLatest(null);
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
