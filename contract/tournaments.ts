import { z } from "zod";
import { formatDay } from "./format";
import type { HighScore, LeaderboardEntry } from "./scores";

/**
 * Daily and weekly tournaments (ADR 027): every game's board of verified rounds per period, its prizes and the
 * period boundaries, shared by the Worker (which writes and closes boards) and the pages (which count down).
 */

export const PERIODS = ["daily", "weekly"] as const;
export type Period = (typeof PERIODS)[number];

/** Coins the house pays the first, second and third of a closed board. */
export const PRIZES: Record<Period, readonly [number, number, number]> = {
  daily: [100, 50, 25],
  weekly: [500, 250, 100],
};

/** A board with fewer players pays nobody when it closes. */
export const MIN_TOURNAMENT_PLAYERS = 10;

/**
 * A period board counts exact ranks this far down (ADR 027): a rank is a count over the board's index, so this bounds
 * the rows one read costs. Below it the board says the player is past it.
 */
export const PERIOD_RANK_LIMIT = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first millisecond of the period holding `now`: 00:00 UTC that day, or 00:00 UTC on that week's Monday. */
export function periodStart(period: Period, now: number): number {
  const date = new Date(now);
  const day = Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
  );
  if (period === "daily") return day;
  // getUTCDay: Sunday 0 … Saturday 6; Monday starts the week.
  return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
}

/** The first millisecond after the period that starts at `start`. */
export const periodEnd = (period: Period, start: number): number =>
  start + (period === "daily" ? DAY_MS : 7 * DAY_MS);

/** The start of the period before the one starting at `start`. */
export const previousPeriodStart = (period: Period, start: number): number =>
  start - (period === "daily" ? DAY_MS : 7 * DAY_MS);

/** "1st", "2nd", "3rd". */
export const ordinal = (place: number): string =>
  `${place}${place === 1 ? "st" : place === 2 ? "nd" : place === 3 ? "rd" : "th"}`;

/** How a closed period is named in a sentence: "the daily tournament of 25 Nov 2026", "the weekly … of 23 Nov 2026". */
export const periodName = (period: Period, start: number): string =>
  period === "daily"
    ? `daily tournament of ${formatDay(start)}`
    : `weekly tournament (week of ${formatDay(start)})`;

/** The notification a winner gets, e.g. "You placed 1st in the Neon Snake daily tournament of 25 Nov 2026: +100 coins". */
export const prizeMessage = (
  place: number,
  gameName: string,
  period: Period,
  start: number,
  coins: number,
): string =>
  `You placed ${ordinal(place)} in the ${gameName} ${periodName(period, start)}: +${coins} coins`;

/** "3 h 12 min", "12 min 5 s", "2 d 4 h": what is left of a period, for its board. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min ${seconds % 60} s`;
}

/** GET /api/tournaments/{gameId}?period=daily|weekly. */
export const TournamentQuerySchema = z.object({
  period: z.enum(PERIODS, { error: "period must be daily or weekly" }),
});

/** A winner of a closed board. */
export interface TournamentWinner {
  place: number;
  player_id: number;
  name: string;
  score: number;
  prize: number;
}

/** A game's board for the current period, with last period's result. */
export interface TournamentBoard {
  period: Period;
  /** ISO times of the current period's start and end (the end is the next period's start). */
  starts_at: string;
  ends_at: string;
  /** Prizes for 1st, 2nd and 3rd, and the players a board needs for them. */
  prizes: readonly number[];
  min_players: number;
  /** Players on the board so far, counted up to PERIOD_RANK_LIMIT. */
  players: number;
  entries: LeaderboardEntry[];
  /**
   * The signed-in caller's best this period and rank; rank null when they have no score yet, or when more than
   * PERIOD_RANK_LIMIT players are ahead (`beyond` then says so).
   */
  standing: (HighScore & { beyond: boolean }) | null;
  /** The period before: its winners (none when it had fewer than min_players), or null when it is not closed yet. */
  last: {
    starts_at: string;
    players: number;
    winners: TournamentWinner[];
  } | null;
}
