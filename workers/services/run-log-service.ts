import { and, asc, eq, isNotNull } from "drizzle-orm";
import { RUN_NOT_KEPT, runIdSchema, type RunView } from "#contract/runs";
import type { Db } from "../db/client";
import { gameStats, playerMoves, users } from "../db/schema";
import { notFound } from "./errors";
import { privateRunPlayers } from "./run-privacy";
import {
  readRunLog,
  RUN_LOG_GONE,
  runLogKey,
  type RunLogStore,
} from "./run-logs";

/**
 * GET /api/runs/{runId} and /watch/{runId}: a replayed run, to watch it. A 404 when none was kept under that id, and,
 * so that its existence is not told, when it is private (a challenge's round, a private match's) and `viewerId` is
 * not one of its players. The log is read last, from D1 for a row the hourly move has not reached, else from R2.
 */
async function keptRun(
  db: Db,
  store: RunLogStore,
  input: unknown,
  viewerId: number | null,
): Promise<RunView> {
  // An address that is not a run id (an old numeric one included) names no kept run: 404, as for an unknown id.
  const parsed = runIdSchema.safeParse(input);
  if (!parsed.success) throw notFound(RUN_NOT_KEPT);
  const [row] = await db
    .select({
      publicId: playerMoves.publicId,
      statsId: playerMoves.statsId,
      gameId: playerMoves.gameId,
      playerId: playerMoves.userId,
      name: users.name,
      score: playerMoves.score,
      seed: playerMoves.seed,
      hiddenSeed: gameStats.hiddenSeed,
      inputLog: playerMoves.inputLog,
      logBytes: playerMoves.logBytes,
      steps: playerMoves.steps,
    })
    .from(playerMoves)
    .innerJoin(users, eq(playerMoves.userId, users.id))
    .leftJoin(gameStats, eq(gameStats.id, playerMoves.statsId))
    .where(eq(playerMoves.publicId, parsed.data))
    .limit(1);
  const replayed = row && (row.inputLog !== null || row.logBytes !== null);
  if (!replayed || row.seed === null || row.steps === null)
    throw notFound(RUN_NOT_KEPT);
  const players = await privateRunPlayers(db, row.statsId);
  if (players && (viewerId === null || !players.includes(viewerId)))
    throw notFound(RUN_NOT_KEPT);
  const log = await readRunLog(store, row);
  if (log === null) throw notFound(RUN_LOG_GONE);
  return {
    run_id: row.publicId,
    game_id: row.gameId,
    player_id: row.playerId,
    player_name: row.name,
    score: row.score,
    seed: row.seed,
    // Only a kept run's, and a run is kept once its round is scored: its faces can no longer be played.
    hidden_seed: row.hiddenSeed,
    log,
    steps: row.steps,
  };
}

/**
 * Puts up to `limit` logs of runs kept before ADR 047 in R2 at their run's key, then empties each row's column in one
 * batch. Each update holds only while the row still has its log, so a second or concurrent run moves nothing twice
 * (putting the same content at the same key again changes nothing). Returns how many rows it moved.
 */
async function moveLegacy(
  db: Db,
  store: RunLogStore,
  limit: number,
): Promise<number> {
  // Walks the partial index player_moves_log_in_d1_idx, which holds only the rows still to move.
  const rows = await db
    .select({
      id: playerMoves.id,
      publicId: playerMoves.publicId,
      inputLog: playerMoves.inputLog,
    })
    .from(playerMoves)
    .where(isNotNull(playerMoves.inputLog))
    .orderBy(asc(playerMoves.id))
    .limit(limit);
  const put = await Promise.allSettled(
    rows.map((row) => store.put(runLogKey(row.publicId), row.inputLog)),
  );
  // A log R2 refused stays in D1 for the next hour's run.
  const updates = rows
    .filter((_, at) => put[at].status === "fulfilled")
    .map((row) =>
      db
        .update(playerMoves)
        .set({ logBytes: row.inputLog!.length, inputLog: null })
        .where(and(eq(playerMoves.id, row.id), isNotNull(playerMoves.inputLog)))
        .returning({ id: playerMoves.id }),
    );
  if (updates.length === 0) return 0;
  const [first, ...rest] = updates;
  const moved = await db.batch([first, ...rest]);
  return moved.filter((updated) => updated.length > 0).length;
}

/** Kept runs' input logs, in R2 (ADR 047): watching a run, and the hourly move of the logs still in D1. */
export function createRunLogService(db: Db, store: RunLogStore) {
  return {
    run: (input: unknown, viewerId: number | null) =>
      keptRun(db, store, input, viewerId),
    moveLegacy: (limit = 200) => moveLegacy(db, store, limit),
  };
}
