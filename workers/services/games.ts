import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { LikeAnswer, RateAnswer, SaveAnswer } from "#contract/games";
import {
  isTimed,
  type CategorySection,
  type Game,
  type GameMode,
  type Publisher,
} from "#contract/types";
import { bundleAddress } from "#contract/developers";
import type { Db } from "../db/client";
import {
  categories,
  games,
  likes,
  plays,
  publishers,
  ratings,
  savedGames,
  GAME_MODES,
  type GameRow,
} from "../db/schema";
import { IsolateCopies } from "./isolate-copies";
import { notFound } from "./errors";

const MODE_FLAGS: GameMode[] = [
  GAME_MODES.single,
  GAME_MODES.multiplayer,
  GAME_MODES.scored,
];
const RECENT_LIMIT = 30;

export function gameModesFromMask(mask: number): GameMode[] {
  return MODE_FLAGS.filter((flag) => (mask & flag) === flag);
}

/** A game's modes and whether the play screen times its rounds (mode 4), so a client need not know the rule. */
function modesOf(mask: number): Pick<Game, "game_modes" | "timed"> {
  const game_modes = gameModesFromMask(mask);
  return { game_modes, timed: isTimed(game_modes) };
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

/** What the viewer has done with each game: nothing, for an anonymous visitor. */
interface ViewerMarks {
  liked: Set<number>;
  saved: Set<number>;
  rated: Map<number, number>;
}

const NO_MARKS: ViewerMarks = {
  liked: new Set(),
  saved: new Set(),
  rated: new Map(),
};

const averageRating = (sum: number, count: number) =>
  count ? Math.round((sum / count) * 100) / 100 : 0;

function toGame(
  { game, categoryName, publisherName, publisherIcon }: GameJoinRow,
  marks: ViewerMarks,
  gamesOrigin: string,
): Game {
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
    is_liked: marks.liked.has(game.id),
    is_saved: marks.saved.has(game.id),
    my_rating: marks.rated.get(game.id) ?? null,
    total_likes: game.totalLikes,
    avgRating: averageRating(game.ratingSum, game.ratingCount),
    rating_count: game.ratingCount,
    ...modesOf(game.gameModes),
    leaderboard_type: game.leaderboardType,
    type: game.type,
    external_link: game.externalLink,
    bundle_url: game.bundlePath
      ? bundleAddress(gamesOrigin, game.bundlePath)
      : null,
    maximum_game_time: game.maximumGameTime,
    publisher: {
      _id: game.publisherId,
      name: publisherName,
      icon: publisherIcon,
    },
    is_placeholder: game.isPlaceholder,
  };
}

/** How long an isolate reuses the catalogue it read for visitors' pages (ADR 021). */
const CATALOGUE_TTL_MS = 10_000;

/** The published catalogue with no viewer's marks: what `/` and `/detail/{id}` show a visitor. */
export interface Catalogue {
  sections: CategorySection[];
  published: Game[];
  byId: ReadonlyMap<number, Game>;
}

// One copy per isolate, shared by its requests; dropped after CATALOGUE_TTL_MS or when this isolate writes to a game.
const catalogueCopy = new IsolateCopies<"published", Catalogue>(
  CATALOGUE_TTL_MS,
  1,
);

/**
 * Makes the next visitor's page read the catalogue afresh: after a like or a rating changed a game's counts, or a
 * moderator's or developer's change published or hid a game (other isolates keep theirs for CATALOGUE_TTL_MS).
 */
export function forgetCatalogue(): void {
  catalogueCopy.forget();
}

/** Home's sections: each category that has published games, in the categories' order, its games in theirs. */
function sectionsOf(
  rows: (GameJoinRow & { categorySort: number })[],
  published: Game[],
): CategorySection[] {
  const sections = new Map<
    number,
    { sort: number; section: CategorySection }
  >();
  rows.forEach((row, index) => {
    const id = row.game.categoryId;
    let entry = sections.get(id);
    if (!entry) {
      entry = {
        sort: row.categorySort,
        section: { _id: id, name: row.categoryName, games: [] },
      };
      sections.set(id, entry);
    }
    entry.section.games.push(published[index]);
  });
  return [...sections.values()]
    .sort((a, b) => a.sort - b.sort || a.section._id - b.section._id)
    .map((entry) => entry.section);
}

const selectGames = (db: Db) =>
  db
    .select(gameColumns)
    .from(games)
    .innerJoin(categories, eq(games.categoryId, categories.id))
    .innerJoin(publishers, eq(games.publisherId, publishers.id));

const selectPublished = (db: Db) =>
  selectGames(db)
    .where(eq(games.isPublished, true))
    .orderBy(asc(categories.sortOrder), asc(games.id));

/** The published games with their category's place, for home's sections: one query. */
const selectPublishedByCategory = (db: Db) =>
  db
    .select({ ...gameColumns, categorySort: categories.sortOrder })
    .from(games)
    .innerJoin(categories, eq(games.categoryId, categories.id))
    .innerJoin(publishers, eq(games.publisherId, publishers.id))
    .where(eq(games.isPublished, true))
    .orderBy(asc(categories.sortOrder), asc(games.id));

