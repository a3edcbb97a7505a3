import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { NOTIFICATION_TYPES } from "#contract/coins";
import { MATCH_INVITE_KINDS } from "#contract/friend-matches";
import { PUSH_KINDS } from "#contract/push";
import { userRef, users } from "./accounts";
import { gameRef } from "./catalogue";
import { createdAt } from "./columns";
import { gameStats, playerMoves } from "./rounds";

// People together: follows, matches, blocks, notifications, push subscriptions and match invites.

/** SPEC.md §4 Follow: `followerId` follows `followeeId`. A user's friends are the people they follow. */
export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId),
  ],
);

/**
 * SPEC.md §2 Summary: a finished match, against another player (written by the MatchRoom Durable Object) or
 * against a bot replaying a recorded run (written when the player's round is scored).
 */
export const matchResults = sqliteTable(
  "match_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    /** The MatchRoom of a match between two players; null against a bot. */
    roomId: text("room_id").unique(),
    /** The player's play session of a match against a bot; one result per session. */
    statsId: integer("stats_id")
      .unique()
      .references(() => gameStats.id, { onDelete: "set null" }),
    playerOneId: integer("player_one_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerOneScore: integer("player_one_score").notNull(),
    playerTwoId: integer("player_two_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    playerTwoScore: integer("player_two_score").notNull(),
    botRunId: integer("bot_run_id").references(() => playerMoves.id, {
      onDelete: "set null",
    }),
    botName: text("bot_name"),
    botProfilePic: text("bot_profile_pic"),
    /** 1 a normal end (SPEC.md §9), 2 someone left before the end. */
    status: integer("status").notNull().default(1),
    /** The player who left, when one did. */
    leftUserId: integer("left_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("match_results_player_one_idx").on(t.playerOneId),
    index("match_results_player_two_idx").on(t.playerTwoId),
    // A ghost run a summary links stays while it does (ADR 047), and deleting a run must not scan every match.
    index("match_results_bot_run_idx").on(t.botRunId),
    // The hourly prune walks summaries by age (ADR 047).
    index("match_results_created_idx").on(t.createdAt),
  ],
);

/** A user who blocked another: no messages, challenges or follows from the blocked one. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
  ],
);

/** SPEC.md §3 Notification, stored for the list and pushed live through the user's hub. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    content: text("content").notNull(),
    /** JSON: what the popup needs, e.g. the challenge id and game. */
    data: text("data", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_created_idx").on(t.createdAt),
  ],
);

/**
 * A device's Web Push subscription (ADR 029): the push service's address and the browser's keys. One row per
 * endpoint, so a device signed in as someone else moves to them; dropped when the push service says it is gone.
 * At most `MAX_PUSH_DEVICES` a player: a new one drops the oldest.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** When sending to it last failed (ADR 034): skipped for a day, cleared when it works or the device subscribes. */
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** A kind of push (`PUSH_KINDS`) a player turned off; every kind not here is on. */
export const pushMuted = sqliteTable(
  "push_muted",
  {
    userId: userRef(),
    kind: text("kind", { enum: PUSH_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A private match invitation (ADR 026): to one friend, to whoever signed in opens its link first, or a rematch offer
 * to the other player of a match. The room's id is chosen when it is made; the taker claims it with one conditional
 * update, so two takers at once make one room.
 */
export const matchInvites = sqliteTable(
  "match_invites",
  {
    /** The link's code: random. */
    code: text("code").primaryKey(),
    kind: text("kind", { enum: MATCH_INVITE_KINDS }).notNull(),
    inviterId: integer("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The invited player; null for a link anyone signed in may take. */
    inviteeId: integer("invitee_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    gameId: gameRef(),
    /** The match a rematch offer would replay. */
    rematchOf: integer("rematch_of").references(() => matchResults.id, {
      onDelete: "cascade",
    }),
    roomId: text("room_id").notNull().unique(),
    /** Dealt when the invitation is taken. */
    seed: integer("seed"),
    takenBy: integer("taken_by").references(() => users.id, {
      onDelete: "cascade",
    }),
    /** Declined by the invitee or cancelled by the inviter. */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    closedBy: integer("closed_by"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("match_invites_rematch_idx").on(t.rematchOf),
    index("match_invites_inviter_idx").on(t.inviterId, t.createdAt),
  ],
);
