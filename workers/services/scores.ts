import type { RoundReview } from "#contract/fair-play";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import {
  bestScores,
  follows,
  games,
  playerMoves,
  rankArrivalCounts,
  rankScoreCounts,
  scores,
  users,
} from "../db/schema";
import { notFound } from "./errors";
import { IsolateCopies } from "./isolate-copies";
import { watchableRunId } from "./run-privacy";
import { hasRunLog } from "./run-logs";
import {
  LEADERBOARD_SIZE,
  type HighScore,
  type LeaderboardEntry,
} from "#contract/scores";

/** Best first; equal scores go to whoever reached them first (the lower arrival), then to the lower player id. */
const RANK_ORDER = [
  desc(bestScores.score),
  asc(bestScores.arrival),
  asc(bestScores.userId),
];

/**
 * ADR 020: the count trees of migrations 0012, 0036 and 0037 (their triggers write the same shape): radix 8, levels
 * 0 … 9, so a value below 2^30 has at most 7 siblings on either side of its digit at each level. The top level is
 * read unbounded on the far side, so larger values stay right. The arrival tree has no level 0: its nodes would be
 * the best scores themselves, which the rank index holds in arrival order.
 */
const DIGIT_BITS = 3;
const LEVELS = 10;

interface CountTree {
  level: SQLiteColumn;
  prefix: SQLiteColumn;
  count: SQLiteColumn;
}

/**
 * How many entries of a count tree lie above (or below) `value`: at each level from `lowest`, the siblings on that
 * side of its digit, which share its prefix one level up. The top level has no parent, so it is bounded on one side
 * only.
 */
function countBeside(
  tree: CountTree,
  where: SQL,
  value: SQLiteColumn,
  side: "above" | "below",
  lowest = 0,
): SQL {
  const digits = sql.raw(String((1 << DIGIT_BITS) - 1));
  const levels = Array.from(
    { length: LEVELS - lowest },
    (_, index) => index + lowest,
  ).map((level) => {
    const prefix = sql`(${value} >> ${sql.raw(String(DIGIT_BITS * level))})`;
    const top = level === LEVELS - 1;
    const siblings =
      side === "above"
        ? sql`${tree.prefix} > ${prefix}${top ? sql`` : sql` and ${tree.prefix} <= (${prefix} | ${digits})`}`
        : sql`${tree.prefix} < ${prefix}${top ? sql`` : sql` and ${tree.prefix} >= (${prefix} & ~${digits})`}`;
    return sql`(select coalesce(sum(${tree.count}), 0) from ${tree.level.table} where ${where} and ${tree.level} = ${sql.raw(String(level))} and ${siblings})`;
  });
  return sql.join(levels, sql` + `);
}

/**
 * Players ahead of the best_scores row in the query: higher scores, then the same score reached earlier. Of the
 * latter, those among the same eight arrivals are at most seven rows of the rank index; the arrival tree counts the
 * rest from level 1.
 */
const playersAhead = sql<number>`${countBeside(
  rankScoreCounts,
  sql`${rankScoreCounts.gameId} = ${bestScores.gameId}`,
  bestScores.score,
  "above",
)} + (select count(*) from best_scores as tied where tied.game_id = best_scores.game_id
    and tied.score = best_scores.score and tied.arrival >= (best_scores.arrival & ~7)
    and tied.arrival < best_scores.arrival) + ${countBeside(
      rankArrivalCounts,
      sql`${rankArrivalCounts.gameId} = ${bestScores.gameId} and ${rankArrivalCounts.score} = ${bestScores.score}`,
      bestScores.arrival,
      "below",
      1,
    )}`.as("ahead");

/**
 * A round's score as the player's best when it beats the one kept (a statement of the round's batch). A new best
 * arrives after the latest player at that score (ADR 020): the tie rule's order is the order the batches commit in,
 * whatever two Workers' clocks say. The triggers of migrations 0012 … 0037 move the player in the count trees in the
 * same statement.
 */
/**
 * How long an isolate reuses the all-time board it read for visitors' game pages: ADR 021's rule for the catalogue,
 * so a visitor's page reads nothing from D1 (issue #36). The edge keeps a visitor's whole page for a minute anyway.
 */
const VISITOR_BOARD_TTL_MS = 10_000;
/** Games whose board an isolate keeps; past this it starts afresh. */
const VISITOR_BOARDS_KEPT = 1_000;
const visitorBoards = new IsolateCopies<number, LeaderboardEntry[]>(
  VISITOR_BOARD_TTL_MS,
  VISITOR_BOARDS_KEPT,
);

