// `npm run bench:growth` (also a part of `npm run bench`): how D1, R2 and Durable Object storage grow under a hit
// game, from a simulated stretch of days (issue #35, ADR 025).
//   tsx scripts/bench/growth.ts
// A fresh D1 in workerd (Miniflare, reached through a small Worker: scripts/d1-over-fetch.ts), the real migrations and
// catalogue; each day P_sim players play, and everything they write goes in with the services' rows and statements
// (growth-sim.ts, growth-day.ts; the rates in growth-rates.ts). The hourly job's sweeps run after each day, and in the
// second run its retention prune (ADR 047).
// D1's size is read from the SQLite file itself, per table and index (sqlite-pages.ts). The figures are scaled
// linearly from P_sim to P = 100,000 daily players (but what is bounded per game: the rank trees, the runs kept for a
// board's first 100 or a prize) and projected to a year (growth-projection.ts). Kept runs' logs
// are R2 objects in production: their bytes are summed from player_moves.log_bytes, not written.
// Two runs: before retention (the hourly job as it was: BENCH_GROWTH_BEFORE_DAYS, default 28: everything then grows
// linearly or is already bounded) and after (BENCH_GROWTH_DAYS, default 140: every window has filled, and the first
// day's players' ledgers folded long before the last stretch is read).
// BENCH_GROWTH_PLAYERS sets P_sim (default 100). A miss is printed, never a failure.
import {
  BOARD_RUNS_KEPT,
  createRetentionService,
  RUN_DAYS,
} from "../../workers/services/retention";
import { describeRates } from "./growth-rates";
import { bytesPerChatMessage } from "./growth-objects";
import {
  boundedRows,
  project,
  type DerivedTables,
  type Projection,
} from "./growth-projection";
import { rankTreeRows } from "./growth-ranks";
import { runGrowth, type Prune, type RunResult } from "./growth-run";

const DAYS = Number(process.env.BENCH_GROWTH_DAYS ?? 140);
const BEFORE_DAYS = Number(process.env.BENCH_GROWTH_BEFORE_DAYS ?? 28);
const PLAYERS = Number(process.env.BENCH_GROWTH_PLAYERS ?? 100);
const SHOW_INDEXES = process.env.BENCH_GROWTH_INDEXES === "1";
const REAL_PLAYERS = 100_000;
const YEAR = 365;
const D1_LIMIT = 10 * 1e9;
const AIM_BYTES = 5 * 1e9;
/** Chat: messages a daily player sends a day, and their length (Conversations keep every message). */
const CHAT_MESSAGES_PER_PLAYER = 3;
const CHAT_MESSAGE_CHARS = 40;
/**
 * Tables whose rows are per game and period, not per player: not scaled. The rank count trees are neither: their
 * rows are counted for the real number of best scores by growth-ranks.ts.
 */
const PER_GAME_TABLES = new Set(["tournament_boards", "tournament_prizes"]);
const scaleOf = (table: string) =>
  PER_GAME_TABLES.has(table) ? 1 : REAL_PLAYERS / PLAYERS;

const started = performance.now();
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} KB`;

/**
 * The hourly job's prune (workers/services/retention.ts), run as often as the hourly job would at the day's end: again
 * while a run still finds rows past their time, at most the day's 24 runs.
 */
function retention(): Prune {
  return (db, media) => {
    const service = createRetentionService(db, media);
    return async (now) => {
      for (let run = 0; run < 24; run++) {
        const deleted = await service.prune(now);
        if (Object.values(deleted).every((rows) => rows === 0)) break;
      }
    };
  };
}

/** Bytes a row of `table`, its indexes included, at the end of the run. */
function bytesPerRow(result: RunResult, table: string): number {
  let bytes = 0;
  let rows = 0;
  for (const btree of result.final.btrees)
    if (btree.table === table) {
      bytes += btree.bytes;
      if (btree.type === "table") rows = btree.rows;
    }
  return rows ? bytes / rows : 0;
}

/**
 * The rank count trees' rows for the best scores and arrivals of P players on a day (both scaled and projected like a
 * table), shared among the games as in the run, at the bytes a row the run measured.
 */
function rankTrees(result: RunResult, stretch: number) {
  const counts = project(result.boardSamples, REAL_PLAYERS / PLAYERS, stretch);
  const held = result.boards.reduce((sum, board) => sum + board.bestScores, 0);
  const made = result.boards.reduce((sum, board) => sum + board.arrivals, 0);
  const rowsAt = (scale: (table: string) => number) =>
    result.boards.reduce(
      (rows, board) => {
        const tree = rankTreeRows({
          bestScores: (scale("bestScores") * board.bestScores) / (held || 1),
          arrivals: (scale("arrivals") * board.arrivals) / (made || 1),
          maxScore: board.maxScore,
        });
        return {
          score: rows.score + tree.scoreRows,
          arrival: rows.arrival + tree.arrivalRows,
        };
      },
      { score: 0, arrival: 0 },
    );
  const scoreBytes = bytesPerRow(result, "rank_score_counts");
  const arrivalBytes = bytesPerRow(result, "rank_arrival_counts");
  const derived: DerivedTables = {
    rank_score_counts: (day) =>
      rowsAt((name) => counts.tableBytesAt(name, day)).score * scoreBytes,
    rank_arrival_counts: (day) =>
      rowsAt((name) => counts.tableBytesAt(name, day)).arrival * arrivalBytes,
  };
  // The same bound at the simulated players, against the rows the triggers left: it must not be below them.
  const atRun = rowsAt((name) => (name === "bestScores" ? held : made));
  const measured = (table: string) =>
    result.final.btrees.find(
      (btree) => btree.table === table && btree.type === "table",
    )?.rows ?? 0;
  return {
    derived,
    check: `rank trees' rows by the bound at ${PLAYERS} players: ${Math.round(atRun.score)} and ${Math.round(atRun.arrival)}; the triggers left ${measured("rank_score_counts")} and ${measured("rank_arrival_counts")}`,
  };
}

