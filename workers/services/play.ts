import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { idValueSchema } from "#contract/ids";
import type { Move } from "#contract/moves";
import {
  RoundSchema,
  movesSchema,
  playTimeValue,
  type RoundResult,
} from "#contract/scores";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import {
  bestScores,
  games,
  gameStats,
  matchResults,
  playerMoves,
  scores,
} from "../db/schema";
import { ApiError, forbidden, notFound, tooManyRequests } from "./errors";
import type { ChallengeService, Statement } from "./challenges";
import { botResultRow, type MultiplayerService } from "./multiplayer";
import { parseInput } from "./parse";
import type { ScoreService } from "./scores";

/** Seconds a session may run past the game's maximum_game_time: loading, the splash, a slow network. */
export const SESSION_GRACE_SECONDS = 15;
/** Slack for the client's clock against ours when a timeline's last move is checked against the session. */
const CLOCK_SLACK_MS = 1_500;
/** Per user and minute. */
export const SCORE_SUBMISSIONS_PER_MINUTE = 12;
export const SESSIONS_PER_MINUTE = 30;

export const StartSessionSchema = z.object({
  game_id: idValueSchema("game"),
  game_type: z
    .number({ error: "game_type must be 0, 1 or 2" })
    .int("game_type must be 0, 1 or 2")
    .min(0, "game_type must be 0, 1 or 2")
    .max(2, "game_type must be 0, 1 or 2")
    .default(0),
});

export const EndSessionSchema = z.object({ play_time: playTimeValue });

export const PlayerMovesSchema = z.object({
  game_id: idValueSchema("game"),
  player_id: idValueSchema("player"),
  stats_id: idValueSchema("play session").optional(),
  moves: movesSchema,
});

/** A score or timeline the server will not believe: a 422 whose message says why. */
const refused = (message: string) =>
  new ApiError(422, "score_refused", message);
/** The counts look back one minute, so a minute is the most anyone waits. */
const tooMany = (message: string) => tooManyRequests(message, 60);

type Session = typeof gameStats.$inferSelect;
type GameLimits = {
  id: number;
  maximumGameTime: number;
  maxScoreRate: number | null;
};

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

const isUniqueViolation = (error: unknown) => {
  for (
    let cause: unknown = error;
    cause instanceof Error;
    cause = cause.cause
  ) {
    if (/UNIQUE constraint failed/i.test(cause.message)) return true;
  }
  return false;
};

/** A built query that runs in drizzle's batch and in the challenge service's raw one alike. */
type RoundStatement = BatchItem<"sqlite"> & Statement;

/** What a round may settle or record besides its score. */
interface RoundDependencies {
  challenges: Pick<ChallengeService, "settleWithRound">;
  scores: Pick<ScoreService, "highScore">;
  multiplayer: Pick<MultiplayerService, "botRun">;
}

