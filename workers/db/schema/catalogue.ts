import {
  index,
  integer,
  real,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

// Games and what files them: categories and publishers.

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const publishers = sqliteTable("publishers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  banner: text("banner").notNull(),
  about: text("about").notNull(),
});

/** Bit flags of SPEC.md §3 game_modes: a game offers any set of them. */
export const GAME_MODES = { single: 1, multiplayer: 2, scored: 4 } as const;

export const games = sqliteTable(
  "games",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    /** Sanitised HTML. */
    howToPlay: text("how_to_play").notNull().default(""),
    icon: text("icon").notNull(),
    video: text("video"),
    poster: text("poster"),
    /** Sum of GAME_MODES flags, so the set {1, 2, 4} is 7. */
    gameModes: integer("game_modes").notNull().default(GAME_MODES.single),
    /** 2 labels the leaderboard column Level, anything else Score. */
    leaderboardType: integer("leaderboard_type").notNull().default(1),
    /** 2 is an external game played at external_link. */
    type: integer("type").notNull().default(0),
    externalLink: text("external_link"),
    /**
     * An uploaded game (issue #33): its document's path on the games origin, `/v/{versionId}/…/index.html`, of the
     * version that is live; null for our own games (served from /games/{slug}/) and linked ones (external_link).
     */
    bundlePath: text("bundle_path"),
    /** "portrait", "landscape" or "any": how the game is meant to be held. */
    orientation: text("orientation").notNull().default("any"),
    maximumGameTime: integer("maximum_game_time").notNull().default(120),
    /** The most a player can possibly score per second of play; a faster score is refused. Null: no cap. */
    maxScoreRate: real("max_score_rate"),
    /** ADR 027: the least score of a round that can win a tournament prize or count towards eligibility; null: none. */
    prizeMinScore: integer("prize_min_score"),
    totalLikes: integer("total_likes").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** Rows standing in until the real catalogue lands. */
    isPlaceholder: integer("is_placeholder", { mode: "boolean" })
      .notNull()
      .default(false),
    isPublished: integer("is_published", { mode: "boolean" })
      .notNull()
      .default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("games_category_idx").on(t.categoryId),
    index("games_publisher_idx").on(t.publisherId),
  ],
);

export type GameRow = typeof games.$inferSelect;
export type PublisherRow = typeof publishers.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export const gameRef = () =>
  integer("game_id")
    .notNull()
    .references(() => games.id, { onDelete: "cascade" });
