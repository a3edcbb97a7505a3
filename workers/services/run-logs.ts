import { sql, type SQL } from "drizzle-orm";
import type { Move } from "#contract/moves";
import { newRunId } from "#contract/runs";
import type { playerMoves } from "../db/schema";

/**
 * Kept runs' input logs live in R2, one immutable object per run, named by the run's public id (ADR 047): D1 keeps
 * the run's row (score, timeline, seed, steps) and the log's length in `player_moves.log_bytes`.
 */
export function runLogKey(publicId: string): string {
  return `runs/${publicId}.log`;
}

/**
 * A replayed run's timeline (ms, score), the bots' ghost, beside its log: at 6 KB a run on average it was the largest
 * column of D1 (ADR 047). Its row keeps an empty timeline.
 */
export function runMovesKey(publicId: string): string {
  return `runs/${publicId}.moves.json`;
}

/** Every R2 key a kept run's row names. */
export const runKeys = (publicId: string) => [
  runLogKey(publicId),
  runMovesKey(publicId),
];

/** The R2 side of the run logs: written once when a round's run is kept, read to watch or replay it, deleted when pruned. */
export type RunLogStore = Pick<R2Bucket, "put" | "get" | "delete">;

/** A run whose row exists but whose log R2 no longer holds: it cannot be watched. */
export const RUN_LOG_GONE =
  "This run's recording is no longer kept, so it cannot be watched";

/**
 * The run was replayed and its log kept: in R2, or still in D1 for a row from before the move. Reads no log: a
 * null test of the legacy column, whose rows the hourly move empties.
 */
export const hasRunLog = (moves: typeof playerMoves): SQL<number> =>
  sql<number>`(${moves.logBytes} is not null or ${moves.inputLog} is not null)`;

/** A new run's log as put in R2: the public id its row must be inserted with, and the log's length. */
export interface KeptLog {
  publicId: string;
  logBytes: number;
}

/**
 * Puts a new run's log in R2 before its row is written, so no row ever names a log that is not there. Null when R2
 * refused it: the round still scores, but its run is not kept.
 */
export async function keepRunLog(
  store: RunLogStore,
  log: string,
  moves: Move[],
): Promise<KeptLog | null> {
  const publicId = newRunId();
  try {
    await Promise.all([
      store.put(runLogKey(publicId), log),
      store.put(runMovesKey(publicId), JSON.stringify(moves)),
    ]);
  } catch (error) {
    await forgetRunLog(store, { publicId, logBytes: log.length });
    console.warn("A run's input log could not be put in R2", error);
    return null;
  }
  // base64url text: one byte a character.
  return { publicId, logBytes: log.length };
}

/** Best effort: the log of a run whose row was not written (a repeated round, a failed batch) is not left behind. */
export async function forgetRunLog(
  store: RunLogStore,
  kept: KeptLog | null,
): Promise<void> {
  if (!kept) return;
  await store.delete(runKeys(kept.publicId)).catch((error: unknown) => {
    console.warn("An unused run log could not be deleted from R2", error);
  });
}

/** A kept run's log: from D1 while the legacy column still holds it, else from R2; null when neither has it. */
export async function readRunLog(
  store: RunLogStore,
  run: { publicId: string; inputLog: string | null; logBytes: number | null },
): Promise<string | null> {
  if (run.inputLog !== null) return run.inputLog;
  if (run.logBytes === null) return null;
  const object = await store.get(runLogKey(run.publicId));
  return object ? object.text() : null;
}

/**
 * A run's timeline: in its row for runs kept before ADR 047 and for external games' runs (no log), else in R2 beside
 * its log. Empty when R2 no longer holds it: the run is then no one's ghost.
 */
export async function readRunMoves(
  store: RunLogStore,
  run: { publicId: string; moves: Move[]; logBytes: number | null },
): Promise<Move[]> {
  if (run.moves.length > 0 || run.logBytes === null) return run.moves;
  const object = await store.get(runMovesKey(run.publicId));
  return object ? (JSON.parse(await object.text()) as Move[]) : [];
}
