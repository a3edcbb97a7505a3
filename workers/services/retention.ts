import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { foldLedger } from "./ledger-fold";
import { runKeys, type RunLogStore } from "./run-logs";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * The first millisecond of the UTC day, and of its week (Monday), of `t.created_at` (contract/tournaments.ts). The
 * column's default, `unixepoch('subsec') * 1000`, is a real: cast, so the day compares equal to a board's integer.
 */
const at = "cast(t.created_at as integer)";
const dayOf = `(${at} - ${at} % 86400000)`;
const weekOf = `(${dayOf} - ((${at} / 86400000 + 3) % 7) * 86400000)`;

/**
 * A period board row or a prize of the day and week the row was written in, or of the next ones (a round opened
 * just before midnight is scored just after it): four lookups of the boards' primary keys, never a scan.
 */
const onPeriodOf = (alias: string) =>
  `((${alias}.period = 'daily' and ${alias}.period_start in (${dayOf}, ${dayOf} + ${DAY_MS}))
    or (${alias}.period = 'weekly' and ${alias}.period_start in (${weekOf}, ${weekOf} + ${WEEK_MS})))`;

/** The first runs of a game's all-time board: their runs are watched from it for ever (at most 100 index reads). */
export const BOARD_RUNS_KEPT = 100;

/**
 * Days a play session and its run are kept when nothing reads them (ADR 047): tournaments count a day's attempts,
 * and bots replay the latest runs, the boards' first 100 among them.
 */
export const RUN_DAYS = 2;

/** A game a developer publishes (ADR 041): its dashboard reads 30 days of its sessions and events (ADR 043). */
const developersGame = `exists (select 1 from game_versions v where v.game_id = t.game_id)`;

/**
 * The run `t` is a best score among the first BOARD_RUNS_KEPT players of its game's all-time board: fewer than that
 * many ahead of it in the board's order, a higher score or the same one reached earlier (`playersAhead`,
 * services/scores.ts). Two ranges of the rank index, each read at most BOARD_RUNS_KEPT rows deep: counting higher
 * scores alone kept every run tied at a game's top score, however many players reached it.
 */
export const inBoardsFirstRuns = `exists (select 1 from best_scores b
    where b.game_id = t.game_id and b.user_id = t.user_id and b.stats_id = t.stats_id
    and (select count(*) from (select 1 from best_scores a
      where a.game_id = b.game_id and a.score > b.score limit ${BOARD_RUNS_KEPT}))
      + (select count(*) from (select 1 from best_scores a
      where a.game_id = b.game_id and a.score = b.score and a.arrival < b.arrival limit ${BOARD_RUNS_KEPT}))
      < ${BOARD_RUNS_KEPT})`;

/** Runs on a board or behind a result someone can open: never pruned while the reference lasts (ADR 047). */
const runReferenced = `
  ${inBoardsFirstRuns}
  or exists (select 1 from period_best_scores p
    where p.game_id = t.game_id and ${onPeriodOf("p")} and p.user_id = t.user_id and p.stats_id = t.stats_id)
  or exists (select 1 from tournament_prizes tp
    where tp.game_id = t.game_id and ${onPeriodOf("tp")} and tp.user_id = t.user_id and tp.score = t.score)
  or exists (select 1 from match_results m where m.stats_id = t.stats_id)
  or exists (select 1 from match_results m where m.bot_run_id = t.id)
  or exists (select 1 from game_stats g join match_results m on m.room_id = g.room_id where g.id = t.stats_id)
  or exists (select 1 from challenges c where c.round_stats_id = t.stats_id)
  or exists (select 1 from scores s where s.stats_id = t.stats_id
    and (s.review = 'held' or exists (select 1 from score_shares sh where sh.score_id = s.id)))`;

/**
 * Sessions something still reads: their kept run (deleting the session would cascade to it), a challenge's, a
 * match's, a held round's; and a developer's game's for 60 days, with each player's first of it for ever, which
 * its dashboard's first days and returns read (ADR 043).
 */
