import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  bestScores,
  follows,
  games,
  playerMoves,
  scores,
  users,
} from "../db/schema";
import { notFound } from "./errors";
import {
  LEADERBOARD_SIZE,
  type HighScore,
  type LeaderboardEntry,
} from "#contract/scores";
import type { RunView } from "#contract/runs";

/** Best first; equal scores go to whoever reached them first, then to the lower player id. */
const RANK_ORDER = [
  desc(bestScores.score),
  asc(bestScores.achievedAt),
  asc(bestScores.userId),
];

export function createScoreService(db: Db) {
  /** Sent in the same batch as the first read, so an unknown game costs no extra round trip. */
  const gameRow = (gameId: number) =>
    db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.id, gameId))
      .limit(1);

  return {
    /** SPEC.md §7 GET /scores/{gameId}: each player's best score, ranked. */
    async leaderboard(
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
            runId: playerMoves.statsId,
            replayed: sql<number>`${playerMoves.inputLog} is not null`,
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
        stats_id: row.replayed ? row.runId : null,
        verified: Boolean(row.replayed),
      }));
    },

    /** GET /api/runs/{statsId}: a replayed run, to watch it; a 404 when the session kept none. */
    async run(statsId: number): Promise<RunView> {
      const [row] = await db
        .select({
          statsId: playerMoves.statsId,
          gameId: playerMoves.gameId,
          playerId: playerMoves.userId,
          name: users.name,
          score: playerMoves.score,
          seed: playerMoves.seed,
          log: playerMoves.inputLog,
          steps: playerMoves.steps,
        })
        .from(playerMoves)
        .innerJoin(users, eq(playerMoves.userId, users.id))
        .where(eq(playerMoves.statsId, statsId))
        .limit(1);
      if (!row || row.log === null || row.seed === null || row.steps === null)
        throw notFound("This run was not kept");
      return {
        stats_id: row.statsId,
        game_id: row.gameId,
        player_id: row.playerId,
        player_name: row.name,
        score: row.score,
        seed: row.seed,
        log: row.log,
        steps: row.steps,
      };
    },

    /** SPEC.md §7 GET /scores/{gameId}/{userId}: the player's best and its rank, 0 and null before the first round. */
    async highScore(gameId: number, userId: number): Promise<HighScore> {
      const [[game], [best]] = await db.batch([
        gameRow(gameId),
        db
          .select({
            score: bestScores.score,
            achievedAt: bestScores.achievedAt,
          })
          .from(bestScores)
          .where(
            and(eq(bestScores.gameId, gameId), eq(bestScores.userId, userId)),
          )
          .limit(1),
      ]);
      if (!game) throw notFound("Game not found");
      if (!best) return { score: 0, rank: null };
      // Two range counts over best_scores_rank_idx: higher scores, then equal scores reached earlier.
      const [ahead] = await db
        .select({
          higher: sql<number>`(select count(*) from ${bestScores} where ${and(eq(bestScores.gameId, gameId), gt(bestScores.score, best.score))})`,
          tied: sql<number>`(select count(*) from ${bestScores} where ${and(eq(bestScores.gameId, gameId), eq(bestScores.score, best.score))}
            and (${bestScores.achievedAt}, ${bestScores.userId}) < (${best.achievedAt.getTime()}, ${userId}))`,
        })
        .from(sql`(select 1)`);
      return {
        score: best.score,
        rank: Number(ahead.higher) + Number(ahead.tied) + 1,
      };
    },

    /** The player's most recent accepted score for the game (the result screen's 'Your score'), or null. */
    async latestScore(gameId: number, userId: number): Promise<number | null> {
      const [row] = await db
        .select({ score: scores.score })
        .from(scores)
        .where(and(eq(scores.userId, userId), eq(scores.gameId, gameId)))
        .orderBy(desc(scores.createdAt), desc(scores.id))
        .limit(1);
      return row?.score ?? null;
    },
  };
}

export type ScoreService = ReturnType<typeof createScoreService>;
