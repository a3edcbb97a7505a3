// One simulated stretch of days in a fresh local D1 (workerd through Miniflare, the real migrations, the catalogue),
// sampling the database's size from its file as it goes.
import { Miniflare } from "miniflare";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "../../workers/db/client";
import { games as gamesTable } from "../../workers/db/schema";
import { catalogueSql } from "../../workers/seed/catalogue-sql";
import { createRateLimiter } from "../../workers/services/rate-limits";
import { RUN_DAYS, inBoardsFirstRuns } from "../../workers/services/retention";
import { verifyRound } from "../../workers/services/replay";
import { createTournamentService } from "../../workers/services/tournaments";
import { createVisitorRoundService } from "../../workers/services/visitor-rounds";
import { D1_WORKER, d1OverFetch } from "../d1-over-fetch";
import { simulateDay } from "./growth-day";
import type { SizeSample } from "./growth-projection";
import type { GameBoard } from "./growth-ranks";
import {
  DAY_MS,
  createSimulation,
  maxScoreOf,
  type SimGame,
} from "./growth-sim";
import { databaseImage, databaseSize, type DatabaseSize } from "./sqlite-pages";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The retention prune, called as the hourly job would at each day's end. */
export type Prune = (
  db: Db,
  media: R2Bucket,
) => (now: number) => Promise<unknown>;

export interface RunResult {
  samples: SizeSample[];
  /** R2 bytes of kept runs' logs after each sampled day (one object a kept run, the size in player_moves.log_bytes). */
  r2Samples: SizeSample[];
  final: DatabaseSize;
  /** Best scores and the arrivals they took (new bests ever), in all, after each sampled day: growth-ranks.ts. */
  boardSamples: SizeSample[];
  /**
   * Rows of player_moves and game_stats after each sampled day, split by why they are there (keptRows): the bounded
   * part is kept for the all-time boards' first 100 and does not grow with players.
   */
  keptSamples: SizeSample[];
  /** Each game's board at the end. */
  boards: (GameBoard & {
    gameId: number;
    slug: string;
    /** Best scores at the game's top best score: the first 100 keeps every run tied within it. */
    topTied: number;
  })[];
  rounds: number;
  playerDays: number;
  runsKept: number;
  seconds: number;
}

/** The D1 database's SQLite file under Miniflare's persist directory (the other file is Miniflare's metadata). */
function d1File(dir: string): string {
  const folder = path.join(dir, "miniflare-D1DatabaseObject");
  const name = readdirSync(folder).find(
    (file) => file.endsWith(".sqlite") && file !== "metadata.sqlite",
  );
  if (!name) throw new Error(`No D1 database file in ${folder}`);
  return path.join(folder, name);
}

/** The database's size read from its file, with what is still in the write-ahead log. */
export function sizeOfFile(file: string): DatabaseSize {
  const wal = `${file}-wal`;
  return databaseSize(
    databaseImage(
      readFileSync(file),
      existsSync(wal) ? readFileSync(wal) : undefined,
    ),
  );
}

/** Rows per table: the entries of its own b-tree (its indexes hold as many again). */
export function rowsByTable(size: DatabaseSize): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const btree of size.btrees)
    if (btree.type === "table") rows[btree.table] = btree.rows;
  return rows;
}

/** Bytes per table, each table's indexes counted with it. */
export function byTable(size: DatabaseSize): Record<string, number> {
  const tables: Record<string, number> = {};
  for (const btree of size.btrees)
    tables[btree.table] = (tables[btree.table] ?? 0) + btree.bytes;
  return tables;
}

/**
 * Why an old run is still there, as the retention's own tests (workers/services/retention.ts): in its game's all-time
 * board's first BOARD_RUNS_KEPT, a tournament prize's, or a reason that grows with players. Those last are read wider
 * than the retention reads them (a period board or a prize of any period), so a run in doubt grows with players.
 */
const aPrize = `exists (select 1 from tournament_prizes tp
    where tp.game_id = t.game_id and tp.user_id = t.user_id and tp.score = t.score)`;
