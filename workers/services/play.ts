import { and, eq, isNull } from "drizzle-orm";
import { StartSessionSchema } from "#contract/games";
import { EndSessionSchema, PlayerMovesSchema } from "#contract/play";
import { RUN_MESSAGES } from "#contract/runs";
import type { Move } from "#contract/moves";
import { RoundSchema, type RoundResult } from "#contract/scores";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { gameStats, matchResults, playerMoves, scores } from "../db/schema";
import { ApiError, forbidden } from "./errors";
import type { CardDealers } from "./card-faces";
import { countedRound, sessionFor, verifiedRound } from "./round-attempts";
import type { ChallengeService, Statement } from "./challenges";
import {
  botResultRow,
  type BotRun,
  type MultiplayerService,
} from "./multiplayer";
import { parseInput } from "./parse";
import { dealSeed } from "./replay";
import { bestScoreWrite, type ScoreService } from "./scores";
import type { Hit } from "./rate-limits";
import { heldFields } from "./fair-play";
import { periodBoardWrites } from "./tournaments";
import {
  forgetRunLog,
  keepRunLog,
  type KeptLog,
  type RunLogStore,
} from "./run-logs";
import type { MatchRooms, Referees } from "./ports";
import {
  gameLimitsOf,
  isUniqueViolation,
  keptRunCount,
  logTooLong,
  ownSessionOf,
  refused,
  replayable,
  sessionProblem,
  timelineProblem,
  type Limits,
  type Session,
} from "./round-rules";

/** A built query that runs in drizzle's batch and in the challenge service's raw one alike. */
type RoundStatement = BatchItem<"sqlite"> & Statement;

/** What a round may settle or record besides its score. */
interface RoundDependencies {
  challenges: Pick<
    ChallengeService,
    "settleWithRound" | "bindNewestRound" | "boundTo" | "settleAbandoned"
  >;
  scores: Pick<ScoreService, "highScore">;
  multiplayer: Pick<MultiplayerService, "botRun">;
  rooms: MatchRooms;
  referees: Referees;
  limits: Limits;
  dealers: CardDealers;
  runLogs: RunLogStore;
}

/**
 * The writes of a round that passed its checks, for one batch: the score, the session (closed when the play time
 * comes with it), the best score and period boards unless held, the timeline when kept, and a bot match's result.
 */
