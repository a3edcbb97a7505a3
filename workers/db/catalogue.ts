import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import type { GameMode } from "#contract/types";
import brickBreaker from "../../games/brick-breaker/meta.json";
import bubblePop from "../../games/bubble-pop/meta.json";
import colorFlood from "../../games/color-flood/meta.json";
import dashRunner from "../../games/dash-runner/meta.json";
import fruitCatch from "../../games/fruit-catch/meta.json";
import memoryMatch from "../../games/memory-match/meta.json";
import mergeTiles from "../../games/merge-tiles/meta.json";
import moleMash from "../../games/mole-mash/meta.json";
import skyHopper from "../../games/sky-hopper/meta.json";
import snake from "../../games/snake/meta.json";
import starDodger from "../../games/star-dodger/meta.json";
import towerStack from "../../games/tower-stack/meta.json";
import { gameModesToMask } from "../services/games";
import { sanitizeHtml } from "../services/html";
import { categories, games, publishers } from "./schema";
import { withValuesWrittenIn } from "./sql-text";

/** What each game in games/<slug>/meta.json says about itself; `catalogueSql` turns these into catalogue rows. */
export interface GameMeta {
  name: string;
  category: string;
  publisher: string;
  description: string;
  how_to_play: string;
  leaderboard_type: number;
  game_modes: number[];
  maximum_game_time: number;
  /** The most points (or levels) a player could gain per second; faster scores are refused. */
  max_score_rate?: number;
  /**
   * The least score (or level) of a round that can win a tournament prize or count towards a player's eligibility
   * (ADR 027): above what a round of a few seconds scores, well within an ordinary round.
   */
  prize_min_score: number;
}

export const CATALOGUE: ReadonlyArray<{ slug: string; meta: GameMeta }> = [
  { slug: "snake", meta: snake },
  { slug: "brick-breaker", meta: brickBreaker },
  { slug: "mole-mash", meta: moleMash },
  { slug: "merge-tiles", meta: mergeTiles },
  { slug: "memory-match", meta: memoryMatch },
  { slug: "color-flood", meta: colorFlood },
  { slug: "sky-hopper", meta: skyHopper },
  { slug: "star-dodger", meta: starDodger },
  { slug: "dash-runner", meta: dashRunner },
  { slug: "tower-stack", meta: towerStack },
  { slug: "bubble-pop", meta: bubblePop },
  { slug: "fruit-catch", meta: fruitCatch },
];

export const CATEGORIES = ["Arcade", "Puzzle", "Action", "Casual"] as const;

export const PUBLISHERS = [
  {
    slug: "pixel-harbor",
    name: "Pixel Harbor",
    about:
      "Pixel Harbor is a two-person studio by the sea that makes bright, fast arcade games you can finish on a bus ride. We love tight controls, clean colours and high-score chases.",
  },
  {
    slug: "lantern-games",
    name: "Lantern Games",
    about:
      "Lantern Games builds calm puzzle games with a twist: short sessions, no timers unless you want them, and levels that get just a little harder every time.",
  },
  {
    slug: "tiny-orbit",
    name: "Tiny Orbit",
    about:
      "Tiny Orbit makes playful casual games for every screen. Our games load in a blink, play with one thumb and are made to be shared with friends.",
  },
] as const;

/** Promo clips and posters live in public/media/promos/, addressed relative to the media base. */
export const promoVideo = (slug: string) => `promos/${slug}.webm`;
export const promoPoster = (slug: string) => `promos/${slug}.jpg`;

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
