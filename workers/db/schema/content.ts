import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { BLOG_STATUSES } from "#contract/blog";
import { userRef, users } from "./accounts";
import { gameRef } from "./catalogue";
import { createdAt } from "./columns";
import { scores } from "./rounds";
import { matchResults } from "./social";

// What players publish or keep: blog posts, shared scores, per-game data.

/** A content block of a post (SPEC.md §3 Blog content[]): sanitised HTML text, or an image by media path. */
export type StoredBlogBlock =
  | { id: string; type: "text"; content: string }
  | { id: string; type: "img"; content: string; alt?: string };

/** SPEC.md §3 Blog: a writer's post; a draft is seen only by its author. */
export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The readable address /blog/{slug}: follows the title until the first publish, then never changes. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    /** Media path (R2 key) or a root-relative static path; null: the first image block stands in. */
    posterUrl: text("poster_url"),
    content: text("content", { mode: "json" })
      .$type<StoredBlogBlock[]>()
      .notNull(),
    status: text("status", { enum: BLOG_STATUSES }).notNull().default("draft"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The public list: published posts, newest first.
    index("blog_posts_published_idx").on(t.status, t.publishedAt, t.id),
    index("blog_posts_author_idx").on(t.authorId, t.updatedAt),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;

/**
 * A result its player made public (/scores/{id}): a round of theirs (`scoreId`) or their side of a match (`matchId`),
 * exactly one. One share per result, so sharing again gives the same address. The name and score are kept as they
 * were when shared: the card drawn then (R2, `cards/scores/{id}.png`) shows the same.
 */
export const scoreShares = sqliteTable(
  "score_shares",
  {
    /** The public id: random, so shares cannot be found by counting. */
    id: text("id").primaryKey(),
    userId: userRef(),
    gameId: gameRef(),
    scoreId: integer("score_id").references(() => scores.id, {
      onDelete: "cascade",
    }),
    matchId: integer("match_id").references(() => matchResults.id, {
      onDelete: "cascade",
    }),
    score: integer("score").notNull(),
    playerName: text("player_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("score_shares_score_idx").on(t.scoreId),
    uniqueIndex("score_shares_match_player_idx").on(t.matchId, t.userId),
    index("score_shares_user_idx").on(t.userId, t.createdAt),
    check(
      "score_shares_one_result",
      sql`(${t.scoreId} is null) <> (${t.matchId} is null)`,
    ),
  ],
);

/**
 * What a game keeps for a player through sdk.storage or a portal's `data` module (ADR 031): the whole data as JSON
 * text of [key, value] pairs, replaced on each write, within the limits of contract/game-data.ts.
 */
export const gameData = sqliteTable(
  "game_data",
  {
    userId: userRef(),
    gameId: gameRef(),
    data: text("data").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);
