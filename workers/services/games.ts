import { asc, eq, and } from "drizzle-orm";
import type { CategorySection, Game, GameMode, Publisher } from "../../app/lib/types";
import type { Db } from "../db/client";
import { categories, games, publishers, type GameRow, GAME_MODES } from "../db/schema";
import { notFound } from "./errors";

const MODE_FLAGS: GameMode[] = [GAME_MODES.single, GAME_MODES.multiplayer, GAME_MODES.scored];

export function gameModesFromMask(mask: number): GameMode[] {
  return MODE_FLAGS.filter((flag) => (mask & flag) === flag);
}

export function gameModesToMask(modes: readonly GameMode[]): number {
  return modes.reduce((mask, mode) => mask | mode, 0);
}

const gameColumns = {
  game: games,
  categoryName: categories.name,
  publisherName: publishers.name,
  publisherIcon: publishers.icon,
};

interface GameJoinRow {
  game: GameRow;
  categoryName: string;
  publisherName: string;
  publisherIcon: string;
}

function toGame({ game, categoryName, publisherName, publisherIcon }: GameJoinRow): Game {
  return {
    _id: game.id,
    slug: game.slug,
    name: game.name,
    category: categoryName,
    description: game.description,
    how_to_play: game.howToPlay,
    icon: game.icon,
    video: game.video,
    poster: game.poster,
    // Likes per viewer arrive with the likes table; until then nobody has liked anything.
    is_liked: false,
    total_likes: game.totalLikes,
    avgRating: game.ratingCount ? Math.round((game.ratingSum / game.ratingCount) * 100) / 100 : 0,
    game_modes: gameModesFromMask(game.gameModes),
    leaderboard_type: game.leaderboardType,
    type: game.type,
    external_link: game.externalLink,
    maximum_game_time: game.maximumGameTime,
    publisher: { _id: game.publisherId, name: publisherName, icon: publisherIcon },
    is_placeholder: game.isPlaceholder,
  };
}

export function createGameService(db: Db) {
  const selectGames = () =>
    db
      .select(gameColumns)
      .from(games)
      .innerJoin(categories, eq(games.categoryId, categories.id))
      .innerJoin(publishers, eq(games.publisherId, publishers.id));

  return {
    async getGame(id: number): Promise<Game> {
      const [row] = await selectGames().where(eq(games.id, id)).limit(1);
      if (!row) throw notFound("Game not found");
      return toGame(row);
    },

    async listPublished(): Promise<Game[]> {
      const rows = await selectGames()
        .where(eq(games.isPublished, true))
        .orderBy(asc(categories.sortOrder), asc(games.id));
      return rows.map(toGame);
    },

    async listByPublisher(publisherId: number): Promise<Game[]> {
      await this.getPublisher(publisherId);
      const rows = await selectGames()
        .where(and(eq(games.publisherId, publisherId), eq(games.isPublished, true)))
        .orderBy(asc(games.id));
      return rows.map(toGame);
    },

    async getPublisher(id: number): Promise<Publisher> {
      const [row] = await db.select().from(publishers).where(eq(publishers.id, id)).limit(1);
      if (!row) throw notFound("Publisher not found");
      return { _id: row.id, name: row.name, icon: row.icon, banner: row.banner, about: row.about };
    },

    /** Home: every category in its order with its published games. */
    async listByCategory(): Promise<CategorySection[]> {
      const [allCategories, published] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
        this.listPublished(),
      ]);
      return allCategories
        .map((category) => ({
          _id: category.id,
          name: category.name,
          games: published.filter((game) => game.category === category.name),
        }))
        .filter((section) => section.games.length > 0);
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
