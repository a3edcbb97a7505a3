/**
 * The rules a round is held to before anything is written: the session's clock and owner, the game's limits, the
 * rate limits counted before a replay. Shared by the play service and visitor rounds.
 */
import { and, eq } from "drizzle-orm";
import { EXTERNAL_GAME_TYPE, MAX_LOG_CHARS } from "#contract/runs";
import type { Move } from "#contract/moves";
import type { Db } from "../db/client";
import { games, gameStats } from "../db/schema";
import { forbidden, notFound } from "./errors";
import { isReplayable, scoreRefused } from "./replay";
import { RATE_LIMITS, type Hit, type RateLimiter } from "./rate-limits";

/** Seconds a session may run past the game's maximum_game_time: loading, the splash, a slow network. */
export const SESSION_GRACE_SECONDS = 15;
/** Slack for the client's clock against ours when a timeline's last move is checked against the session. */
const CLOCK_SLACK_MS = 1_500;
/** Per user and minute, counted before anything is replayed (rate-limits.ts). */
export const SCORE_SUBMISSIONS_PER_MINUTE =
  RATE_LIMITS.scoreSubmitPerUser.limit;
/** How often one play session's round may be replayed, accepted or refused. */
export const REPLAYS_PER_SESSION = RATE_LIMITS.replaysPerSession.limit;

/** A score or timeline the server will not believe: a 422 whose message says why. */
export const refused = scoreRefused;

export type Limits = Pick<
  RateLimiter,
  "hit" | "hitAll" | "countAndWrite" | "fits" | "tally"
>;

/**
 * The counts a round's submission makes before anything else is believed: per player and per network, refused
 * ones included. `also` joins more counts to the same write (a session's replays).
 */
export async function countRoundAttempt(
  limits: Limits,
  userId: number,
  address: string,
  also: Hit[] = [],
) {
  await limits.hitAll([
    { name: "scoreSubmitPerUser", subject: userId },
    { name: "scoreSubmitPerAddress", subject: address },
    ...also,
  ]);
}

/**
 * Whether a replayed round's run (its seed and input log) is kept: to be watched and to be a bot's, a run must have
 * scored, or be a match's, whose two runs are watched side by side; and a player keeps at most a day's bytes of logs
 * (rate-limits.ts). Past that the round still scores; only its run is not kept. Returns the count for the round's
 * own batch when the run is kept, so keeping it adds no write of its own (ADR 025), or null.
 */
export async function keptRunCount(
  limits: Limits,
  userId: number,
  round: { score: number; log: string; match: boolean },
) {
  if (round.score <= 0 && !round.match) return null;
  const hit: Hit = {
    name: "keptRunBytesPerUser",
    subject: userId,
    amount: round.log.length,
  };
  // Wrapped: a query builder is thenable, and an async function would run it on return.
  return (await limits.fits(hit)) ? { count: limits.tally(hit) } : null;
}

export type Session = typeof gameStats.$inferSelect;
export type GameLimits = {
  id: number;
  slug: string;
  type: number;
  maximumGameTime: number;
  maxScoreRate: number | null;
};

/** A log past the bound is a 413, before anything else is read. */
export const logTooLong = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  "log" in body &&
  typeof body.log === "string" &&
  body.log.length > MAX_LOG_CHARS;

/** Our own games are replayed; an external one (type 2) cannot be and keeps the score-rate cap. */
export const replayable = (game: GameLimits) =>
  game.type !== EXTERNAL_GAME_TYPE && isReplayable(game.slug);

/** Steps of 1/60 s a round may have lasted by the server's clock, within the game's time and its grace. */
export function stepsAllowed(game: GameLimits, elapsedMs: number): number {
  const seconds = Math.min(
    (elapsedMs + CLOCK_SLACK_MS) / 1000,
    game.maximumGameTime + SESSION_GRACE_SECONDS,
  );
  return Math.ceil(seconds * 60);
}

/** Why a timeline cannot belong to this session and score, or null when it can. */
export function timelineProblem(
  moves: Move[],
  score: number,
  elapsedMs: number,
): string | null {
  if (moves.length === 0)
    return score > 0 ? "A score above 0 needs its moves timeline" : null;
  for (let index = 1; index < moves.length; index++) {
    if (moves[index].time < moves[index - 1].time)
      return "The moves timeline is out of order";
  }
  if (moves[moves.length - 1].time > elapsedMs + CLOCK_SLACK_MS)
    return "The moves timeline is longer than the play session";
  if (moves[moves.length - 1].score !== score)
    return "The moves timeline does not end at the submitted score";
  return null;
}

/** Why a session cannot take a score now, or null. */
export function sessionProblem(
  session: Session,
  game: GameLimits,
  score: number,
  now: number,
): string | null {
  if (session.scoredAt) return "This play session already has a score";
  if (session.endedAt)
    return "This play session has ended; start a new game to submit a score";
  const elapsedMs = now - session.createdAt.getTime();
  if (elapsedMs > (game.maximumGameTime + SESSION_GRACE_SECONDS) * 1000) {
    return `This round ran longer than the game allows (${game.maximumGameTime} s)`;
  }
  if (
    game.maxScoreRate !== null &&
    score > Math.ceil(game.maxScoreRate * (elapsedMs / 1000 + 5))
  ) {
    return "This score came in faster than the game can be played";
  }
  return null;
}

/** The caller's own play session, or a 404 for none and a 403 for another player's. */
export async function ownSessionOf(
  db: Db,
  userId: number,
  statsId: number,
): Promise<Session> {
  const [session] = await db
    .select()
    .from(gameStats)
    .where(eq(gameStats.id, statsId))
    .limit(1);
  if (!session) throw notFound("Play session not found");
  if (session.userId !== userId)
    throw forbidden("This play session belongs to another player");
  return session;
}

/** A published game's limits on a round, or a 404. */
export async function gameLimitsOf(
  db: Db,
  gameId: number,
): Promise<GameLimits> {
  const [game] = await db
    .select({
      id: games.id,
      slug: games.slug,
      type: games.type,
      maximumGameTime: games.maximumGameTime,
      maxScoreRate: games.maxScoreRate,
    })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.isPublished, true)))
    .limit(1);
  if (!game) throw notFound("Game not found");
  return game;
}

/** A unique index refused a write: a repeat or a racing twin of something already written. */
export const isUniqueViolation = (error: unknown) => {
  for (
    let cause: unknown = error;
    cause instanceof Error;
    cause = cause.cause
  ) {
    if (/UNIQUE constraint failed/i.test(cause.message)) return true;
  }
  return false;
};
