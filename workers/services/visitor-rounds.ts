import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { RoundResult } from "#contract/scores";
import {
  ClaimVisitorRoundSchema,
  FinishVisitorRoundSchema,
  StartVisitorRoundSchema,
  VISITOR_ROUND_CLAIM_MINUTES,
  VISITOR_ROUND_MESSAGES,
  type VisitorRound,
} from "#contract/visitor-rounds";
import { REVEAL_MESSAGES, RevealVisitorCardSchema } from "#contract/card-faces";
import type { Db } from "../db/client";
import { gameStats, playerMoves, scores, visitorRounds } from "../db/schema";
import { ApiError, notFound } from "./errors";
import { parseInput } from "./parse";
import {
  countRoundAttempt,
  gameLimitsOf,
  isUniqueViolation,
  keptRunCount,
  replayable,
  SESSION_GRACE_SECONDS,
  stepsAllowed,
} from "./round-rules";
import type { Referees } from "./ports";
import {
  type CardDealers,
  hidesInformation,
  hiddenDealOf,
  playCard,
} from "./card-faces";
import { addressBlock, type RateLimiter } from "./rate-limits";
import { checkedLog, dealSeed, scoreRefused } from "./replay";
import { bestScoreWrite, type ScoreService } from "./scores";
import { hashToken, randomToken } from "./tokens";
import { heldFields } from "./fair-play";
import { forgetRunLog, keepRunLog, type RunLogStore } from "./run-logs";

const CLAIM_WINDOW_MS = VISITOR_ROUND_CLAIM_MINUTES * 60_000;
/** Rounds nobody claimed are deleted by the cron after a day. */
const KEPT_FOR_MS = 24 * 60 * 60_000;

const conflict = (message: string) =>
  new ApiError(409, "visitor_round", message);

type Round = typeof visitorRounds.$inferSelect;

/**
 * A visitor's round, kept for their account (issue #21; docs/features.md "A visitor's round is kept"). `start` deals the seed
 * and a claim token, `finish` keeps the input log within the game's time, `claim` replays the log (a Referee, as for
 * any round, ADR 015) and writes it as the caller's session, score, best score and run in one batch. The session's
 * unique `visitor_round_id` makes a repeated or racing claim write nothing twice.
 */
/** What a visitor's round needs besides the database. */
interface VisitorRoundDeps {
  referees: Referees;
  dealers: CardDealers;
  limits: RateLimiter;
  scores: Pick<ScoreService, "highScore">;
  runLogs: RunLogStore;
}

/** The round whose token this is; any other id or token is the same 404, so rounds cannot be probed. */
async function roundFor(db: Db, id: number, token: string): Promise<Round> {
  const [round] = await db
    .select()
    .from(visitorRounds)
    .where(
      and(
        eq(visitorRounds.id, id),
        eq(visitorRounds.tokenHash, await hashToken(token)),
      ),
    )
    .limit(1);
  if (!round) throw notFound(VISITOR_ROUND_MESSAGES.unknown);
  return round;
}

/** The session a claim made of the round, if one did. */
async function keptAs(db: Db, roundId: number) {
  const [kept] = await db
    .select({
      id: gameStats.id,
      userId: gameStats.userId,
      gameId: gameStats.gameId,
      score: gameStats.score,
      playTime: gameStats.playTime,
      scoreId: scores.id,
      review: scores.review,
    })
    .from(gameStats)
    .innerJoin(scores, eq(scores.statsId, gameStats.id))
    .where(eq(gameStats.visitorRoundId, roundId))
    .limit(1);
  return kept ?? null;
}

/** The claimer's answer, the same for the claim that wrote it and any repeat of it. */
async function resultFor(
  deps: VisitorRoundDeps,
  kept: NonNullable<Awaited<ReturnType<typeof keptAs>>>,
  userId: number,
): Promise<RoundResult> {
  if (kept.userId !== userId)
    throw conflict(VISITOR_ROUND_MESSAGES.otherAccount);
  return {
    _id: kept.scoreId,
    score: kept.score ?? 0,
    stats_id: kept.id,
    play_time: kept.playTime,
    best: await deps.scores.highScore(kept.gameId, userId),
    challenge: null,
    match_id: null,
    held: kept.review === "held",
  };
}

/**
 * POST /api/visitor-rounds/{id}/claim: the round becomes the signed-in caller's, believed only if its log replays
 * to its score from the dealt seed within the time the server saw pass before it ended.
 */