const noOtherReason = `not exists (select 1 from period_best_scores p where p.stats_id = t.stats_id)
  and not exists (select 1 from match_results m where m.stats_id = t.stats_id or m.bot_run_id = t.id)
  and not exists (select 1 from game_stats g join match_results m on m.room_id = g.room_id where g.id = t.stats_id)
  and not exists (select 1 from challenges c where c.round_stats_id = t.stats_id)
  and not exists (select 1 from scores s where s.stats_id = t.stats_id
    and (s.review = 'held' or exists (select 1 from score_shares sh where sh.score_id = s.id)))
  and not exists (select 1 from game_versions v where v.game_id = t.game_id)`;

/**
 * Rows of runs and sessions at `now`, after the day's prune: runs of the last RUN_DAYS days (`runs:window`), older
 * ones kept only for an all-time board (`runs:boards`) or only for a prize (`runs:prizes`: three a board and period),
 * and the sessions those pin (`sessions:…`: a run's session cascades to it, so it stays while the run does). The
 * rest of each table grows with players. Runs tied at a game's highest possible score are board runs like any other:
 * the first 100 players of the board's order, the same score reached earlier going first.
 */
export async function keptRows(
  db: Db,
  now: number,
): Promise<Record<string, number>> {
  const cut = now - RUN_DAYS * DAY_MS;
  const old = `t.created_at < ${cut} and ${noOtherReason}`;
  const parts = {
    boards: `${old} and ${inBoardsFirstRuns}`,
    prizes: `${old} and not ${inBoardsFirstRuns} and ${aPrize}`,
  };
  const counts = Object.entries(parts).flatMap(([part, where]) => [
    `(select count(*) from player_moves t where ${where}) as "runs:${part}"`,
    `(select count(*) from game_stats g join player_moves t on t.stats_id = g.id where ${where}) as "sessions:${part}"`,
  ]);
  const row = await db.get<Record<string, number>>(
    sql.raw(`select
      (select count(*) from player_moves) as "runs",
      (select count(*) from player_moves where created_at >= ${cut}) as "runs:window",
      (select count(*) from game_stats) as "sessions",
      ${counts.join(",\n")}`),
  );
  return Object.fromEntries(
    Object.entries(row).map(([name, rows]) => [name, Number(rows)]),
  );
}

/** Applies migrations/*.sql in order, as wrangler does, each file in one batch. */
export async function migrate(d1: D1Database) {
  const folder = path.join(root, "migrations");
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(path.join(folder, file), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await d1.batch(statements.map((statement) => d1.prepare(statement)));
  }
}

/** The catalogue's games, each with a real recorded round of it (tests/fixtures/rounds) replayed for its timeline. */
async function simGames(db: Db): Promise<SimGame[]> {
  const rows = await db
    .select({ id: gamesTable.id, slug: gamesTable.slug })
    .from(gamesTable);
  const games: SimGame[] = [];
  for (const { id, slug } of rows) {
    const fixture = JSON.parse(
      readFileSync(
        path.join(root, `tests/fixtures/rounds/${slug}.json`),
        "utf8",
      ),
    ) as {
      seed: number;
      steps: number;
      score: number;
      log: string;
      hidden?: { seed: number; turns: [number, number][] };
    };
    // One at a time, with time to spare: the Worker's budget is for one round on a quiet isolate.
    const replayed = await verifyRound(
      slug,
      fixture.seed,
      fixture.log,
      fixture.score,
      fixture.steps,
      {
        hidden: fixture.hidden,
        budgetMs: 60_000,
      },
    );
    games.push({
      id,
      slug,
      log: fixture.log,
      steps: replayed.steps,
      moves: replayed.moves,
      typicalScore: Math.max(1, fixture.score),
    });
  }
  return games;
}

