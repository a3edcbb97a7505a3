// One simulated day of the platform, written into D1 with the rows the services write: the same drizzle tables and,
// for the best scores and the day's and week's boards, the services' own statements (bestScoreWrite,
// periodBoardWrites), so the rank count-tree triggers fire as they do in production. Ids are chosen here (one writer).
import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Move } from "#contract/moves";
import { newRunId } from "#contract/runs";
import type { Db } from "../../workers/db/client";
import {
  events,
  gameStats,
  matchResults,
  playerMoves,
  plays,
  rateLimits,
  scores,
} from "../../workers/db/schema";
import { RATE_LIMITS } from "../../workers/services/rate-limits";
import { bestScoreWrite } from "../../workers/services/scores";
import { periodBoardWrites } from "../../workers/services/tournaments";
import { RATES, type Rates } from "./growth-rates";

export const DAY_MS = 24 * 3600 * 1000;

/** A game of the catalogue with a real round of it: its log (kept in R2 when the run is kept) and timeline. */
export interface SimGame {
  id: number;
  slug: string;
  log: string;
  steps: number;
  moves: Move[];
  /** A typical score: rounds score around it. */
  typicalScore: number;
}

/** What one day wrote beyond D1: the R2 objects of the runs kept. */
export interface DayTotals {
  rounds: number;
  runsKept: number;
  runLogBytes: number;
  /** The timelines of the runs kept, in R2 beside their logs (ADR 047). */
  runMovesBytes: number;
  players: number;
}

/** A round's score, as a share of its game's typical score: from `low` to `high` times it, most near the low end. */
export const SCORE_SPREAD = { low: 0.3, high: 1.7 } as const;

/** The highest score a round of `game` can have: no best score, and no count tree node, goes past it. */
export const maxScoreOf = (game: SimGame) =>
  Math.max(1, Math.round(game.typicalScore * SCORE_SPREAD.high));

/** Deterministic choices, so two runs write the same platform. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows written by one multi-row insert. */
const ROWS_PER_INSERT = 50;
/** Statements sent in one exec. */
const EXEC_LINES = 2000;
/** D1 refuses a statement over 100 KB. */
const MAX_STATEMENT_CHARS = 90_000;

/** A value as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint")
    return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") {
    if (value.includes("\n"))
      throw new Error("exec takes one statement a line: no newline in a value");
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`No literal for ${typeof value}`);
}

/**
 * A drizzle statement as one line of SQL with its values written in. Miniflare's D1 costs several milliseconds a
 * statement in a batch on this machine and a fraction of one in exec, which takes one statement a line.
 */
export function inlined(query: { sql: string; params: unknown[] }): string {
  let next = 0;
  let quoted = false;
  let out = "";
  for (const char of query.sql.replace(/\s*\n\s*/g, " ")) {
    if (char === "'") quoted = !quoted;
    out += char === "?" && !quoted ? literal(query.params[next++]) : char;
  }
  if (next !== query.params.length) throw new Error(`Unbound values in ${out}`);
  return out;
}