export function createPlayService(db: Db, deps: RoundDependencies) {
  async function gameLimits(gameId: number): Promise<GameLimits> {
    const [game] = await db
      .select({
        id: games.id,
        maximumGameTime: games.maximumGameTime,
        maxScoreRate: games.maxScoreRate,
      })
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.isPublished, true)))
      .limit(1);
    if (!game) throw notFound("Game not found");
    return game;
  }

  async function ownSession(userId: number, statsId: number): Promise<Session> {
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

  /** The named session, or the player's latest one of this game that matches `open`. */
  async function sessionFor(
    userId: number,
    gameId: number,
    statsId: number | undefined,
    open: boolean,
  ): Promise<Session> {
    if (statsId !== undefined) {
      const session = await ownSession(userId, statsId).catch(
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

  async function recentCount(
    table: typeof scores | typeof gameStats,
    userId: number,
    now: number,
  ) {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(
        and(
          eq(table.userId, userId),
          gte(table.createdAt, new Date(now - 60_000)),
        ),
      );
    return row?.n ?? 0;
  }

  return {
    /** POST /api/gamestats: opens the play session a score will need. */
    async startSession(userId: number, body: unknown) {
      const input = parseInput(StartSessionSchema, body);
      await gameLimits(input.game_id);
      if (
        (await recentCount(gameStats, userId, Date.now())) >=
        SESSIONS_PER_MINUTE
      ) {
        throw tooMany(
          "Too many games started in a minute. Wait a moment and try again.",
        );
      }
      const [session] = await db
        .insert(gameStats)
        .values({ userId, gameId: input.game_id, gameType: input.game_type })
        .returning();
      return {
        _id: session.id,
        game_id: session.gameId,
        game_type: session.gameType,
        play_time: 0,
      };
    },

    /** PUT /api/gamestats/{id}: the play time, at the end of the round or on exit; closes the session. */
    async endSession(userId: number, statsId: number, body: unknown) {
      const { play_time } = parseInput(EndSessionSchema, body);
      const session = await ownSession(userId, statsId);
      if (session.endedAt)
        throw new ApiError(
          409,
          "already_ended",
          "This play session has already ended",
        );
      const now = Date.now();
      // Never more time than the server saw pass since the session opened.
      const playTime = Math.min(
        Math.round(play_time),
        Math.ceil((now - session.createdAt.getTime()) / 1000),
      );
      const [ended] = await db
        .update(gameStats)
        .set({ playTime, endedAt: new Date(now) })
        .where(and(eq(gameStats.id, statsId), isNull(gameStats.endedAt)))
        .returning({ id: gameStats.id });
      if (!ended)
        throw new ApiError(
          409,
          "already_ended",
          "This play session has already ended",
        );
      return {
        _id: statsId,
        game_id: session.gameId,
        game_type: session.gameType,
        play_time: playTime,
      };
    },

    /**
     * POST /api/scores: a finished round, in one request. Believed only for an open, unscored session of this player
     * and game that has not outrun the game's time, with a timeline that fits it, and for a challenge or a bot run
     * the round can belong to; every check runs before anything is written. Then one batch writes the score, the
     * session (closed when the play time comes with it), the best score, the timeline, the bot match's result and
     * the challenge's settlement. The unique score per session makes a repeat or a racing twin write nothing.
     */
    async submitRound(userId: number, body: unknown): Promise<RoundResult> {
      const input = parseInput(RoundSchema, body);
      if (input.player_id !== userId)
        throw forbidden("You can only submit your own scores");
      if (input.challenge_id !== undefined && input.bot_id !== undefined)
        throw new ApiError(
          400,
          "bad_request",
          "A round is played for a challenge or against a bot, not both",
        );
      const now = Date.now();
      if (
        (await recentCount(scores, userId, now)) >= SCORE_SUBMISSIONS_PER_MINUTE
      ) {
        throw tooMany(
          "Too many scores in a minute. Wait a moment and try again.",
        );
      }
      const game = await gameLimits(input.game_id);
      const session = await sessionFor(userId, game.id, input.stats_id, true);
      const moves = input.moves ?? [];
      const startedAt = session.createdAt.getTime();
      const problem =
        sessionProblem(session, game, input.score, now) ??
        timelineProblem(moves, input.score, now - startedAt);
      if (problem) throw refused(problem);
      const run =
        input.bot_id === undefined
          ? null
          : await deps.multiplayer.botRun(input.bot_id, game.id, userId);
      // Never more time than the server saw pass since the session opened.
      const playTime =
        input.play_time === undefined
          ? null
          : Math.min(
              Math.round(input.play_time),
              Math.ceil((now - startedAt) / 1000),
            );

      const at = new Date(now);
      const statements: [RoundStatement, ...RoundStatement[]] = [
        db.insert(scores).values({
          userId,
          gameId: game.id,
          score: input.score,
          statsId: session.id,
          createdAt: at,
        }),
        db
          .update(gameStats)
          .set({
            score: input.score,
            scoredAt: at,
            ...(playTime === null ? {} : { playTime, endedAt: at }),
          })
          .where(eq(gameStats.id, session.id)),
        db
          .insert(bestScores)
          .values({
            gameId: game.id,
            userId,
            score: input.score,
            achievedAt: at,
          })
          .onConflictDoUpdate({
            target: [bestScores.gameId, bestScores.userId],
            set: {
              score: sql`excluded.score`,
              achievedAt: sql`excluded.achieved_at`,
            },
            setWhere: sql`excluded.score > ${bestScores.score}`,
          }),
      ];
      if (input.score > 0 && moves.length > 0)
        statements.push(
          db.insert(playerMoves).values({
            statsId: session.id,
            userId,
            gameId: game.id,
            score: input.score,
            moves,
          }),
        );
      if (run)
        statements.push(
          db
            .insert(matchResults)
            .values(
              botResultRow(
                { id: session.id, gameId: game.id, score: input.score },
                userId,
                run,
              ),
            ),
        );

      // Two submissions for one session racing: the unique index lets only one in, and its batch alone commits.
      const alreadyScored = () =>
        refused("This play session already has a score");
      let challenge: RoundResult["challenge"] = null;
      if (input.challenge_id !== undefined) {
        challenge = await deps.challenges.settleWithRound(
          userId,
          input.challenge_id,
          {
            gameId: game.id,
            startedAt: session.createdAt,
            score: input.score,
            statements,
            duplicate: alreadyScored,
          },
          now,
        );
      } else {
        try {
          await db.batch(statements);
        } catch (error) {
          if (isUniqueViolation(error)) throw alreadyScored();
          throw error;
        }
      }

      const [[stored], [match], best] = await Promise.all([
        db
          .select({ id: scores.id })
          .from(scores)
          .where(eq(scores.statsId, session.id))
          .limit(1),
        run
          ? db
              .select({ id: matchResults.id })
              .from(matchResults)
              .where(eq(matchResults.statsId, session.id))
              .limit(1)
          : Promise.resolve([]),
        deps.scores.highScore(game.id, userId),
      ]);
      return {
        _id: stored.id,
        score: input.score,
        stats_id: session.id,
        play_time: playTime,
        best,
        challenge,
        match_id: match?.id ?? null,
      };
    },

    /**
     * POST /api/player-move: the timeline of a scored round, kept for bots to replay. It must fit the score the
     * session received; a timeline already stored for the session stays as it was.
     */
    async recordMoves(userId: number, body: unknown) {
      const input = parseInput(PlayerMovesSchema, body);
      if (input.player_id !== userId)
        throw forbidden("You can only record your own moves");
      const game = await gameLimits(input.game_id);
      const session = await sessionFor(userId, game.id, input.stats_id, false);
      if (session.score === null || !session.scoredAt)
        throw refused("This play session has no score yet");
      if (session.score === 0)
        throw refused("Only rounds that scored above 0 are kept");
      const elapsed = session.scoredAt.getTime() - session.createdAt.getTime();
      const problem =
        input.moves.length === 0
          ? "The moves timeline is empty"
          : timelineProblem(input.moves, session.score, elapsed);
      if (problem) throw refused(problem);
      await db
        .insert(playerMoves)
        .values({
          statsId: session.id,
          userId,
          gameId: game.id,
          score: session.score,
          moves: input.moves,
        })
        .onConflictDoNothing({ target: playerMoves.statsId });
      return { stats_id: session.id, moves: input.moves.length };
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