/**
 * Runs kept for the all-time boards, and their sessions: at most BOARD_RUNS_KEPT a board on the real platform, but at
 * a hundred players every player is in a game's first 100, so scaling them counted every best run a thousand times.
 * They are counted once, at most 100 a board of the run, and so are runs kept only for a prize (three a board and
 * period). The rest of each table is scaled as before (`scaled`). Runs tied at a game's highest score are board runs
 * like others: the first 100 keeps those of the players who reached it first (services/retention.ts).
 */
function keptForBoards(result: RunResult, all: Projection, stretch: number) {
  const scale = REAL_PLAYERS / PLAYERS;
  const boards = result.boards.filter((board) => board.bestScores > 0).length;
  const cap = BOARD_RUNS_KEPT * boards;
  const rows = project(result.keptSamples, 1, stretch);
  const last = result.keptSamples.at(-1)!.tables;
  const parts = {
    player_moves: "runs",
    game_stats: "sessions",
  } as const;
  const derived: DerivedTables = {};
  const checks: string[] = [];
  const part = (name: string) => (day: number) => rows.tableBytesAt(name, day);
  for (const [table, name] of Object.entries(parts)) {
    const split = boundedRows({
      all: (day) => all.tableBytesAt(table, day),
      parts: [
        { rows: part(`${name}:boards`), cap },
        { rows: part(`${name}:prizes`) },
      ],
      scale,
      bytesPerRow: bytesPerRow(result, table),
    });
    derived[table] = split.total;
    const at = (why: string) => last[`${name}:${why}`] ?? 0;
    const window =
      name === "runs" ? `${at("window")} of the last ${RUN_DAYS} days, ` : "";
    const others = last[name] - at("window") - at("boards") - at("prizes");
    checks.push(
      `${table} after a year: ${gb(split.total(YEAR))} = ${gb(split.scaled(YEAR))} scaled (${window}${others} others; ×${scale.toFixed(0)}) + ${mb(split.bounded(YEAR))} counted once: kept for the all-time boards' first ${BOARD_RUNS_KEPT} (${at("boards")} rows in the run, ${Math.round(part(`${name}:boards`)(YEAR))} projected, at most ${BOARD_RUNS_KEPT} × ${boards} boards = ${cap}) and for prizes (${at("prizes")} rows in the run, ${Math.round(part(`${name}:prizes`)(YEAR))} projected); all scaled: ${gb(all.tableBytesAt(table, YEAR))}`,
    );
  }
  const tied = result.boards
    .filter((board) => board.topTied > 1)
    .map((board) => `${board.slug} ${board.topTied} of ${board.bestScores}`);
  checks.push(
    `best scores tied at their game's top score in the run (the first ${BOARD_RUNS_KEPT} keeps the runs of those who reached it first): ${tied.join(", ") || "none"}`,
  );
  return { derived, checks };
}