/** The viewer's likes, saves and ratings, fetched once per page however many games it lists. */
async function marksOf(
  db: Db,
  viewerId: number | undefined,
  gameId?: number,
): Promise<ViewerMarks> {
  if (!viewerId) return NO_MARKS;
  const forGame = <
    T extends
      typeof likes.gameId | typeof savedGames.gameId | typeof ratings.gameId,
  >(
    column: T,
  ) => (gameId === undefined ? undefined : eq(column, gameId));
  const [liked, saved, rated] = await db.batch([
    db
      .select({ gameId: likes.gameId })
      .from(likes)
      .where(and(eq(likes.userId, viewerId), forGame(likes.gameId))),
    db
      .select({ gameId: savedGames.gameId })
      .from(savedGames)
      .where(and(eq(savedGames.userId, viewerId), forGame(savedGames.gameId))),
    db
      .select({ gameId: ratings.gameId, value: ratings.value })
      .from(ratings)
      .where(and(eq(ratings.userId, viewerId), forGame(ratings.gameId))),
  ]);
  return {
    liked: new Set(liked.map((row) => row.gameId)),
    saved: new Set(saved.map((row) => row.gameId)),
    rated: new Map(rated.map((row) => [row.gameId, row.value])),
  };
}

async function withMarks(
  db: Db,
  gamesOrigin: string,
  rows: GameJoinRow[],
  viewerId?: number,
): Promise<Game[]> {
  const marks = await marksOf(
    db,
    viewerId,
    rows.length === 1 ? rows[0].game.id : undefined,
  );
  return rows.map((row) => toGame(row, marks, gamesOrigin));
}

async function assertGameExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.id, id))
    .limit(1);
  if (!row) throw notFound("Game not found");
}

/**
 * Like or un-like. The like row and the recount run in one batch (one transaction), so the count is
 * exact however many people like at once, and liking twice counts once.
 */
async function setLiked(
  db: Db,
  userId: number,
  gameId: number,
  liked: boolean,
): Promise<LikeAnswer> {
  await assertGameExists(db, gameId);
  const change = liked
    ? db.insert(likes).values({ userId, gameId }).onConflictDoNothing()
    : db
        .delete(likes)
        .where(and(eq(likes.userId, userId), eq(likes.gameId, gameId)));
  const [, , [game]] = await db.batch([
    change,
    db
      .update(games)
      .set({
        totalLikes: sql`(select count(*) from ${likes} where ${likes.gameId} = ${gameId})`,
      })
      .where(eq(games.id, gameId)),
    db
      .select({ totalLikes: games.totalLikes })
      .from(games)
      .where(eq(games.id, gameId)),
  ]);
  forgetCatalogue();
  return { game_id: gameId, is_liked: liked, total_likes: game.totalLikes };
}

/** One rating per user and game; a new one replaces the old, and the average is recounted with it. */
async function rateGame(
  db: Db,
  userId: number,
  gameId: number,
  value: number,
): Promise<RateAnswer> {
  await assertGameExists(db, gameId);
  const [, , [game]] = await db.batch([
    db
      .insert(ratings)
      .values({ userId, gameId, value })
      .onConflictDoUpdate({
        target: [ratings.userId, ratings.gameId],
        set: { value },
      }),
    db
      .update(games)
      .set({
        ratingSum: sql`(select coalesce(sum(${ratings.value}), 0) from ${ratings} where ${ratings.gameId} = ${gameId})`,
        ratingCount: sql`(select count(*) from ${ratings} where ${ratings.gameId} = ${gameId})`,
      })
      .where(eq(games.id, gameId)),
    db
      .select({ sum: games.ratingSum, count: games.ratingCount })
      .from(games)
      .where(eq(games.id, gameId)),
  ]);
  forgetCatalogue();
  return {
    game: gameId,
    value,
    avgRating: averageRating(game.sum, game.count),
    ratingCount: game.count,
  };
}

async function setSaved(
  db: Db,
  userId: number,
  gameId: number,
  saved: boolean,
): Promise<SaveAnswer> {
  await assertGameExists(db, gameId);
  if (saved)
    await db
      .insert(savedGames)
      .values({ userId, gameId })
      .onConflictDoNothing();
  else
    await db
      .delete(savedGames)
      .where(and(eq(savedGames.userId, userId), eq(savedGames.gameId, gameId)));
  return { game_id: gameId, is_saved: saved };
}

/**
 * What a search engine may list (the sitemap): the ids of published games, and of the publishers with at least one
 * (a publisher page lists only published games, so any other would be empty). At most `limit` of each.
 */
async function listIndexable(
  db: Db,
  limit: number,
): Promise<{ gameIds: number[]; publisherIds: number[] }> {
  const [gameRows, publisherRows] = await db.batch([
    db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.isPublished, true))
      .orderBy(asc(games.id))
      .limit(limit),
    db
      .selectDistinct({ id: games.publisherId })
      .from(games)
      .where(eq(games.isPublished, true))
      .orderBy(asc(games.publisherId))
      .limit(limit),
  ]);
  return {
    gameIds: gameRows.map((row) => row.id),
    publisherIds: publisherRows.map((row) => row.id),
  };
}

