import {
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  ACCOUNT_TOKEN_PURPOSES,
  MODERATION_ACTIONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from "#contract/moderation";
import { userRef, users } from "./accounts";
import { createdAt } from "./columns";

// Running the platform (issue #34): reports and what moderators did about them, and the links an account is mailed.

/**
 * A player's report of a chat message, a profile, a comment or a game. Reports of one target share `targetType` and
 * `targetId` and are grouped in the queue; a message's report keeps a copy of it and of the messages around it.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: userRef("reporter_id"),
    /** Whose message or profile it is; null for a game. */
    reportedUserId: integer("reported_user_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    /** The message's id, the user's id, the comment's or the game's id. */
    targetId: text("target_id").notNull(),
    /** What the reported thing said or showed when it was reported (a message's text, a name and picture). */
    content: text("content").notNull(),
    /** JSON: a message's five messages before and after, from both sides. */
    context: text("context"),
    reason: text("reason").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    /** What was done, as the reporter is told it. */
    outcome: text("outcome"),
    resolvedBy: integer("resolved_by").references(() => users.id, {
      onDelete: "set null",
    }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_target_idx").on(
      t.reporterId,
      t.targetType,
      t.targetId,
    ),
    index("reports_target_idx").on(t.targetType, t.targetId, t.status),
    index("reports_status_idx").on(t.status, t.createdAt),
  ],
);

/** The audit log: every moderator and admin action, who did it, to what, when and why. Admins read it. */
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the moderator's own account is deleted; the entry stays. */
    moderatorId: integer("moderator_id").references(() => users.id, {
      onDelete: "set null",
    }),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    /** "user", "message", "report", "round", "version", "game". */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    /** JSON: what the action needs remembered (a mute's end, a role given, a name before its reset). */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_created_idx").on(t.createdAt),
    // A report group's page and a mute's reason read a target's entries.
    index("moderation_log_target_idx").on(t.targetType, t.targetId),
  ],
);

/**
 * Single-use links mailed to an account: only the token's SHA-256 is stored; `email` is the address the link was sent
 * to (the new address, for a change), and a link works once, before `expiresAt`.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef(),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);
