/** The play screen's rules (SPEC.md §4 Play, §8 exit confirmation, §9 constants), kept apart from React. */

import type { RoundResult } from "#contract/scores";

/** SPEC.md §9: the exit (x) button appears after 10 s of play. */
const EXIT_DELAY_SECONDS = 10;
/** SPEC.md §9: the splash shows for at least 2 s. */
export const SPLASH_MS = 2000;
/**
 * A game that has not said it is ready this long after its frame began to load is offered Retry and Exit on the
 * splash (issue #30): a game that threw while loading never says so, and the player must not be kept there.
 */
export const GAME_READY_TIMEOUT_MS = 20_000;
/** What the splash says when the game has not said it is ready in time. */
export const SLOW_GAME = {
  heading: "This game is taking too long to load.",
  note: "Check your connection and try again, or exit and pick another game.",
} as const;
/** SPEC.md §9: a game without its own maximum_game_time runs 120 s. */
const DEFAULT_MAX_GAME_TIME = 120;
/** SPEC.md §8, word for word. */
export const EXIT_CONFIRMATION = "Are you sure want to exit the game ?";
/** A bot opponent is a real player's recorded run: the play bar and the match summary both say so in these words. */
export const RECORDED_PLAYER = "Recorded player";

/** What the play screen says about a practice round, one begun offline (ADR 018): it is neither sent nor counted. */
/** A visitor's round-over note: whether signing up or logging in now keeps this round (issue #21). */
export const VISITOR_ROUND_NOTE = {
  kept: "Sign up or log in now to keep this score: it goes on your account and the leaderboard.",
  notKept: "Log in to save your scores and climb the leaderboard.",
  /** The visitor has since signed in on this page and the round is being given to the account; its result follows. */
  keeping: "Keeping this score on your account…",
  /** The visitor has since signed in on this page: from the next round on, rounds count. */
  signedIn: "You're signed in: play again to play for the leaderboard.",
} as const;

/** The play screen while the next round waits for its seed (issue #19: a key pressed before the start is lost). */
export const STARTING_ROUND = {
  starting: "Starting the next round…",
  slow: "The connection is slow: the round starts as soon as the server answers.",
};

export const PRACTICE_NOTICE = {
  /** Under the play bar while the round is on. */
  offline: "you're offline, so this score won't count on the leaderboard.",
  backOnline:
    "it began while you were offline, so this score won't count on the leaderboard.",
  /** When it is over. */
  over: "You're offline, so this score isn't saved and doesn't count on the leaderboard. Games you've played still work offline.",
  overOnline:
    "This round began offline, so its score isn't saved. You're back online: play again to play for the leaderboard.",
} as const;

/** SPEC.md §2 /play query type: 0 normal, 1 challenge. */
export function playTypeFrom(value: string | null): 0 | 1 {
  return value === "1" ? 1 : 0;
}

/** m:ss for the top bar's clock. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export interface ClockState {
  /** Whole seconds since the round began. */
  elapsed: number;
  /** What the clock shows: the time left in timed mode, the time played otherwise. */
  shown: number;
  /**
   * The round is over on time: in timed mode when less than 1 s is left. An untimed game is a session, which ends when
   * the game sends its score or the player leaves, never on the clock.
   */
  timeUp: boolean;
  exitAvailable: boolean;
}

export function clockState(
  elapsedMs: number,
  maximumGameTime: number,
  timed: boolean,
): ClockState {
  const limit = maximumGameTime > 0 ? maximumGameTime : DEFAULT_MAX_GAME_TIME;
  const elapsed = Math.floor(Math.max(0, elapsedMs) / 1000);
  const remaining = limit - Math.max(0, elapsedMs) / 1000;
  return {
    elapsed,
    shown: timed ? Math.max(0, Math.ceil(remaining - 1e-9)) : elapsed,
    timeUp: timed && remaining < 1,
    exitAvailable: elapsed >= EXIT_DELAY_SECONDS,
  };
}

/** Where a finished single-player round goes: /result/{id}, keeping the challenge context. */
export function resultPath(
  gameId: number,
  type: number,
  challengeId: number | null,
): string {
  const query = new URLSearchParams();
  if (type === 1) query.set("type", "1");
  if (challengeId !== null) query.set("challengeId", String(challengeId));
  const search = query.toString();
  return `/result/${gameId}${search ? `?${search}` : ""}`;
}

/** What the play screen hands the result screen: the answer of the round's request, for the game it was played on. */
export interface RoundState {
  gameId: number;
  round: RoundResult;
}

/** The round the play screen just finished on this game, from the navigation's state; null on any other visit. */
export function roundFromState(
  state: unknown,
  gameId: number,
): RoundResult | null {
  if (typeof state !== "object" || state === null) return null;
  const { gameId: playedOn, round } = state as Partial<RoundState>;
  return playedOn === gameId && round ? round : null;
}

/** Where a matched pair plays: the same seed for both, the room in the address. */
export const matchPlayPath = (gameId: number, roomId: string, seed: number) =>
  `/play/${gameId}?type=0&room=${encodeURIComponent(roomId)}&seed=${seed}`;

/** Where a round against a bot plays: the recorded run in the address. */
export const botPlayPath = (gameId: number, botId: number) =>
  `/play/${gameId}?type=0&bot=${botId}`;

/** A match passes its shared seed (?seed=); otherwise every round gets a fresh one. */
export function seedFrom(params: URLSearchParams): number | null {
  const value = params.get("seed");
  return value && /^\d{1,10}$/.test(value) && Number(value) <= 0xffffffff
    ? Number(value)
    : null;
}
