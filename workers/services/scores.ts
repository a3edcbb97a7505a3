import { and, desc, eq, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { games, scores, users } from "../db/schema";
import { notFound } from "./errors";

export const LEADERBOARD_SIZE = 10;

export interface LeaderboardEntry {
  player_id: number;
  player_name: string;
  profile_img: string | null;
  score: number;
}

export function createScoreService(db: Db) {
  async function assertGameExists(gameId: number) {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId)).limit(1);
    if (!game) throw notFound("Game not found");
  }

  return {
    /** SPEC.md §7 GET /scores/{gameId}: each player's best score, highest first. */
    async leaderboard(gameId: number): Promise<LeaderboardEntry[]> {
      await assertGameExists(gameId);
      const best = max(scores.score);
      const rows = await db
        .select({ playerId: users.id, name: users.name, profileImg: users.profileImg, score: best })
        .from(scores)
        .innerJoin(users, eq(scores.userId, users.id))
        .where(eq(scores.gameId, gameId))
        .groupBy(users.id)
        .orderBy(desc(best))
        .limit(LEADERBOARD_SIZE);
      return rows.map((row) => ({ player_id: row.playerId, player_name: row.name, profile_img: row.profileImg, score: row.score ?? 0 }));
    },

    /** SPEC.md §3 High score record: the player's best for this game, 0 before the first round. */
    async highScore(gameId: number, userId: number): Promise<{ score: number }> {
      await assertGameExists(gameId);
      const [row] = await db
        .select({ score: max(scores.score) })
        .from(scores)
        .where(and(eq(scores.gameId, gameId), eq(scores.userId, userId)));
      return { score: row?.score ?? 0 };
    },
  };
}
