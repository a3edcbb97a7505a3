import { Link, useLocation } from "@remix-run/react";
import { unreadBadge } from "~/lib/notifications";
import { BellIcon } from "./icons";
import { useNotifications } from "./NotificationsProvider";
import "./NotificationBell.css";

/** The header bell: the unread count as a badge, a link to /notifications. */
export function NotificationBell() {
  const { unread } = useNotifications();
  const badge = unreadBadge(unread);
  const here = useLocation().pathname === "/notifications";
  return (
    <Link
      to="/notifications"
      className="notification-bell"
      aria-label={badge ? `Notifications, ${unread} unread` : "Notifications"}
      aria-current={here ? "page" : undefined}
      data-testid="notification-bell"
    >
      <BellIcon size={22} />
      {badge ? (
        <span
          className="count-badge notification-bell__badge"
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