async function simulate(label: string, days: number, prune: Prune | null) {
  console.log(`\n${label}: ${days} days of ${PLAYERS} daily players`);
  const result = await runGrowth({
    days,
    players: PLAYERS,
    sampleEvery: 7,
    prune,
    onDay: (day) => {
      if (day % 10 === 0)
        console.log(
          `  day ${String(day).padStart(3)}  ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
    },
  });
  // Growth is read over the last four weeks: by day 140 every window (90 days at most, ADR 047) has filled, so what
  // still grows then is what is kept for ever. Whole weeks, so the weekly boards' rows, which go in chunks, read as
  // what they are: no growth. At 100 players a page of 4 KB is 4 MB of the real platform; a short stretch reads a
  // few pages' noise as a gigabyte a year.
  const stretch = 28;
  const ranks = rankTrees(result, stretch);
  const all = project(result.samples, scaleOf, stretch, ranks.derived);
  // Without the prune every run stays for ever, so every run grows with players.
  const kept = prune
    ? keptForBoards(result, all, stretch)
    : { derived: {}, checks: [] };
  return {
    result,
    checks: [ranks.check, ...kept.checks],
    d1: project(result.samples, scaleOf, stretch, {
      ...ranks.derived,
      ...kept.derived,
    }),
    r2: project(result.r2Samples, REAL_PLAYERS / PLAYERS, stretch),
  };
}

function printTables(result: RunResult, d1: Projection) {
  const rows = new Map<string, number>();
  const bytes = new Map<string, number>();
  for (const btree of result.final.btrees) {
    bytes.set(btree.table, (bytes.get(btree.table) ?? 0) + btree.bytes);
    if (btree.type === "table") rows.set(btree.table, btree.rows);
  }
  console.log(
    `\n  ${"table".padEnd(26)} ${"rows".padStart(10)} ${"bytes (with indexes)".padStart(21)} ${"a year of P".padStart(12)}`,
  );
  for (const [table, size] of [...bytes].sort((a, b) => b[1] - a[1])) {
    if (!rows.get(table)) continue;
    console.log(
      `  ${table.padEnd(26)} ${String(rows.get(table) ?? 0).padStart(10)} ${mb(size).padStart(21)} ${gb(d1.tableBytesAt(table, YEAR)).padStart(12)}`,
    );
    // BENCH_GROWTH_INDEXES=1: how the table's bytes split among its own b-tree and each index.
    if (SHOW_INDEXES)
      for (const btree of result.final.btrees.filter(
        (each) => each.table === table,
      ))
        console.log(
          `    ${btree.name.padEnd(40)} ${String(btree.rows).padStart(8)} ${(btree.bytes / 1024).toFixed(0).padStart(8)} KB (${((100 * btree.bytes) / size).toFixed(0)} %)`,
        );
  }
  const { pageCount, freePages, pageSize } = result.final;
  console.log(
    `  D1 in all: ${mb(result.final.bytes)} (${pageCount} pages of ${pageSize} bytes, ${freePages} free); empty tables left out`,
  );
}

function printFigures(
  label: string,
  run: Awaited<ReturnType<typeof simulate>>,
) {
  const { result, d1, r2 } = run;
  const roundsPerDay = result.rounds / (result.samples.at(-1)!.day || 1);
  const scale = REAL_PLAYERS / PLAYERS;
  console.log(
    `\n${label}: ${result.rounds} rounds, ${result.runsKept} runs kept, ${result.seconds.toFixed(0)} s`,
  );
  printTables(result, d1);
  for (const check of run.checks) console.log(`  ${check}`);
  const growth = d1.totalDailyGrowth / scale;
  console.log(
    `  growth at the end: ${kb(growth / roundsPerDay)} a round, ${kb(growth / PLAYERS)} a player-day`,
  );
  const tenGb = d1.dayReaching(D1_LIMIT);
  console.log(
    `  P = 100,000: ${gb(d1.bytesAt(YEAR))} of D1 after a year (${mb(d1.totalDailyGrowth)} a day at the end); 10 GB ${tenGb === null ? "not within 100 years" : `on day ${tenGb}`}`,
  );
  console.log(
    `  R2, kept runs' input logs and timelines (two objects a kept run: player_moves.log_bytes and the timeline's JSON, summed, not written): ${gb(r2.bytesAt(YEAR))} after a year, ${mb(r2.totalDailyGrowth)} a day`,
  );
  console.log(
    `  Had the logs stayed in D1 (player_moves.input_log, as before #35): ${gb(d1.bytesAt(YEAR) + r2.bytesAt(YEAR))} of D1 after a year`,
  );
  return d1.bytesAt(YEAR);
}

async function main() {
  console.log(
    `Simulated: ${PLAYERS} daily players, scaled linearly to ${REAL_PLAYERS.toLocaleString("en")} (×${(REAL_PLAYERS / PLAYERS).toFixed(0)}); the rates:`,
  );
  for (const line of describeRates()) console.log(`  ${line}`);
  const before = await simulate("Before retention", BEFORE_DAYS, null);
  const beforeYear = printFigures("Before retention", before);
  const after = await simulate("With retention", DAYS, retention());
  const year = printFigures("With retention", after);

  const chatBytes = await bytesPerChatMessage(CHAT_MESSAGE_CHARS);
  const chatYear = REAL_PLAYERS * CHAT_MESSAGES_PER_PLAYER * YEAR * chatBytes;
  console.log(
    `\nDurable Objects: a chat message of ${CHAT_MESSAGE_CHARS} characters takes ${chatBytes.toFixed(0)} bytes in its Conversation (measured); Conversations keep every message, so ${CHAT_MESSAGES_PER_PLAYER} a player a day is ${gb(chatYear)} a year over all Conversations (each its own 10 GB limit). A UserHub keeps at most 50 notes of a day and 50 unread positions a friend (bounded per player); a MatchRoom keeps its one room record after the match (not measured).`,
  );
  console.log(
    "R2 besides runs: profile pictures (20 MB quota a player) and blog images grow with writers and uploads, not with play: left out.",
  );
  console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const status = year < AIM_BYTES ? "PASS" : "MISS";
  console.log(
    `${status}  a year of 100,000 daily players stays under 5 GB of D1   ${gb(year)} (${gb(beforeYear)} before retention)`,
  );
}

await main();