interface BoardRound {
  gameId: number;
  userId: number;
  score: number;
  statsId: number;
  now: number;
}
type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The service's statements for a round, built by the service once a day from marked values and then filled in with
 * each round's: drizzle takes longer to build the board statements than D1 takes to run them. Any value that is not
 * one of the marks (a period's start, the attempts limit) is the service's own and stays as built.
 */
export function roundStatements(build: (round: BoardRound) => Query[]) {
  let built: {
    day: number;
    queries: { sql: string; params: unknown[] }[];
  } | null = null;
  return (round: BoardRound, dayStart: number) => {
    const marks: BoardRound = {
      gameId: 900_000_001,
      userId: 900_000_002,
      score: 900_000_003,
      statsId: 900_000_004,
      now: dayStart + 43_210_987,
    };
    if (built?.day !== dayStart)
      built = {
        day: dayStart,
        queries: build(marks).map((query) => query.toSQL()),
      };
    const fields = Object.keys(marks) as (keyof BoardRound)[];
    return built.queries.map(({ sql, params }) => ({
      sql,
      params: params.map((value) => {
        const field = fields.find((key) => marks[key] === value);
        return field ? round[field] : value;
      }),
    }));
  };
}

export function createSimulation(
  db: Db,
  exec: (lines: string) => Promise<unknown>,
  options: { games: SimGame[]; seed?: number },
  rates: Rates = RATES,
) {
  const { games } = options;
  const rand = random(options.seed ?? 35);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const chance = (share: number) => rand() < share;
  /** A whole count with `mean` as its expectation. */
  const count = (mean: number) => Math.floor(mean) + (chance(mean % 1) ? 1 : 0);
  const hex = (length: number) =>
    Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join("");
  const ids = { user: 0, stats: 0, run: 0, challenge: 0, visitor: 0 };
  const accounts: number[] = [];
  /** Each player's coins, as the ledger's rows add up. */
  const wallets = new Map<number, number>();
  const recentRuns = new Map<
    number,
    { id: number; userId: number; moves: Move[] }[]
  >();
  const pending: string[] = [];
  /** Each player's best score of each game, and per game how often a round made a new best (an arrival, ADR 020). */
  const bests = new Map<string, number>();
  const arrivals = new Map<number, number>();

  async function flush() {
    while (pending.length > 0)
      await exec(pending.splice(0, EXEC_LINES).join("\n"));
  }
  async function writeQuery(query: { sql: string; params: unknown[] }) {
    pending.push(inlined(query));
    if (pending.length >= EXEC_LINES) await flush();
  }
  const write = (statement: Query) => writeQuery(statement.toSQL());
  const bestScoreOf = roundStatements((round) => [bestScoreWrite(db, round)]);
  const boardsOf = roundStatements((round) => periodBoardWrites(db, round));
  /** "Recently played": one row a player and game, moved to the latest start (games.recordPlay). */
  async function upsertPlays(rows: (typeof plays.$inferInsert)[]) {
    const sorted = [...rows].sort(
      (a, b) => Number(a.createdAt) - Number(b.createdAt),
    );
    for (let at = 0; at < sorted.length; at += ROWS_PER_INSERT) {
      const insert = db
        .insert(plays)
        .values(sorted.slice(at, at + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: [plays.userId, plays.gameId],
          set: {
            type: sql`excluded.type`,
            createdAt: sql`excluded.created_at`,
          },
        });
      pending.push(inlined(insert.toSQL()));
      if (pending.length >= EXEC_LINES) await flush();
    }
  }

  /** Many rows of one table, as few statements as D1's 100 KB a statement allows. */
  async function insertRows<T extends SQLiteTable>(
    table: T,
    rows: T["$inferInsert"][],
  ) {
    for (let at = 0; at < rows.length; at += ROWS_PER_INSERT)
      await insertChunk(table, rows.slice(at, at + ROWS_PER_INSERT));
  }
  async function insertChunk<T extends SQLiteTable>(
    table: T,
    rows: T["$inferInsert"][],
  ) {
    const line = inlined(db.insert(table).values(rows).toSQL());
    if (line.length <= MAX_STATEMENT_CHARS || rows.length === 1) {
      pending.push(line);
      if (pending.length >= EXEC_LINES) await flush();
      return;
    }
    const half = Math.ceil(rows.length / 2);
    await insertChunk(table, rows.slice(0, half));
    await insertChunk(table, rows.slice(half));
  }

  function newUser(at: Date) {
    const id = ++ids.user;
    accounts.push(id);
    const name = `Player ${hex(6)}`;
    return {
      user: {
        id,
        email: `player.${hex(8)}@example.com`,
        passwordHash: `pbkdf2-sha256$100000$${hex(22)}$${hex(43)}`,
        name,
        firstName: name.split(" ")[0],
        createdAt: at,
      },
      session: sessionRow(id, at),
    };
  }
  function sessionRow(userId: number, at: Date) {
    return {
      tokenHash: hex(64),
      userId,
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      country: "DE",
      lastSeenAt: at,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 30 * DAY_MS),
    };
  }

  /** The day's rounds' rows, written table by table (parents first) when the day ends, then their board writes. */
  const day = {
    gameStats: [] as (typeof gameStats.$inferInsert)[],
    scores: [] as (typeof scores.$inferInsert)[],
    playerMoves: [] as (typeof playerMoves.$inferInsert)[],
    matchResults: [] as (typeof matchResults.$inferInsert)[],
    plays: [] as (typeof plays.$inferInsert)[],
    events: [] as (typeof events.$inferInsert)[],
    rateLimits: [] as (typeof rateLimits.$inferInsert)[],
    boards: [] as BoardRound[],
  };

  /** One player's round: its session, score, best score and boards, kept run, match result, play and events. */
  function round(
    userId: number,
    dayStart: number,
    totals: DayTotals,
    kept: { bytes: number },
  ) {
    const game = pick(games);
    const now = dayStart + Math.floor(rand() * (DAY_MS - 600_000));
    const opened = new Date(now - 90_000);
    const at = new Date(now);
    const statsId = ++ids.stats;
    const match = chance(rates.multiplayerShare);
    const againstBot =
      match && chance(0.5) && (recentRuns.get(game.id)?.length ?? 0) > 0;
    const scored = chance(rates.scoredShare);
    const score =
      scored && chance(rates.positiveShare)
        ? Math.max(
            1,
            Math.round(
              game.typicalScore *
                (SCORE_SPREAD.low +
                  (SCORE_SPREAD.high - SCORE_SPREAD.low) * rand() ** 2),
            ),
          )
        : 0;
    totals.rounds++;
    day.gameStats.push({
      id: statsId,
      userId,
      gameId: game.id,
      gameType: match ? (againstBot ? 2 : 1) : 0,
      playTime: 90,
      score: scored ? score : null,
      seed: Math.floor(rand() * 2 ** 32),
      hiddenSeed: Math.floor(rand() * 2 ** 32),
      roomId: match && !againstBot ? `room-${statsId}-${hex(12)}` : null,
      scoredAt: scored ? at : null,
      endedAt: at,
      createdAt: opened,
    });
    day.plays.push({
      userId,
      gameId: game.id,
      type: match ? 2 : 0,
      createdAt: opened,
    });
    day.events.push({
      name: "start_game_play",
      userId,
      gameId: game.id,
      data: JSON.stringify({ game: game.id }),
      createdAt: opened,
    });
    if (chance(rates.adBreaksPerRound))
      day.events.push({
        name: "ad_break_requested",
        userId,
        gameId: game.id,
        data: JSON.stringify({ gameId: game.id, kind: "interstitial" }),
        createdAt: at,
      });
    if (!scored) return;
    day.scores.push({ userId, gameId: game.id, score, statsId, createdAt: at });
    day.rateLimits.push({
      key: `replaysPerSession:${statsId}`,
      windowEndsAt: new Date(dayStart + DAY_MS),
      count: 1,
      ceiling: RATE_LIMITS.replaysPerSession.limit,
    });
    day.boards.push({ gameId: game.id, userId, score, statsId, now });
    if (
      score > 0 &&
      kept.bytes + game.log.length <= RATE_LIMITS.keptRunBytesPerUser.limit
    ) {
      kept.bytes += game.log.length;
      const id = ++ids.run;
      const last = Math.max(1, game.moves.at(-1)?.score ?? 1);
      const moves = game.moves.map((move) => ({
        time: move.time,
        score: Math.round((move.score * score) / last),
      }));
      day.playerMoves.push({
        id,
        statsId,
        userId,
        gameId: game.id,
        score,
        // In R2 beside the log, as the services keep a replayed run (ADR 047).
        moves: [],
        seed: Math.floor(rand() * 2 ** 32),
        logBytes: game.log.length,
        steps: game.steps,
        publicId: newRunId(),
        createdAt: at,
      });
      const runs = recentRuns.get(game.id) ?? [];
      runs.push({ id, userId, moves });
      if (runs.length > 50) runs.shift();
      recentRuns.set(game.id, runs);
      totals.runsKept++;
      totals.runLogBytes += game.log.length;
      totals.runMovesBytes += JSON.stringify(moves).length;
    }
    if (againstBot) {
      const run = pick(recentRuns.get(game.id)!);
      day.matchResults.push({
        gameId: game.id,
        statsId,
        playerOneId: userId,
        playerOneScore: score,
        playerTwoScore: run.moves.at(-1)?.score ?? 0,
        botRunId: run.id,
        botName: `Player ${hex(6)}`,
        botProfilePic: null,
        createdAt: at,
      });
    } else if (match && chance(0.5)) {
      // Two players' rounds make one match: one result for every second round of a match between players.
      day.matchResults.push({
        gameId: game.id,
        roomId: `room-${statsId}-${hex(12)}`,
        playerOneId: userId,
        playerOneScore: score,
        playerTwoId: pick(accounts),
        playerTwoScore: Math.round(game.typicalScore * rand()),
        createdAt: at,
      });
    }
  }

  /**
   * The day's rounds into D1: their rows, then, in the order the rounds scored, each one's best score and boards
   * by the services' own statements (they read the sessions written before them).
   */
  async function endDay() {
    await insertRows(gameStats, day.gameStats);
    await insertRows(scores, day.scores);
    await insertRows(playerMoves, day.playerMoves);
    await insertRows(matchResults, day.matchResults);
    await upsertPlays(day.plays);
    await insertRows(events, day.events);
    await insertRows(rateLimits, day.rateLimits);
    for (const scored of day.boards.sort((a, b) => a.now - b.now)) {
      const dayStart = Math.floor(scored.now / DAY_MS) * DAY_MS;
      // bestScoreWrite writes the first round and then only a better one.
      const key = `${scored.userId}:${scored.gameId}`;
      const kept = bests.get(key);
      if (kept === undefined || scored.score > kept) {
        bests.set(key, scored.score);
        arrivals.set(scored.gameId, (arrivals.get(scored.gameId) ?? 0) + 1);
      }
      for (const query of bestScoreOf(scored, dayStart))
        await writeQuery(query);
      if (scored.score > 0)
        for (const query of boardsOf(scored, dayStart)) await writeQuery(query);
    }
    for (const rows of Object.values(day)) rows.length = 0;
    await flush();
  }

  /** Bots replay runs that are still kept, as the services pick them from D1: forget those the prune took. */
  async function forgetPrunedRuns() {
    const known = [...recentRuns.values()].flat().map((run) => run.id);
    if (known.length === 0) return;
    const kept = new Set(
      (
        await db.all<{ id: number }>(
          sql.raw(
            `select id from player_moves where id in (${known.join(", ")})`,
          ),
        )
      ).map((row) => Number(row.id)),
    );
    for (const [gameId, runs] of recentRuns)
      recentRuns.set(
        gameId,
        runs.filter((run) => kept.has(run.id)),
      );
  }

  return {
    db,
    wallets,
    forgetPrunedRuns,
    arrivals,
    flush,
    endDay,
    newUser,
    sessionRow,
    round,
    ids,
    accounts,
    pick,
    chance,
    count,
    hex,
    insertRows,
    write,
    rand,
  };
}

export type Simulation = ReturnType<typeof createSimulation>;
