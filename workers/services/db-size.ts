import { desc, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dbSizeSamples } from "../db/schema";

/** D1's documented limit on a database's size (a paid account's); past it every write fails. */
const D1_LIMIT_BYTES = 10 * 1000 ** 3;

/** The share of the limit past which each hourly sample logs an error (ADR 047). */
const SIZE_WARNING = 0.7;

/**
 * The tables that grow with play, whose rows each sample estimates by their ids. "Recently played" (`plays`) has no
 * id (migration 0038) and holds at most a row a player and game started in the last 14 days.
 */
const GROWING_TABLES = [
  "game_stats",
  "scores",
  "player_moves",
  "events",
  "notifications",
  "ledger",
  "match_results",
  "visitor_rounds",
  "challenges",
  "moderation_log",
] as const;

const DAY_MS = 86_400_000;

interface SizeSample {
  bytes: number;
  tables: Record<string, number>;
  /** Set when the sample is past the warning: the tables that grew most since the sample a day before, most first. */
  grown?: Array<{ table: string; rows: number }>;
}

/**
 * Rows between the lowest and highest id: two reads of the primary key's ends, where count(*) reads every row. An
 * upper bound once old rows are pruned around kept ones; a day's growth is the rows written that day.
 */
const estimate = (table: string) =>
  sql.raw(
    `select '${table}' as name, coalesce(max(id) - min(id) + 1, 0) as rows from ${table}`,
  );

export function createDbSizeService(db: Db) {
  async function dayBefore(now: number) {
    const [row] = await db
      .select({ tables: dbSizeSamples.tables })
      .from(dbSizeSamples)
      .where(lte(dbSizeSamples.takenAt, new Date(now - DAY_MS)))
      .orderBy(desc(dbSizeSamples.takenAt))
      .limit(1);
    return row?.tables ?? {};
  }

  return {
    /**
     * The hourly cron: D1's size as D1 reports it with every answer (`meta.size_after`; D1 refuses
     * `PRAGMA page_count`), and each growing table's estimated rows, kept as a sample. Past `warning` of the limit
     * it logs an error naming the size, the share and what grew in the last day, for Workers Logs and `wrangler tail`.
     */
    async recordSize(
      now = Date.now(),
      { warning = SIZE_WARNING, limit = D1_LIMIT_BYTES } = {},
    ): Promise<SizeSample> {
      const answers = await db.batch([
        db.run(sql`select 1`),
        ...GROWING_TABLES.map((table) =>
          db.all<{ name: string; rows: number }>(estimate(table)),
        ),
      ]);
      const [probe, ...counts] = answers;
      const bytes = probe.meta.size_after;
      const tables = Object.fromEntries(
        counts.flat().map((row) => [row.name, Number(row.rows)]),
      );
      await db
        .insert(dbSizeSamples)
        .values({ bytes, tables, takenAt: new Date(now) });
      if (bytes < warning * limit) return { bytes, tables };
      const before = await dayBefore(now);
      const grown = Object.entries(tables)
        .map(([table, rows]) => ({ table, rows: rows - (before[table] ?? 0) }))
        .sort((a, b) => b.rows - a.rows)
        .slice(0, 5);
      console.error(
        `D1 is at ${(bytes / 1e9).toFixed(2)} GB, ${Math.round((bytes / limit) * 100)} % of its ${limit / 1e9} GB limit. ` +
          `Grown most in a day (rows): ${grown.map((g) => `${g.table} +${g.rows}`).join(", ")}. See docs/deploying.md, "Watching D1's size".`,
      );
      return { bytes, tables, grown };
    },
  };
}
