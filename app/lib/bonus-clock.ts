import { utcDayStart } from "#contract/coins";

/**
 * When the next daily bonus comes, and how to say it. Bonus days turn over at 00:00 UTC (contract/coins.ts `utcDay`),
 * the same moment everywhere; what differs is the hour that is on a player's clock, which only their browser knows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The next turn of the bonus day after `now`: the coming 00:00 UTC. */
export function nextBonusAt(now: number): number {
  return utcDayStart(now) + DAY_MS;
}

/** Time left as the popup and the shop say it: "5 h 12 min", "5 h", "12 min", "less than a minute". */
export function formatCountdown(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** How long until the countdown's text changes: the next whole minute of what is left (at least a second). */
export function countdownTickMs(ms: number): number {
  if (ms <= 0) return 1000;
  return Math.max(1000, (ms % MINUTE_MS) + 50);
}

export interface ZoneOptions {
  /** Defaults to the browser's language and time zone. */
  locale?: string;
  timeZone?: string;
}

/** The wall-clock time of `at` in a time zone, with the zone's name: "5:30 AM GMT+5:30", "02:00 CEST". */
export function localClockTime(
  at: number,
  { locale, timeZone }: ZoneOptions = {},
) {
  return new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}

/**
 * The next turn in the player's own time: "today at 5:30 AM GMT+5:30" or "tomorrow at 02:00 CEST". The turn is
 * always less than a day away, so it falls on the player's today or tomorrow.
 */
export function localTurnText(
  at: number,
  now: number,
  zone: ZoneOptions = {},
): string {
  const date = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: zone.timeZone,
  });
  const day = date.format(at) === date.format(now) ? "today" : "tomorrow";
  return `${day} at ${localClockTime(at, zone)}`;
}