async function claimRound(
  db: Db,
  deps: VisitorRoundDeps,
  userId: number,
  id: number,
  body: unknown,
  address: string,
  now = Date.now(),
): Promise<RoundResult> {
  const { token } = parseInput(ClaimVisitorRoundSchema, body);
  const round = await roundFor(db, id, token);
  const kept = await keptAs(db, round.id);
  if (kept) return resultFor(deps, kept, userId);
  const { finishedAt, score, inputLog } = round;
  if (!finishedAt || score === null)
    throw conflict(VISITOR_ROUND_MESSAGES.unfinished);
  // The sweep drops the log of a round nobody claimed in time.
  if (now - finishedAt.getTime() > CLAIM_WINDOW_MS || inputLog === null)
    throw new ApiError(410, "expired", VISITOR_ROUND_MESSAGES.expired);
  // A claim makes a session and a score: it counts as starting a game and as submitting a round, before the
  // replay, and a round is replayed at most as often as a session's (ADR 015).
  await countRoundAttempt(deps.limits, userId, address, [
    { name: "sessionStartPerUser", subject: userId },
    { name: "replaysPerSession", subject: `visitor:${round.id}` },
  ]);
  const game = await gameLimitsOf(db, round.gameId);
  const verified = await deps.referees.verify(
    game.slug,
    round.seed,
    inputLog,
    score,
    stepsAllowed(game, finishedAt.getTime() - round.createdAt.getTime()),
    await hiddenDealOf(
      deps.dealers,
      game.slug,
      `visitor:${round.id}`,
      round.hiddenSeed,
    ),
  );
  const session = sql`(select ${gameStats.id} from ${gameStats} where ${gameStats.visitorRoundId} = ${round.id})`;
  // Off the day's and week's boards (ADR 027): a visitor's seeds are dealt to no account, so a player could open
  // rounds signed out, leave the bad seeds and claim only a good one. The all-time board takes it.
  const held = verified.held !== null;
  const keptCount = await keptRunCount(deps.limits, userId, {
    score,
    log: inputLog,
    match: false,
  });
  // In R2 before the batch, so no row names a log that is not there; a log R2 refused leaves the run unkept.
  const log = keptCount
    ? await keepRunLog(deps.runLogs, inputLog, verified.moves)
    : null;
  try {
    await db.batch([
      db.insert(gameStats).values({
        userId,
        gameId: game.id,
        seed: round.seed,
        hiddenSeed: round.hiddenSeed,
        score,
        playTime: round.playTime,
        scoredAt: finishedAt,
        endedAt: finishedAt,
        createdAt: round.createdAt,
        visitorRoundId: round.id,
      }),
      db.insert(scores).values({
        userId,
        gameId: game.id,
        score,
        statsId: session,
        createdAt: finishedAt,
        ...heldFields(verified),
      }),
      // A round held for review stays off the boards until a moderator lets it on (ADR 032).
      ...(held
        ? []
        : [
            bestScoreWrite(db, {
              gameId: game.id,
              userId,
              score,
              statsId: session,
              now,
            }),
          ]),
      ...(log
        ? [
            db.insert(playerMoves).values({
              statsId: session,
              userId,
              gameId: game.id,
              score,
              // In R2 beside the log (ADR 047).
              moves: [],
              seed: round.seed,
              publicId: log.publicId,
              logBytes: log.logBytes,
              steps: verified.steps,
            }),
          ]
        : []),
      ...(log && keptCount ? [keptCount.count] : []),
    ]);
  } catch (error) {
    await forgetRunLog(deps.runLogs, log);
    // A racing twin of this claim, or of another account's, wrote first: answer as it did.
    if (!isUniqueViolation(error)) throw error;
  }
  const written = await keptAs(db, round.id);
  if (!written) throw conflict(VISITOR_ROUND_MESSAGES.unfinished);
  return resultFor(deps, written, userId);
}