const sessionReferenced = (now: number) => `
  exists (select 1 from player_moves pm where pm.stats_id = t.id)
  or exists (select 1 from challenges c where c.round_stats_id = t.id)
  or exists (select 1 from match_results m where m.stats_id = t.id)
  or exists (select 1 from scores s where s.stats_id = t.id and s.review = 'held')
  or (${developersGame} and (t.created_at >= ${now - 60 * DAY_MS} or not exists (select 1 from game_stats e
    where e.game_id = t.game_id and e.user_id = t.user_id
    and e.created_at <= t.created_at and (e.created_at < t.created_at or e.id < t.id))))`;

/** Rounds something still reads: held or removed by a review, or shared. */
const scoreReferenced = `
  ifnull(t.review, '') in ('held', 'removed')
  or exists (select 1 from score_shares sh where sh.score_id = t.id)`;

interface RetentionRule {
  table: string;
  /** Days a row is kept after `created_at` (or `column`); null when `due` decides alone. */
  days: number | null;
  column?: string;
  /** Rows past `days` that stay, as SQL on the row `t` (given `now` when a longer window applies to some). */
  keep?: string | ((now: number) => string);
  /**
   * A reference to these rows the database holds without its ON DELETE SET NULL (migration 0004 added
   * scores.stats_id without it, though the schema says it): set null in the same batch as the delete.
   */
  detach?: { table: string; column: string };
  /** Rows due whatever their age (an expired sign-in), as SQL on `t` given `now`. */
  due?: (now: number) => string;
  /**
   * The primary key of a WITHOUT ROWID table (which has no rowid to name its rows by): each chunk is deleted in one
   * statement, by the keys of its due rows. Only for a rule with neither `keep` nor `detach`.
   */
  key?: readonly string[];
}

/**
 * What D1 keeps, table by table (ADR 047). Tables not listed keep their rows for ever: the ledger, challenges, best
 * scores and their count trees, tournament boards and prizes, match results, the moderation log, users. Runs go
 * first: a session is then kept exactly when its run was.
 */
const RETENTION: readonly RetentionRule[] = [
  // A match's summary for 8 days, or while a shared result shows it; first, so its runs go in the same run.
  {
    table: "match_results",
    days: 8,
    keep: "exists (select 1 from score_shares sh where sh.match_id = t.id)",
  },
  // A run nothing shows lives as long as its session: a board's, a match's or a shared round's stays (ADR 047).
  { table: "player_moves", days: RUN_DAYS, keep: runReferenced },
  {
    table: "game_stats",
    days: RUN_DAYS,
    keep: sessionReferenced,
    detach: { table: "scores", column: "stats_id" },
  },
  { table: "scores", days: 8, keep: scoreReferenced },
  { table: "notifications", days: 90 },
  { table: "plays", days: 14, key: ["user_id", "game_id"] },
  // Product events and our own games' go to Analytics Engine in production; a developer's game's feed its dashboard.
  {
    table: "events",
    days: 2,
    keep: (now) =>
      `t.game_id is not null and t.created_at >= ${now - 35 * DAY_MS} and ${developersGame}`,
  },
  { table: "db_size_samples", days: 90, column: "taken_at" },
  { table: "sessions", days: null, due: (now) => `t.expires_at < ${now}` },
  {
    table: "account_tokens",
    days: null,
    due: (now) =>
      `t.used_at < ${now - DAY_MS} or t.expires_at < ${now - DAY_MS}`,
  },
  {
    table: "reports",
    days: 365,
    due: (now) =>
      `t.status <> 'open' and t.resolved_at < ${now - 365 * DAY_MS}`,
  },
];

/** A run's bounds: rows a statement deletes, and statements a table gets, so one run deletes at most 10 × 50,000 rows. */
const PRUNE_CHUNK = 500;
const PRUNE_MAX_CHUNKS = 100;

interface DueRow {
  id: number;
  /** The row's time: where the next statement of the same run starts its walk. */
  at: number | null;
  publicId?: string;
  logBytes?: number | null;
}

/**
 * The next `chunk` rows due, oldest first along the time index, from `from` on: within one run a statement starts
 * where the one before stopped, so the old rows that stay (a best score's run) are read once a run, not once a chunk.
 */
