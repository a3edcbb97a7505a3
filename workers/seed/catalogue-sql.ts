import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import type { GameMode } from "#contract/types";
import {
  CATALOGUE,
  CATEGORIES,
  PUBLISHERS,
  promoPoster,
  promoVideo,
  type GameMeta,
} from "../db/catalogue";
import { categories, games, publishers } from "../db/schema";
import { withValuesWrittenIn } from "../db/sql-text";
import { gameModesToMask } from "../services/games";
import { sanitizeHtml } from "../services/html";

// Only builds queries: catalogueSql reads their text and never runs them here.
const sqlWriter = drizzle(() =>
  Promise.reject(new Error("The catalogue is written as SQL, not run here")),
);

/**
 * The catalogue (categories, publishers, games) as SQL statements with their values written in, in order: the same
 * text runs in a D1 batch (`loadCatalogue`, the seed, the tests) and from a file through `wrangler d1 execute`
 * (`npm run db:catalogue`, locally or `--remote`). Each statement inserts a row or brings it up to date by its unique
 * name or slug, keeping its id, so loading it again changes nothing. What players made (likes, ratings) and whether
 * a game is published are not catalogue fields and are left alone.
 */
export function catalogueSql(): string[] {
  const categoryRows = CATEGORIES.map((name, sortOrder) =>
    sqlWriter
      .insert(categories)
      .values({ name, sortOrder })
      .onConflictDoUpdate({ target: categories.name, set: { sortOrder } }),
  );
  const publisherRows = PUBLISHERS.map(({ slug, name, about }) => {
    const row = {
      about,
      icon: `/publishers/${slug}-icon.svg`,
      banner: `/publishers/${slug}-banner.svg`,
    };
    return sqlWriter
      .insert(publishers)
      .values({ name, ...row })
      .onConflictDoUpdate({ target: publishers.name, set: row });
  });
  const gameRows = CATALOGUE.map(({ slug, meta }) => {
    const row = {
      name: meta.name,
      // By name, so the statements need no ids read back and run as one file.
      categoryId: sql<number>`(select ${categories.id} from ${categories} where ${categories.name} = ${categoryOf(slug, meta)})`,
      publisherId: sql<number>`(select ${publishers.id} from ${publishers} where ${publishers.name} = ${publisherOf(slug, meta)})`,
      description: sanitizeHtml(meta.description),
      howToPlay: sanitizeHtml(meta.how_to_play),
      icon: `/games/${slug}/icon.svg`,
      video: promoVideo(slug),
      poster: promoPoster(slug),
      gameModes: gameModesToMask(meta.game_modes as GameMode[]),
      leaderboardType: meta.leaderboard_type,
      maximumGameTime: meta.maximum_game_time,
      maxScoreRate: meta.max_score_rate ?? null,
      prizeMinScore: meta.prize_min_score,
      isPlaceholder: false,
    };
    return sqlWriter
      .insert(games)
      .values({ slug, ...row })
      .onConflictDoUpdate({ target: games.slug, set: row });
  });
  return [...categoryRows, ...publisherRows, ...gameRows].map((query) =>
    withValuesWrittenIn(query.toSQL()),
  );
}

/** Loads the catalogue into `d1` in one batch: all of it or, if a statement fails, none. */
export async function loadCatalogue(d1: D1Database): Promise<void> {
  await d1.batch(catalogueSql().map((statement) => d1.prepare(statement)));
}

function categoryOf(slug: string, meta: GameMeta): string {
  if (!(CATEGORIES as readonly string[]).includes(meta.category))
    throw new Error(
      `games/${slug}/meta.json: category "${meta.category}" is not one of ${CATEGORIES.join(", ")}`,
    );
  return meta.category;
}

function publisherOf(slug: string, meta: GameMeta): string {
  const publisher = PUBLISHERS.find((p) => p.slug === meta.publisher);
  if (!publisher)
    throw new Error(
      `games/${slug}/meta.json: publisher "${meta.publisher}" is not one of ${PUBLISHERS.map((p) => p.slug).join(", ")}`,
    );
  return publisher.name;
}
