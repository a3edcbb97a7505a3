/**
 * A round's submission before anything is written (ADR 025, "The one writer"): the session it names, the counts it
 * makes, in one write, and the replay of our own games' rounds.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { RUN_MESSAGES } from "#contract/runs";
import type { Db } from "../db/client";
import { gameStats } from "../db/schema";
import { ApiError } from "./errors";
import { type CardDealers, hiddenDealOf } from "./card-faces";
import type { Referees } from "./ports";
import {
  countRoundAttempt,
  gameLimitsOf,
  ownSessionOf,
  refused,
  replayable,
  sessionProblem,
  stepsAllowed,
  type GameLimits,
  type Limits,
  type Session,
} from "./round-rules";

/** Why our own game's round cannot be replayed as sent, before any replay: the session's checks, the log, the seed. */
function replayProblem(
  game: GameLimits,
  session: Session,
  input: { score: number; log?: string },
  now: number,
): string | null {
  // The score-rate cap is for games the server cannot replay.
  return (
    sessionProblem(
      session,
      { ...game, maxScoreRate: null },
      input.score,
      now,
    ) ??
    (input.log === undefined
      ? RUN_MESSAGES.needsLog
      : session.seed === null
        ? RUN_MESSAGES.noSeed
        : null)
  );
}

/**
 * Our own games' rounds are believed only by replay: the input log replayed from the seed the session was dealt,
 * bounded by the time the server saw pass, by a Referee object (ADR 015). The replay's score must be the claimed one.
 */
export async function verifiedRound(
  { referees, dealers }: { referees: Referees; dealers: CardDealers },
  game: GameLimits,
  session: Session & { seed: number },
  input: { score: number; log: string },
  now: number,
) {
  return referees.verify(
    game.slug,
    session.seed,
    input.log,
    input.score,
    stepsAllowed(game, now - session.createdAt.getTime()),
    await hiddenDealOf(
      dealers,
      game.slug,
      `session:${session.id}`,
      session.hiddenSeed,
    ),
  );
}

/**
 * Counts the round's attempt and checks it can be replayed: one write for every count (ADR 025). A round refused on
 * what it names still counts; a replayable one counts its session's replays too, before the replay, so racing
 * resubmissions of one session cannot all be replayed.
 */
export async function countedRound(
  db: Db,
  limits: Limits,
  round: { userId: number; address: string; now: number },
  input: { game_id: number; stats_id?: number; score: number; log?: string },
) {
  const { userId, address, now } = round;
  let game: GameLimits;
  let session: Session;
  try {
    game = await gameLimitsOf(db, input.game_id);
    session = await sessionFor(db, userId, game.id, input.stats_id, true);
  } catch (error) {
    if (error instanceof ApiError)
      await countRoundAttempt(limits, userId, address);
    throw error;
  }
  if (!replayable(game)) {
    await countRoundAttempt(limits, userId, address);
    return { game, session, replay: null };
  }
  const problem = replayProblem(game, session, input, now);
  if (problem) {
    await countRoundAttempt(limits, userId, address);
    throw refused(problem);
  }
  await countRoundAttempt(limits, userId, address, [
    { name: "replaysPerSession", subject: session.id },
  ]);
  return {
    game,
    session,
    replay: {
      session: session as Session & { seed: number },
      input: input as { score: number; log: string },
    },
  };
}

/** The named session, or the player's latest one of this game that matches `open`. */
export async function sessionFor(
  db: Db,
  userId: number,
  gameId: number,
  statsId: number | undefined,
  open: boolean,
): Promise<Session> {
  if (statsId !== undefined) {
    const session = await ownSessionOf(db, userId, statsId).catch(
      (error: unknown) => {
        // A score never tells whether someone else's session exists.
        throw error instanceof ApiError
          ? refused("There is no play session of yours with that id")
          : error;
      },
    );
    if (session.gameId !== gameId)
      throw refused("This play session is for another game");
    return session;
  }
  const [latest] = await db
    .select()
    .from(gameStats)
    .where(
      and(
        eq(gameStats.userId, userId),
        eq(gameStats.gameId, gameId),
        open
          ? and(isNull(gameStats.scoredAt), isNull(gameStats.endedAt))
          : sql`${gameStats.scoredAt} is not null`,
      ),
    )
    .orderBy(desc(gameStats.id))
    .limit(1);
  if (!latest) {
    throw refused(
      open
        ? "There is no open play session for this game; start the game again to submit a score"
        : "There is no scored play session for this game",
    );
  }
  return latest;
}