/** `gamesOrigin` (wrangler.toml GAMES_ORIGIN) is where uploaded games' files are served from, never the app's origin. */
export function createGameService(db: Db, gamesOrigin: string) {
  const service = {
    async getGame(id: number, viewerId?: number): Promise<Game> {
      const rows = await selectGames(db).where(eq(games.id, id)).limit(1);
      if (!rows.length) throw notFound("Game not found");
      return (await withMarks(db, gamesOrigin, rows, viewerId))[0];
    },

    /** A game a player may open and play: an unpublished one (a developer's draft, an unpublished game) is not found. */
    async getPublishedGame(id: number, viewerId?: number): Promise<Game> {
      const rows = await selectGames(db)
        .where(and(eq(games.id, id), eq(games.isPublished, true)))
        .limit(1);
      if (!rows.length) throw notFound("Game not found");
      return (await withMarks(db, gamesOrigin, rows, viewerId))[0];
    },

    async listPublished(viewerId?: number): Promise<Game[]> {
      return withMarks(db, gamesOrigin, await selectPublished(db), viewerId);
    },

    async listByPublisher(
      publisherId: number,
      viewerId?: number,
    ): Promise<Game[]> {
      await service.getPublisher(publisherId);
      const rows = await selectGames(db)
        .where(
          and(eq(games.publisherId, publisherId), eq(games.isPublished, true)),
        )
        .orderBy(asc(games.id));
      return withMarks(db, gamesOrigin, rows, viewerId);
    },

    async getPublisher(id: number): Promise<Publisher> {
      const [row] = await db
        .select()
        .from(publishers)
        .where(eq(publishers.id, id))
        .limit(1);
      if (!row) throw notFound("Publisher not found");
      return {
        _id: row.id,
        name: row.name,
        icon: row.icon,
        banner: row.banner,
        about: row.about,
      };
    },

    listIndexable: (limit: number) => listIndexable(db, limit),

    /** Home: every category in its order with its published games (one query, and one more for a viewer's marks). */
    async listByCategory(viewerId?: number): Promise<CategorySection[]> {
      const rows = await selectPublishedByCategory(db);
      return sectionsOf(rows, await withMarks(db, gamesOrigin, rows, viewerId));
    },

    /**
     * The published catalogue as a visitor sees it, read once per isolate every CATALOGUE_TTL_MS (ADR 021): the
     * pages of visitors then cost no database round trip. Counts may lag by that long when another isolate took
     * the like or rating; a signed-in viewer's pages read afresh.
     */
    catalogue(): Promise<Catalogue> {
      return catalogueCopy.get("published", () =>
        selectPublishedByCategory(db).then((rows) => {
          const published = rows.map((row) =>
            toGame(row, NO_MARKS, gamesOrigin),
          );
          return {
            sections: sectionsOf(rows, published),
            published,
            byId: new Map(published.map((game) => [game._id, game])),
          };
        }),
      );
    },

    async listLiked(userId: number): Promise<Game[]> {
      const rows = await selectGames(db)
        .innerJoin(
          likes,
          and(eq(likes.gameId, games.id), eq(likes.userId, userId)),
        )
        .orderBy(desc(likes.createdAt));
      return withMarks(db, gamesOrigin, rows, userId);
    },

    async listSaved(userId: number): Promise<Game[]> {
      const rows = await selectGames(db)
        .innerJoin(
          savedGames,
          and(eq(savedGames.gameId, games.id), eq(savedGames.userId, userId)),
        )
        .orderBy(desc(savedGames.createdAt));
      return withMarks(db, gamesOrigin, rows, userId);
    },

    async listRecent(userId: number): Promise<Game[]> {
      const rows = await selectGames(db)
        .innerJoin(
          plays,
          and(eq(plays.gameId, games.id), eq(plays.userId, userId)),
        )
        .orderBy(desc(plays.createdAt), desc(plays.gameId))
        .limit(RECENT_LIMIT);
      return withMarks(db, gamesOrigin, rows, userId);
    },

    setLiked: (userId: number, gameId: number, liked: boolean) =>
      setLiked(db, userId, gameId, liked),

    rate: (userId: number, gameId: number, value: number) =>
      rateGame(db, userId, gameId, value),

    setSaved: (userId: number, gameId: number, saved: boolean) =>
      setSaved(db, userId, gameId, saved),

    async recordPlay(userId: number, gameId: number, type: number) {
      await assertGameExists(db, gameId);
      // One row a player and game: a start moves it to now (ADR 047).
      const now = new Date();
      await db
        .insert(plays)
        .values({ userId, gameId, type, createdAt: now })
        .onConflictDoUpdate({
          target: [plays.userId, plays.gameId],
          set: { type, createdAt: now },
        });
    },
  };
  return service;
}
