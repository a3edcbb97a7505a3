import type { NotificationView } from "#contract/coins";
import { formatDay } from "#contract/format";

/** Where a notification leads: a tournament prize to its game, every challenge notification to its challenge. */
export function notificationHref(
  notification: NotificationView,
): string | null {
  if (notification.type === "tournament_prize") {
    const gameId = notification.notification_data?.gameId;
    return typeof gameId === "number" && gameId > 0
      ? `/detail/${gameId}`
      : null;
  }
  const id = notification.notification_data?.challengeId;
  return typeof id === "number" && id > 0 ? `/challenge/${id}` : null;
}

/** The badge text for an unread count: nothing at 0, 99+ above 99. */
export function unreadBadge(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 99 ? "99+" : String(Math.trunc(count));
}

/** Both lists together, each notification once (the later copy wins), newest first (ids grow with time). */
export function mergeNotifications(
  current: readonly NotificationView[],
  incoming: readonly NotificationView[],
): NotificationView[] {
  const byId = new Map<number, NotificationView>();
  for (const notification of current) byId.set(notification._id, notification);
  for (const notification of incoming) byId.set(notification._id, notification);
  return [...byId.values()].sort((a, b) => b._id - a._id);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short age for a list: 'Just now', '5 min ago', '3 h ago', '2 d ago', then the date ('21 Nov 2026', UTC so the
 * server and the browser render the same text). Anything not a time gives an empty string.
 */
export function timeAgo(value: string, now: number): string {
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return "";
  const age = Math.max(0, now - time);
  if (age < MINUTE) return "Just now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} d ago`;
  return formatDay(time);
}