export async function runGrowth(options: {
  days: number;
  players: number;
  sampleEvery: number;
  prune: Prune | null;
  onDay?: (day: number) => void;
}): Promise<RunResult> {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), "bench-growth-"));
  const mf = new Miniflare({
    modules: true,
    script: D1_WORKER,
    d1Databases: { DB: "growth" },
    d1Persist: path.join(dir, "d1"),
    r2Buckets: ["MEDIA"],
    r2Persist: path.join(dir, "r2"),
  });
  try {
    const d1 = d1OverFetch(mf);
    const media = (await mf.getR2Bucket("MEDIA")) as unknown as R2Bucket;
    await migrate(d1);
    await d1.batch(catalogueSql().map((statement) => d1.prepare(statement)));
    const db = createDb(d1);
    const games = await simGames(db);
    const file = d1File(path.join(dir, "d1"));
    const startMs = Date.UTC(2027, 0, 4);
    const sim = createSimulation(db, (lines) => d1.exec(lines), { games });
    const limits = createRateLimiter(db);
    const tournaments = createTournamentService(db, async () => {});
    // The sweep reads and writes D1 only: the round-claiming services it is built with are never called.
    const visitorRounds = createVisitorRoundService(db, {
      limits,
    } as unknown as Parameters<typeof createVisitorRoundService>[1]);
    const prune = options.prune?.(db, media);
    // A kept run's two objects: its log (log_bytes) and its timeline, counted at the average the day's runs wrote.
    const movesWritten = { bytes: 0, runs: 0 };
    const r2Bytes = async () => {
      const { bytes, runs } = await db.get<{
        bytes: number | null;
        runs: number;
      }>(
        sql`select sum(log_bytes) as bytes, count(*) as runs from player_moves where log_bytes is not null`,
      );
      const perRun = movesWritten.runs
        ? movesWritten.bytes / movesWritten.runs
        : 0;
      return (bytes ?? 0) + runs * perRun;
    };
    const sample = (day: number): SizeSample => {
      const size = sizeOfFile(file);
      return { day, tables: byTable(size), rows: rowsByTable(size) };
    };
    const samples: SizeSample[] = [sample(0)];
    const r2Samples: SizeSample[] = [{ day: 0, tables: { runs: 0 } }];
    const boardCounts = async () => {
      const { rows } = await db.get<{ rows: number }>(
        sql`select count(*) as rows from best_scores`,
      );
      let arrivals = 0;
      for (const made of sim.arrivals.values()) arrivals += made;
      return { bestScores: rows, arrivals };
    };
    const boardSamples: SizeSample[] = [
      { day: 0, tables: { bestScores: 0, arrivals: 0 } },
    ];
    const keptSamples: SizeSample[] = [
      { day: 0, tables: await keptRows(db, startMs) },
    ];
    const totals = { rounds: 0, playerDays: 0, runsKept: 0 };
    for (let day = 0; day < options.days; day++) {
      const today = await simulateDay(db, sim, {
        day,
        players: options.players,
        games,
        startMs,
      });
      totals.rounds += today.rounds;
      totals.playerDays += today.players;
      totals.runsKept += today.runsKept;
      movesWritten.bytes += today.runMovesBytes;
      movesWritten.runs += today.runsKept;
      // The hourly job's work, as at 01:00 the next day: spent limits, visitors' rounds, tournaments, retention.
      const now = startMs + (day + 1) * DAY_MS + 3600_000;
      await limits.sweep(now);
      await visitorRounds.sweep(now);
      await tournaments.closeDue(now);
      await tournaments.purgeClosed(now);
      await prune?.(now);
      await sim.forgetPrunedRuns();
      options.onDay?.(day + 1);
      if ((day + 1) % options.sampleEvery === 0 || day + 1 === options.days) {
        samples.push(sample(day + 1));
        r2Samples.push({ day: day + 1, tables: { runs: await r2Bytes() } });
        boardSamples.push({ day: day + 1, tables: await boardCounts() });
        keptSamples.push({
          day: day + 1,
          tables: await keptRows(db, now),
        });
      }
    }
    const held = await db.all<{ gameId: number; rows: number }>(
      sql`select game_id as gameId, count(*) as rows from best_scores group by game_id`,
    );
    const tied = await db.all<{ gameId: number; rows: number }>(
      sql`select b.game_id as gameId, count(*) as rows from best_scores b
        where b.score = (select max(a.score) from best_scores a where a.game_id = b.game_id) group by b.game_id`,
    );
    const boards = games.map((game) => ({
      gameId: game.id,
      slug: game.slug,
      bestScores: held.find((row) => row.gameId === game.id)?.rows ?? 0,
      topTied: tied.find((row) => row.gameId === game.id)?.rows ?? 0,
      arrivals: sim.arrivals.get(game.id) ?? 0,
      maxScore: maxScoreOf(game),
    }));
    await mf.dispose();
    const final = sizeOfFile(file);
    return {
      samples,
      r2Samples,
      boardSamples,
      keptSamples,
      boards,
      final,
      ...totals,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await mf.dispose().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
