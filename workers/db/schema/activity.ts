import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { userRef } from "./accounts";
import { gameRef } from "./catalogue";
import { createdAt } from "./columns";

// What players do with games outside a round: likes, ratings, saves, plays and events.

/** One like per user and game; games.total_likes is recounted from here in the same batch. */
export const likes = sqliteTable(
  "likes",
  { userId: userRef(), gameId: gameRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("likes_game_idx").on(t.gameId),
  ],
);

/** One rating per user and game (re-rating replaces it); games.rating_sum/count are recounted from here. */
export const ratings = sqliteTable(
  "ratings",
  {
    userId: userRef(),
    gameId: gameRef(),
    value: integer("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("ratings_game_idx").on(t.gameId),
    check("ratings_value_range", sql`${t.value} between 1 and 5`),
  ],
);

export const savedGames = sqliteTable(
  "saved_games",
  { userId: userRef(), gameId: gameRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** A signed-in user's latest start of each game (POST /api/user/play), for Recently Played. */
export const plays = sqliteTable(
  "plays",
  {
    userId: userRef(),
    gameId: gameRef(),
    /** 0 normal, 1 challenge, 2 multiplayer. */
    type: integer("type").notNull().default(0),
    createdAt: createdAt(),
  },
  // One row a player and game, moved to the latest start (ADR 047): "Recently played" needs no more. WITHOUT ROWID
  // (migration 0038, which drizzle-kit cannot express): stored once, by its key.
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("plays_created_idx").on(t.createdAt),
  ],
);

/**
 * Product analytics when no Analytics Engine binding is configured; a game's own events (ad breaks, errors) always,
 * with their game in `game_id`, for its developers' dashboard. No foreign key: an event is a record, not a reference.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    userId: integer("user_id"),
    gameId: integer("game_id"),
    data: text("data"),
    createdAt: createdAt(),
  },
  (t) => [
    // A developer's dashboard reads its game's events by name (services/developer-stats.ts); nothing reads every
    // game's by name, so that index went (ADR 047).
    index("events_game_idx").on(t.gameId, t.name, t.createdAt),
    index("events_created_idx").on(t.createdAt),
  ],
);