export function bestScoreWrite(
  db: Db,
  best: {
    gameId: number;
    userId: number;
    score: number;
    /** The round's session, or a subquery finding the session written earlier in the same batch. */
    statsId: number | SQL;
    now: number;
  },
) {
  // The next visitor's page of this game reads its board afresh. It is dropped as the write is built, so a visitor's
  // read already under way when the round lands may keep the board before it for the rest of its ten seconds.
  visitorBoards.forget(best.gameId);
  const sameScore = sql`${bestScores.gameId} = ${best.gameId} and ${bestScores.score} = ${best.score}`;
  return db
    .insert(bestScores)
    .values({
      gameId: best.gameId,
      userId: best.userId,
      score: best.score,
      statsId: best.statsId,
      achievedAt: new Date(best.now),
      arrival: sql`coalesce((select max(${bestScores.arrival}) from ${bestScores} where ${sameScore}), 0) + 1`,
    })
    .onConflictDoUpdate({
      target: [bestScores.gameId, bestScores.userId],
      set: {
        score: sql`excluded.score`,
        achievedAt: sql`excluded.achieved_at`,
        statsId: sql`excluded.stats_id`,
        arrival: sql`excluded.arrival`,
      },
      setWhere: sql`excluded.score > ${bestScores.score}`,
    });
}

/** The player's best score and how many players are ahead of it: one statement, bounded rows (ADR 020). */
export const rankQuery = (db: Db, gameId: number, userId: number) =>
  db
    .select({ score: bestScores.score, ahead: playersAhead })
    .from(bestScores)
    .where(and(eq(bestScores.gameId, gameId), eq(bestScores.userId, userId)))
    .limit(1);

export function createScoreService(db: Db) {
  /** Sent in the same batch as the first read, so an unknown game costs no extra round trip. */
  const gameRow = (gameId: number) =>
    db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.id, gameId))
      .limit(1);

  /** SPEC.md §7 GET /scores/{gameId}: each player's best score, ranked. */
  async function leaderboard(
    gameId: number,
    size = LEADERBOARD_SIZE,
    followingOf?: number,
  ): Promise<LeaderboardEntry[]> {
    // "Following": the people `followingOf` follows, and themselves; ranks count within that circle.
    const circle =
      followingOf === undefined
        ? undefined
        : or(
            eq(bestScores.userId, followingOf),
            inArray(
              bestScores.userId,
              db
                .select({ id: follows.followeeId })
                .from(follows)
                .where(eq(follows.followerId, followingOf)),
            ),
          );
    const [[game], rows] = await db.batch([
      gameRow(gameId),
      db
        .select({
          playerId: bestScores.userId,
          name: users.name,
          profileImg: users.profileImg,
          score: bestScores.score,
          runId: watchableRunId(playerMoves),
          replayed: hasRunLog(playerMoves),
        })
        .from(bestScores)
        .innerJoin(users, eq(bestScores.userId, users.id))
        .leftJoin(playerMoves, eq(playerMoves.statsId, bestScores.statsId))
        .where(and(eq(bestScores.gameId, gameId), circle))
        .orderBy(...RANK_ORDER)
        .limit(size),
    ]);
    if (!game) throw notFound("Game not found");
    return rows.map((row, index) => ({
      rank: index + 1,
      player_id: row.playerId,
      player_name: [row.name],
      profile_img: row.profileImg,
      score: row.score,
      run_id: row.runId,
      verified: Boolean(row.replayed),
    }));
  }

  return {
    leaderboard,

    /** The top of the all-time board as a visitor's game page shows it, kept per isolate (VISITOR_BOARD_TTL_MS). */
    visitorLeaderboard(gameId: number): Promise<LeaderboardEntry[]> {
      return visitorBoards.get(gameId, () => leaderboard(gameId));
    },

    /**
     * SPEC.md §7 GET /scores/{gameId}/{userId}: the player's best and its rank, 0 and null before the first round.
     * The rank reads at most 7 rows a level of each count tree (ADR 020), whatever the size of the board.
     */
    async highScore(gameId: number, userId: number): Promise<HighScore> {
      const [[game], [best]] = await db.batch([
        gameRow(gameId),
        rankQuery(db, gameId, userId),
      ]);
      if (!game) throw notFound("Game not found");
      if (!best) return { score: 0, rank: null };
      return { score: best.score, rank: Number(best.ahead) + 1 };
    },

    /** The player's most recent accepted score for the game (the result screen's 'Your score'), or null. */
    /** The player's latest round of the game: its score and, when it was held for a fair-play review, that review. */
    async latestScore(
      gameId: number,
      userId: number,
    ): Promise<{ score: number; review: RoundReview | null } | null> {
      const [row] = await db
        .select({ score: scores.score, review: scores.review })
        .from(scores)
        .where(and(eq(scores.userId, userId), eq(scores.gameId, gameId)))
        .orderBy(desc(scores.createdAt), desc(scores.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ScoreService = ReturnType<typeof createScoreService>;