function roundWrites(
  db: Db,
  round: {
    userId: number;
    game: { id: number };
    session: Session;
    input: { score: number; log?: string };
    verified: Awaited<ReturnType<typeof verifiedRound>> | null;
    moves: Move[];
    keepRun: boolean;
    /** A replayed round's log, already in R2 when its run is kept. */
    log: KeptLog | null;
    run: BotRun | null;
    playTime: number | null;
    now: number;
  },
): { statements: [RoundStatement, ...RoundStatement[]]; held: boolean } {
  const {
    userId,
    game,
    session,
    input,
    verified,
    moves,
    keepRun,
    log,
    run,
    playTime,
    now,
  } = round;
  const at = new Date(now);
  const statements: [RoundStatement, ...RoundStatement[]] = [
    db.insert(scores).values({
      userId,
      gameId: game.id,
      score: input.score,
      statsId: session.id,
      createdAt: at,
      ...heldFields(verified),
    }),
    db
      .update(gameStats)
      .set({
        score: input.score,
        scoredAt: at,
        ...(playTime === null ? {} : { playTime, endedAt: at }),
      })
      .where(eq(gameStats.id, session.id)),
  ];
  // A round held for review stays off the boards until a moderator lets it on (ADR 032).
  const held = verified?.held != null;
  if (!held)
    statements.push(
      bestScoreWrite(db, {
        gameId: game.id,
        userId,
        score: input.score,
        statsId: session.id,
        now,
      }),
    );
  // Daily and weekly tournaments count only rounds the server replayed, and only those that scored (ADR 027).
  if (verified && !held && input.score > 0)
    statements.push(
      ...periodBoardWrites(db, {
        gameId: game.id,
        userId,
        score: input.score,
        statsId: session.id,
        now,
      }),
    );
  if (keepRun)
    statements.push(
      db.insert(playerMoves).values({
        statsId: session.id,
        userId,
        gameId: game.id,
        score: input.score,
        // A replayed run's timeline is in R2 beside its log (ADR 047).
        moves: verified && log ? [] : moves,
        ...(verified && log
          ? {
              seed: session.seed,
              publicId: log.publicId,
              logBytes: log.logBytes,
              steps: verified.steps,
            }
          : {}),
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

  return { statements, held };
}

/**
 * POST /api/scores: a finished round, in one request. Believed only for an open, unscored session of this player
 * and game that has not outrun the game's time, with a timeline that fits it, and for a challenge or a bot run
 * the round can belong to; every check runs before anything is written. Then one batch writes the score, the
 * session (closed when the play time comes with it), the best score, the timeline, the bot match's result and
 * the challenge's settlement. The unique score per session makes a repeat or a racing twin write nothing.
 */
async function submitRound(
  db: Db,
  deps: RoundDependencies,
  userId: number,
  body: unknown,
  address: string,
): Promise<RoundResult> {
  if (logTooLong(body))
    throw new ApiError(413, "log_too_large", RUN_MESSAGES.tooLong);
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
  const { game, session, replay } = await countedRound(
    db,
    deps.limits,
    { userId, address, now },
    input,
  );
  const startedAt = session.createdAt.getTime();
  const verified = replay
    ? await verifiedRound(deps, game, replay.session, replay.input, now)
    : null;
  const moves = verified ? verified.moves : (input.moves ?? []);
  const problem = verified
    ? null
    : (sessionProblem(session, game, input.score, now) ??
      timelineProblem(moves, input.score, now - startedAt));
  if (problem) throw refused(problem);
  const run =
    input.bot_id === undefined
      ? null
      : await deps.multiplayer.botRun(input.bot_id, game.id, userId);
  // An external game's timeline is kept when it scored; a replayed round's run as keptRunCount says.
  const keptCount = verified
    ? await keptRunCount(deps.limits, userId, {
        score: input.score,
        log: input.log ?? "",
        match: session.roomId !== null || run !== null,
      })
    : null;
  const keepRun = verified
    ? keptCount !== null
    : input.score > 0 && moves.length > 0;
  // In R2 before the batch, so no row names a log that is not there; a log R2 refused leaves the run unkept.
  const log =
    verified && keepRun
      ? await keepRunLog(deps.runLogs, input.log ?? "", moves)
      : null;
  // Never more time than the server saw pass since the session opened.
  const playTime =
    input.play_time === undefined
      ? null
      : Math.min(
          Math.round(input.play_time),
          Math.ceil((now - startedAt) / 1000),
        );

  const { statements, held } = roundWrites(db, {
    userId,
    game,
    session,
    input,
    verified,
    moves,
    keepRun: keepRun && (verified === null || log !== null),
    log,
    run,
    playTime,
    now,
  });
  if (keptCount && log) statements.push(keptCount.count);

  // Two submissions for one session racing: the unique index lets only one in, and its batch alone commits.
  const alreadyScored = () => refused("This play session already has a score");
  const dropLog = async (error: unknown): Promise<never> => {
    await forgetRunLog(deps.runLogs, log);
    throw error;
  };
  let challenge: RoundResult["challenge"] = null;
  // The session's own challenge settles whether or not the client names it.
  const challengeId =
    input.challenge_id ?? (await deps.challenges.boundTo(session.id));
  // A held round settles its challenge only when it is reviewed; until then the challenge waits (or expires).
  if (challengeId !== null && !held) {
    challenge = await deps.challenges
      .settleWithRound(
        userId,
        challengeId,
        {
          gameId: game.id,
          statsId: session.id,
          startedAt: session.createdAt,
          score: input.score,
          statements,
          duplicate: alreadyScored,
        },
        now,
      )
      .catch(dropLog);
  } else {
    try {
      await db.batch(statements);
    } catch (error) {
      await forgetRunLog(deps.runLogs, log);
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
    held,
  };
}

export function createPlayService(db: Db, deps: RoundDependencies) {
  return {
    /**
     * POST /api/gamestats: opens the play session a score will need, with the seed the server deals its round (a
     * match's sessions get the match's seed). The first session the challenged player opens after accepting a
     * challenge on the game becomes that challenge's round.
     */
    async startSession(userId: number, body: unknown) {
      const input = parseInput(StartSessionSchema, body);
      const game = await gameLimitsOf(db, input.game_id);
      const now = Date.now();
      let seed = dealSeed();
      const starts: [Hit] = [{ name: "sessionStartPerUser", subject: userId }];
      // A match's session asks its room first: counted before that call, so a flood never reaches the rooms.
      const countedFirst = input.room_id !== undefined;
      if (countedFirst) await deps.limits.hitAll(starts, now);
      if (input.room_id !== undefined) {
        const roomSeed = await deps.rooms.seedFor(
          input.room_id,
          userId,
          game.id,
        );
        if (roomSeed === null)
          throw forbidden("This match is not yours, or it is over");
        seed = roomSeed;
      }
      // A challenge round abandoned earlier counts as 0 before a new round can be bound.
      await deps.challenges.settleAbandoned(now, { userId });
      // One write on D1's primary (ADR 025): the start counted, the session opened and a waiting challenge bound.
      const [opened, bound] = await deps.limits.countAndWrite(
        countedFirst ? [] : starts,
        [
          db
            .insert(gameStats)
            .values({
              userId,
              gameId: game.id,
              gameType: input.game_type,
              seed,
              // Its own even in a match: a deck two players share is a secret either of them can tell the other.
              hiddenSeed: dealSeed(),
              roomId: input.room_id ?? null,
            })
            .returning(),
          ...(input.room_id === undefined
            ? [deps.challenges.bindNewestRound(userId, game.id)]
            : []),
        ],
        now,
      );
      const [session] = opened as Session[];
      const challengeId =
        (bound as { id: number }[] | undefined)?.[0]?.id ?? null;
      return {
        _id: session.id,
        game_id: session.gameId,
        game_type: session.gameType,
        play_time: 0,
        seed,
        challenge_id: challengeId,
        verified: replayable(game),
      };
    },

    /** PUT /api/gamestats/{id}: the play time, at the end of the round or on exit; closes the session. */
    async endSession(userId: number, statsId: number, body: unknown) {
      const { play_time } = parseInput(EndSessionSchema, body);
      const session = await ownSessionOf(db, userId, statsId);
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
      // Ended without a score: if it was a challenge's round, the challenge settles with 0.
      if (!session.scoredAt)
        await deps.challenges.settleAbandoned(now, { userId });
      return {
        _id: statsId,
        game_id: session.gameId,
        game_type: session.gameType,
        play_time: playTime,
      };
    },

    submitRound: (userId: number, body: unknown, address: string) =>
      submitRound(db, deps, userId, body, address),

    /**
     * POST /api/player-move: the timeline of a scored round, kept for bots to replay. It must fit the score the
     * session received; a timeline already stored for the session stays as it was.
     */
    async recordMoves(userId: number, body: unknown) {
      const input = parseInput(PlayerMovesSchema, body);
      if (input.player_id !== userId)
        throw forbidden("You can only record your own moves");
      const game = await gameLimitsOf(db, input.game_id);
      const session = await sessionFor(
        db,
        userId,
        game.id,
        input.stats_id,
        false,
      );
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
