import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { GENDERS } from "#contract/types";
import { USER_ROLES } from "#contract/moderation";
import { UPLOAD_PURPOSES } from "#contract/uploads";
import { createdAt } from "./columns";

// Users, their sessions and what guards their accounts: log-in attempts, upload tokens, rate limits.

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    /** PBKDF2 hash (see workers/services/password.ts); null for accounts that only use Google. */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    name: text("name").notNull(),
    firstName: text("first_name").notNull(),
    phoneNumber: text("phone_number"),
    address: text("address"),
    gender: text("gender", { enum: GENDERS }),
    /** Stored media path or absolute URL of the uploaded picture. */
    profileImg: text("profile_img"),
    /** Picture from a social login, used when no upload exists. */
    profilePic: text("profile_pic"),
    wallet: integer("wallet").notNull().default(0),
    canWrite: integer("can_write", { mode: "boolean" })
      .notNull()
      .default(false),
    /**
     * The day card (0 to 5, more on a longer streak) of the user's last daily bonus claim; -1 before the first.
     * What the client sees as login_day is worked out from this and last_bonus_on (contract/coins.ts).
     */
    loginDay: integer("login_day").notNull().default(-1),
    /** UTC date (YYYY-MM-DD) of the last daily bonus claim. */
    lastBonusOn: text("last_bonus_on"),
    /**
     * "moderator" acts on reports and reviews submitted games; "admin" also grants and takes roles (issue #34; the
     * first admin with `npm run admin`); everyone else "player".
     */
    role: text("role", { enum: USER_ROLES }).notNull().default("player"),
    /** When the address was proven by its verification link; null until then (Google's addresses are verified). */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** A moderator's mute: the player cannot send chat messages until then. */
    chatMutedUntil: integer("chat_muted_until", { mode: "timestamp_ms" }),
    /** A suspended account cannot log in; the reason is shown to them. */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    suspendedReason: text("suspended_reason"),
    /** The account was deleted by its owner: the row stays, without personal data, so ledgers still add up. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /** The code in the user's personal invite link; made the first time they ask for it. */
    inviteCode: text("invite_code").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // The last line of defence for coins: no write can leave a balance below zero.
    check("users_wallet_not_negative", sql`${t.wallet} >= 0`),
    // Find People searches names by prefix, case-insensitively, through this index.
    index("users_name_nocase_idx").on(sql`${t.name} collate nocase`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Last socket id the client reported (POST /api/session). */
    socket: text("socket"),
    /** The signed-in devices list: the browser's User-Agent (cut short), the country Cloudflare saw, last use. */
    userAgent: text("user_agent"),
    country: text("country"),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;

/** Log-in attempts per email and per address over a sliding window: each is reserved before its password is checked. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** One-time upload addresses: the token is only ever stored hashed, and a row is claimed once. */
export const uploadTokens = sqliteTable(
  "upload_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    purpose: text("purpose", {
      enum: UPLOAD_PURPOSES,
    }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The stored picture's size, set when it lands: the sum over a user's rows is held to their storage quota. */
    bytes: integer("bytes"),
    createdAt: createdAt(),
  },
  (t) => [index("upload_tokens_user_idx").on(t.userId)],
);

/** Fixed-window request counters (workers/services/rate-limits.ts): one row per action and subject, reset in place. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
    count: integer("count").notNull(),
    /**
     * The limit the count may not pass (ADR 025, "The one writer"): triggers (migration 0026) abort the statement,
     * and with it the batch it is in, when a count would go over. Null for counts that only decide, never refuse.
     */
    ceiling: integer("ceiling"),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowEndsAt)],
);

export const userRef = (name = "user_id") =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
