import {
  BONUS_CLOSED,
  BONUS_COLLECTED,
  BONUS_PENDING,
  utcDay,
  type DailyBonusStatus,
} from "#contract/coins";
import { browserStorage, type KeyValueStorage } from "./user-store";

/**
 * What the browser keeps about coins: the day a player closed the daily bonus without collecting it (SPEC.md §4
 * status closed, 2), which only this browser needs to know. The wallet on screen always comes from the server.
 */

/** Per user id, the UTC day (YYYY-MM-DD) on which they last closed the daily bonus popup. */
export const BONUS_CLOSED_STORAGE_KEY = "dailyBonusClosed";

function readClosedDays(
  storage: KeyValueStorage | null,
): Record<string, string> {
  const raw = storage?.getItem(BONUS_CLOSED_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Any player, for a browser where the popup should stay away all day: the browser tests set it so the popup never
 * covers the screens they are about, and opt out of it where the daily bonus is what they test.
 */
export const EVERY_PLAYER = "*";

/** Whether this player closed the daily bonus today (UTC): then it stays away until the next day. */
export function bonusClosedToday(
  userId: number,
  now: number,
  storage: KeyValueStorage | null = browserStorage(),
): boolean {
  const days = readClosedDays(storage);
  const today = utcDay(now);
  return days[String(userId)] === today || days[EVERY_PLAYER] === today;
}

/** The player closed the popup without collecting: remember it for today. */
export function storeBonusClosed(
  userId: number,
  now: number,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  const days = readClosedDays(storage);
  days[String(userId)] = utcDay(now);
  try {
    storage?.setItem(BONUS_CLOSED_STORAGE_KEY, JSON.stringify(days));
  } catch {
    // Blocked storage: the popup may come back on the next page load today, which is all it costs.
  }
}

/**
 * SPEC.md §4 daily bonus status as this browser sees it today: the server's pending or collected, and closed when the
 * player dismissed a pending bonus here today.
 */
export function dailyBonusStatusOf(
  serverStatus: number,
  closedToday: boolean,
): DailyBonusStatus {
  if (serverStatus === BONUS_COLLECTED) return BONUS_COLLECTED;
  return closedToday || serverStatus === BONUS_CLOSED
    ? BONUS_CLOSED
    : BONUS_PENDING;
}

/** SPEC.md §4: the popup shows when login_day >= 0 and the status is pending. */
export function shouldOfferDailyBonus(
  viewer: { login_day: number; daily_bonus_status?: number } | null,
  closedToday: boolean,
): boolean {
  if (!viewer || viewer.login_day < 0) return false;
  return (
    dailyBonusStatusOf(
      viewer.daily_bonus_status ?? BONUS_PENDING,
      closedToday,
    ) === BONUS_PENDING
  );
}