export function createVisitorRoundService(db: Db, deps: VisitorRoundDeps) {
  return {
    /** POST /api/visitor-rounds: a visitor's round of one of our games, with its seed and claim token. */
    async start(address: string, body: unknown): Promise<VisitorRound> {
      const input = parseInput(StartVisitorRoundSchema, body);
      const game = await gameLimitsOf(db, input.game_id);
      if (!replayable(game))
        throw new ApiError(
          422,
          "not_replayable",
          VISITOR_ROUND_MESSAGES.notReplayable,
        );
      await deps.limits.hit("visitorRoundPerAddress", address);
      const token = randomToken();
      const seed = dealSeed();
      const [round] = await db
        .insert(visitorRounds)
        .values({
          gameId: game.id,
          seed,
          hiddenSeed: dealSeed(),
          tokenHash: await hashToken(token),
        })
        .returning({ id: visitorRounds.id });
      return { id: round.id, game_id: game.id, seed, token };
    },

    /**
     * POST /api/visitor-rounds/{id}/reveal: the face of a card turned in a visitor's round of a game that hides its
     * faces (ADR 014), as for a player's session: only with the round's token, while it plays.
     */
    async reveal(id: number, body: unknown, address: string, now = Date.now()) {
      await deps.limits.hit("revealPerAddress", addressBlock(address));
      const input = parseInput(RevealVisitorCardSchema, body);
      const round = await roundFor(db, id, input.token);
      const game = await gameLimitsOf(db, round.gameId);
      if (!hidesInformation(game.slug) || round.hiddenSeed === null)
        throw new ApiError(422, "not_hidden", REVEAL_MESSAGES.notHidden);
      const elapsedMs = now - round.createdAt.getTime();
      if (
        round.finishedAt ||
        elapsedMs > (game.maximumGameTime + SESSION_GRACE_SECONDS) * 1000
      )
        throw conflict(REVEAL_MESSAGES.closed);
      return playCard(deps.dealers, `visitor:${round.id}`, round.hiddenSeed, {
        turn: input.turn,
        level: input.level,
        card: input.card,
      });
    },

    /**
     * PUT /api/visitor-rounds/{id}: the round ended. Its log is kept only within the game's time since the seed was
     * dealt, like a session's score, so nobody can take the seed away and search for a better log at leisure; only if
     * it decodes, lasts no longer than the server saw pass and keeps to what a person can do; and only while the
     * address's network is within its day's rounds and bytes (ADR 030).
     */
    async finish(id: number, body: unknown, address: string, now = Date.now()) {
      const input = parseInput(FinishVisitorRoundSchema, body);
      const round = await roundFor(db, id, input.token);
      if (round.finishedAt) throw conflict(VISITOR_ROUND_MESSAGES.finished);
      const game = await gameLimitsOf(db, round.gameId);
      const elapsedMs = now - round.createdAt.getTime();
      if (elapsedMs > (game.maximumGameTime + SESSION_GRACE_SECONDS) * 1000)
        throw scoreRefused(
          `This round ran longer than the game allows (${game.maximumGameTime} s)`,
        );
      checkedLog(input.log, stepsAllowed(game, elapsedMs));
      const network = addressBlock(address);
      await deps.limits.hit("visitorRoundKeptPerAddress", network, now);
      await deps.limits.hit(
        "visitorLogBytesPerAddress",
        network,
        now,
        input.log.length,
      );
      const [finished] = await db
        .update(visitorRounds)
        .set({
          score: input.score,
          inputLog: input.log,
          playTime:
            input.play_time === undefined
              ? null
              : Math.min(
                  Math.round(input.play_time),
                  Math.ceil(elapsedMs / 1000),
                ),
          finishedAt: new Date(now),
        })
        .where(and(eq(visitorRounds.id, id), isNull(visitorRounds.finishedAt)))
        .returning({ id: visitorRounds.id });
      if (!finished) throw conflict(VISITOR_ROUND_MESSAGES.finished);
      return {
        id,
        score: input.score,
        claimable_until: new Date(now + CLAIM_WINDOW_MS).toISOString(),
      };
    },

    claim: (
      userId: number,
      id: number,
      body: unknown,
      address: string,
      now = Date.now(),
    ) => claimRound(db, deps, userId, id, body, address, now),

    /**
     * The hourly cron: drops a round's log once it can no longer be claimed (a claimed run keeps its own copy), so a
     * log is kept about two hours at most; and drops a round nobody claimed a day old (a claimed one stays).
     */
    async sweep(now = Date.now()): Promise<void> {
      const unclaimed = sql`not exists (select 1 from ${gameStats} where ${gameStats.visitorRoundId} = ${visitorRounds.id})`;
      await db.batch([
        db
          .update(visitorRounds)
          .set({ inputLog: null })
          .where(
            and(
              lt(visitorRounds.finishedAt, new Date(now - CLAIM_WINDOW_MS)),
              isNotNull(visitorRounds.inputLog),
            ),
          ),
        db
          .delete(visitorRounds)
          .where(
            and(
              lt(visitorRounds.createdAt, new Date(now - KEPT_FOR_MS)),
              unclaimed,
            ),
          ),
      ]);
    },
  };
}
