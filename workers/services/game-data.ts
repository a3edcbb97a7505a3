import { and, eq, sql } from "drizzle-orm";
import {
  GameDataSchema,
  type GameData,
  type GameDataAnswer,
} from "#contract/game-data";
import type { Db } from "../db/client";
import { gameData, games } from "../db/schema";
import { notFound } from "./errors";
import type { RateLimiter } from "./rate-limits";

const NOTHING_KEPT: GameDataAnswer = { data: [], updated_at: null };

/** A row written by an older limit or by hand that no longer parses counts as nothing kept, never as a 500. */
function storedData(text: string): GameData {
  try {
    const result = GameDataSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : [];
  } catch {
    return [];
  }
}

/**
 * Each player's data for each game (ADR 031): what a game keeps through sdk.storage or a portal's `data` module, so
 * it follows the player to any device and is never shown to another account on a shared one.
 */
export function createGameDataService(db: Db, limits: RateLimiter) {
  return {
    /** The player's data for the game, empty when none is kept; one read, which also tells an unknown game. */
    async read(userId: number, gameId: number): Promise<GameDataAnswer> {
      const [row] = await db
        .select({ data: gameData.data, updatedAt: gameData.updatedAt })
        .from(games)
        .leftJoin(
          gameData,
          and(eq(gameData.gameId, games.id), eq(gameData.userId, userId)),
        )
        .where(eq(games.id, gameId))
        .limit(1);
      if (!row) throw notFound("Game not found");
      if (row.data === null || row.updatedAt === null) return NOTHING_KEPT;
      return {
        data: storedData(row.data),
        updated_at: row.updatedAt.getTime(),
      };
    },

    /**
     * Replaces the player's data for the game with `data` (already within the limits). Cleared data keeps its row, so
     * its time still beats an older copy another device holds.
     */
    async write(
      userId: number,
      gameId: number,
      data: GameData,
      now = Date.now(),
    ): Promise<GameDataAnswer> {
      await limits.hit("gameDataWritePerUser", userId, now);
      // One statement: the row is written only when the game exists, so an unknown game is a 404, not a broken key.
      const written = await db.all<{ updated_at: number }>(sql`
        insert into ${gameData} (user_id, game_id, data, updated_at)
        select ${userId}, ${games.id}, ${JSON.stringify(data)}, ${now}
        from ${games} where ${games.id} = ${gameId}
        on conflict (user_id, game_id) do update
          set data = excluded.data, updated_at = excluded.updated_at
        returning updated_at`);
      if (written.length === 0) throw notFound("Game not found");
      return { data, updated_at: now };
    },
  };
}