function dueRows(
  rule: RetentionRule,
  now: number,
  chunk: number,
  from: number | null,
  /** What to select instead of the rowid and the time: a WITHOUT ROWID table's key. */
  only?: string,
): string {
  const column = `t.${rule.column ?? "created_at"}`;
  const aged = rule.days !== null;
  const conditions = [
    aged ? `${column} < ${now - rule.days! * DAY_MS}` : null,
    aged && from !== null ? `${column} >= ${from}` : null,
    rule.due ? `(${rule.due(now)})` : null,
    rule.keep ? `not (${keepOf(rule, now)})` : null,
  ].filter((condition) => condition !== null);
  const runs =
    rule.table === "player_moves"
      ? ", t.public_id as publicId, t.log_bytes as logBytes"
      : "";
  return `select ${only ?? `t.rowid as id, ${aged ? column : "null"} as at${runs}`} from ${rule.table} as t
      where ${conditions.join(" and ")} ${aged ? `order by ${column}` : ""} limit ${chunk}`;
}

const keepOf = (rule: RetentionRule, now: number) =>
  typeof rule.keep === "function" ? rule.keep(now) : (rule.keep ?? "");

/** Deletes the rows among `ids` still due (a row referenced since it was read stays), and answers how many. */
async function deleteRows(
  db: Db,
  rule: RetentionRule,
  ids: number[],
  now: number,
): Promise<number> {
  const list = ids.join(", ");
  const remove = db.run(
    sql.raw(
      `delete from ${rule.table} as t where t.rowid in (${list})${rule.keep ? ` and not (${keepOf(rule, now)})` : ""}`,
    ),
  );
  if (!rule.detach) return (await remove).meta.changes ?? 0;
  const { table, column } = rule.detach;
  const [, removed] = await db.batch([
    db.run(
      sql.raw(
        `update ${table} set ${column} = null where ${column} in (${list})`,
      ),
    ),
    remove,
  ]);
  return removed.meta.changes ?? 0;
}

export function createRetentionService(db: Db, media: RunLogStore) {
  async function pruneTable(
    rule: RetentionRule,
    now: number,
    chunk: number,
    maxChunks: number,
  ): Promise<number> {
    let deleted = 0;
    if (rule.key) {
      const key = rule.key.map((column) => `t.${column}`).join(", ");
      for (let i = 0; i < maxChunks; i++) {
        const removed = await db.run(
          sql.raw(
            `delete from ${rule.table} where (${rule.key.join(", ")}) in (${dueRows(rule, now, chunk, null, key)})`,
          ),
        );
        deleted += removed.meta.changes ?? 0;
        if ((removed.meta.changes ?? 0) < chunk) break;
      }
      return deleted;
    }
    let from: number | null = null;
    for (let i = 0; i < maxChunks; i++) {
      const rows: DueRow[] = await db.all<DueRow>(
        sql.raw(dueRows(rule, now, chunk, from)),
      );
      if (rows.length === 0) break;
      deleted += await deleteRows(
        db,
        rule,
        rows.map((row) => Number(row.id)),
        now,
      );
      const logKeys = rows
        .filter((row) => row.logBytes != null)
        .flatMap((row) => runKeys(row.publicId!));
      // Deleted after the rows, so a failure leaves an unread object behind, never a row without its log. R2 takes
      // at most 1,000 keys a call.
      for (let at = 0; at < logKeys.length; at += 1000)
        await media.delete(logKeys.slice(at, at + 1000));
      if (rows.length < chunk) break;
      from = rows[rows.length - 1].at;
    }
    return deleted;
  }

  return {
    /**
     * The hourly cron: deletes what the RETENTION table says is past its time at `now`, in statements of `chunk`
     * rows and at most `maxChunks` statements a table, and answers the rows deleted per table. What it leaves for
     * lack of budget goes on the next run.
     */
    async prune(
      now = Date.now(),
      { chunk = PRUNE_CHUNK, maxChunks = PRUNE_MAX_CHUNKS } = {},
    ): Promise<Record<string, number>> {
      const deleted: Record<string, number> = {};
      for (const rule of RETENTION)
        deleted[rule.table] = await pruneTable(rule, now, chunk, maxChunks);
      deleted.ledger = await foldLedger(db, now);
      return deleted;
    },
  };
}
