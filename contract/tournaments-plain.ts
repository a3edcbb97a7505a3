// The part of `tournaments.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import { formatDay, formatNumber } from "./format";
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
 * Who can win a prize (ADR 027): an account at least PRIZE_ACCOUNT_DAYS old, with PRIZE_ROUNDS verified rounds that
 * reached their game's minimum score (`prize_min_score`) on at least PRIZE_DAYS different UTC days, and a verified
 * e-mail once accounts have one. Only a player's first DAILY_ATTEMPTS play sessions of a game in a UTC day can enter
 * that day's and that week's boards, so opening sessions to pick a good seed gains nothing.
 */
export const PRIZE_ACCOUNT_DAYS = 3;
export const PRIZE_ROUNDS = 10;
export const PRIZE_DAYS = 2;
export const DAILY_ATTEMPTS = 20;
/** A player's latest rounds that eligibility reads, and how far down a closing board it looks for eligible players. */
export const ROUNDS_SCANNED = 300;
export const PRIZE_CANDIDATES = 200;

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
const periodName = (period: Period, start: number): string =>
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

const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** The rules a board shows under its prizes, one short line each. */
export function prizeRuleLines(rules: PrizeRules): string[] {
  return [
    `Accounts at least ${plural(rules.account_days, "day", "days")} old`,
    `${rules.rounds} verified rounds, on ${rules.days} different days, each reaching its game's minimum score`,
    ...(rules.min_score === null
      ? []
      : [`A score of at least ${formatNumber(rules.min_score)} in this game`]),
    `Your first ${rules.attempts_per_day} rounds of this game a day count (started and left ones too)`,
    ...(rules.verified_email ? ["A verified e-mail address"] : []),
  ];
}

/** What the signed-in player still lacks to win a prize, one sentence each; empty when they can win. */
export function missingForPrizes(
  eligibility: PrizeEligibility,
  rules: PrizeRules,
): string[] {
  const missing: string[] = [];
  if (eligibility.account_ready_at !== null)
    missing.push(
      `Your account can win prizes from ${formatDay(Date.parse(eligibility.account_ready_at))}`,
    );
  if (eligibility.rounds < rules.rounds) {
    const more = rules.rounds - eligibility.rounds;
    missing.push(
      `Play ${plural(more, "more verified round", "more verified rounds")} to be eligible`,
    );
  }
  if (eligibility.days < rules.days)
    missing.push(
      `Play on ${plural(rules.days - eligibility.days, "more day", "more days")} to be eligible`,
    );
  if (eligibility.email_verified === false)
    missing.push("Verify your e-mail address to be eligible");
  return missing;
}

/** A winner of a closed board. */
interface TournamentWinner {
  place: number;
  player_id: number;
  name: string;
  score: number;
  prize: number;
}

/** Who can win this board's prizes (ADR 027). */
export interface PrizeRules {
  account_days: number;
  rounds: number;
  days: number;
  /** The game's least prize-winning score; null when the game pays no prizes. */
  min_score: number | null;
  attempts_per_day: number;
  /** Whether a verified e-mail is needed (once accounts can verify one). */
  verified_email: boolean;
}

/** Where the signed-in player stands against the rules, as the close would judge it if the period ended now. */
export interface PrizeEligibility {
  eligible: boolean;
  /** ISO time from which the account is old enough; null when it already is. */
  account_ready_at: string | null;
  /** Verified rounds that reached their game's minimum, counted up to the rule's number. */
  rounds: number;
  /** Different days among them, counted up to the rule's number. */
  days: number;
  /** Null while accounts have no e-mail verification. */
  email_verified: boolean | null;
}

/** A row of a period board: a leaderboard entry, and whether it could win a prize. */
export type TournamentEntry = LeaderboardEntry & { prize_eligible: boolean };

/** A game's board for the current period, with last period's result. */
export interface TournamentBoard {
  period: Period;
  /** ISO times of the current period's start and end (the end is the next period's start). */
  starts_at: string;
  ends_at: string;
  /** Prizes for 1st, 2nd and 3rd, and the players a board needs for them. */
  prizes: readonly number[];
  /** Eligible players a board needs for its prizes. */
  min_players: number;
  /** Players on the board so far, counted up to PERIOD_RANK_LIMIT. */
  players: number;
  rules: PrizeRules;
  entries: TournamentEntry[];
  /**
   * The signed-in caller's best this period and rank; rank null when they have no score yet, or when more than
   * PERIOD_RANK_LIMIT players are ahead (`beyond` then says so).
   */
  standing: (HighScore & { beyond: boolean }) | null;
  /** The signed-in caller against the prize rules; null for a visitor. */
  eligibility: PrizeEligibility | null;
  /** The period before: its winners (none when it had fewer than min_players), or null when it is not closed yet. */
  last: {
    starts_at: string;
    players: number;
    /** Players eligible for prizes when it closed, counted up to min_players; null for boards closed before. */
    eligible: number | null;
    winners: TournamentWinner[];
  } | null;
}
