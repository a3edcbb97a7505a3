import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { CHALLENGE_STATUSES, LEDGER_REASONS } from "#contract/coins";
import { userRef, users } from "./accounts";
import { gameRef } from "./catalogue";
import { createdAt } from "./columns";

// Coins: the wallet ledger and challenges.

/** Why coins moved: every change of users.wallet is one ledger row with one of these. */
/**
 * The wallet ledger, append-only. A trigger in the migration adds each row's amount to users.wallet in the same
 * statement, so a balance always equals the sum of its rows, and users' CHECK aborts any row that would take a
 * balance below zero. (user_id, reference) is unique: the same movement can never be applied twice.
 */
export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    /** Coins in (positive) or out (negative). */
    amount: integer("amount").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** What the movement is for, e.g. `daily-bonus:2026-11-22` or `challenge:12:stake`. */
    reference: text("reference").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_user_reference_idx").on(t.userId, t.reference),
    index("ledger_user_reason_time_idx").on(t.userId, t.reason, t.createdAt),
    // The hourly fold of old rows walks them by age (ADR 047).
    index("ledger_created_idx").on(t.createdAt),
    check("ledger_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * SPEC.md §3 Challenge: a bet between two players on one game. The challenger's stake is held (a ledger row)
 * from creation, the acceptor's from acceptance; settlement pays both stakes to the higher score.
 */
export const challenges = sqliteTable(
  "challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    fromUserId: integer("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    betAmount: integer("bet_amount").notNull(),
    message: text("message").notNull(),
    /** The challenger's server-accepted score the friend has to beat. */
    score: integer("score").notNull(),
    status: text("status", { enum: CHALLENGE_STATUSES })
      .notNull()
      .default("pending"),
    /** The acceptor's score, once submitted. */
    acceptorScore: integer("acceptor_score"),
    /** Null on a tie or before settlement. */
    winnerId: integer("winner_id"),
    /** A random token written by the one request that moves the challenge on; the ledger rows of that request
     * are only inserted where the challenge carries it, so a racing request moves no coins. */
    claim: text("claim"),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    /** The acceptor's first play session of the game after accepting: its round, and no other, settles it. */
    roundStatsId: integer("round_stats_id"),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("challenges_to_idx").on(t.toUserId, t.createdAt),
    index("challenges_from_idx").on(t.fromUserId, t.createdAt),
    index("challenges_expiry_idx").on(t.status, t.expiresAt),
    // Finds the challenge a kept run was the round of: such a run is shown only to the challenge's two players.
    index("challenges_round_idx").on(t.roundStatsId),
    // One open challenge per friend and game: a repeated request cannot hold the bet twice.
    uniqueIndex("challenges_open_idx")
      .on(t.fromUserId, t.toUserId, t.gameId)
      .where(sql`status in ('pending', 'accepted')`),
    check(
      "challenges_bet_positive",
      sql`${t.betAmount} > 0 and ${t.betAmount} % 5 = 0`,
    ),
    check("challenges_not_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);
