import { and, desc, eq, sql } from "drizzle-orm";
import {
  BONUS_COLLECTED,
  DAILY_CHALLENGE_LIMIT,
  ClaimSchema,
  bonusCredit,
  dailyBonusOf,
  utcDay,
  utcDayStart,
  type LedgerReason,
  type WalletView,
} from "#contract/coins";
import type { Db } from "../db/client";
import { ledger, users } from "../db/schema";
import { ApiError, notFound } from "./errors";
import { parseInput } from "./parse";
import type { Pusher } from "./notifications";

const WALLET_ENTRIES = 20;

/** The constraint behind a failed D1 statement, searched through drizzle's wrapped causes. */
export function constraintFailure(error: unknown): "wallet" | "unique" | null {
  for (
    let cause: unknown = error;
    cause instanceof Error;
    cause = cause.cause
  ) {
    if (/users_wallet_not_negative/.test(cause.message)) return "wallet";
    if (/UNIQUE constraint failed/i.test(cause.message)) return "unique";
  }
  return null;
}

export const insufficientCoins = () =>
  new ApiError(
    409,
    "insufficient_coins",
    "You do not have enough coins. Please update your wallet",
  );

/** Coins a player put into challenges today (UTC), counted from the ledger. */
export const stakedTodaySql = (
  userId: number | ReturnType<typeof sql>,
  now: number,
) =>
  sql<number>`(select coalesce(-sum(${ledger.amount}), 0) from ${ledger} where ${ledger.userId} = ${userId}
    and ${ledger.reason} = 'challenge_stake' and ${ledger.createdAt} >= ${utcDayStart(now)})`;

/**
 * `push` tells every socket of the player (all tabs and devices) that the balance or the bonus changed, so each one
 * reloads its root data instead of showing a stale wallet or offering a bonus already collected.
 */
export function createWalletService(db: Db, push?: Pusher) {
  async function userRow(userId: number) {
    const [user] = await db
      .select({
        wallet: users.wallet,
        loginDay: users.loginDay,
        lastBonusOn: users.lastBonusOn,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw notFound("User not found");
    return user;
  }

  const service = {
    /** What is left of today's challenge limit. */
    async challengeLimit(userId: number, now = Date.now()) {
      const [row] = await db
        .select({ used: stakedTodaySql(userId, now) })
        .from(sql`(select 1)`);
      const used = Number(row?.used ?? 0);
      return {
        limit: DAILY_CHALLENGE_LIMIT,
        used,
        left: Math.max(0, DAILY_CHALLENGE_LIMIT - used),
      };
    },

    /** GET /api/wallet: the balance, the bonus state, the challenge limit and the latest movements. */
    async view(userId: number, now = Date.now()): Promise<WalletView> {
      const [user, limit, entries] = await Promise.all([
        userRow(userId),
        service.challengeLimit(userId, now),
        db
          .select()
          .from(ledger)
          .where(eq(ledger.userId, userId))
          // By time: a carried-forward row (ADR 047) is written after the rows it follows.
          .orderBy(desc(ledger.createdAt), desc(ledger.id))
          .limit(WALLET_ENTRIES),
      ]);
      return {
        wallet: user.wallet,
        ...dailyBonusOf({ loginDay: user.loginDay, on: user.lastBonusOn }, now),
        challenge_limit: limit,
        entries: entries.map((entry) => ({
          _id: entry.id,
          amount: entry.amount,
          reason: entry.reason,
          reference: entry.reference,
          created_dt: entry.createdAt.toISOString(),
        })),
      };
    },

    /**
     * SPEC.md §4 daily bonus: credits 50 × login_day + 50 (1000 above day 7) once a UTC day. The amount is the
     * server's: a request naming another one, or a second claim, is a 409 that credits nothing. The ledger row's
     * reference (`daily-bonus:{day}`) is unique per user, so racing claims cannot both land.
     */
    async claimDailyBonus(
      userId: number,
      input: unknown,
      now = Date.now(),
    ): Promise<WalletView> {
      const { coins } = parseInput(ClaimSchema, input);
      const user = await userRow(userId);
      const today = utcDay(now);
      const bonus = dailyBonusOf(
        { loginDay: user.loginDay, on: user.lastBonusOn },
        now,
      );
      if (bonus.daily_bonus_status === BONUS_COLLECTED) throw bonusClaimed();
      const credit = bonusCredit(bonus.login_day);
      if (coins !== credit) {
        throw new ApiError(
          409,
          "bonus_amount",
          `Today's daily bonus is ${credit} coins, not ${coins}`,
        );
      }
      try {
        await db.batch([
          db
            .update(users)
            .set({ loginDay: bonus.login_day, lastBonusOn: today })
            .where(
              and(
                eq(users.id, userId),
                user.lastBonusOn
                  ? eq(users.lastBonusOn, user.lastBonusOn)
                  : sql`${users.lastBonusOn} is null`,
              ),
            ),
          db
            .insert(ledger)
            .values(
              ledgerRow(userId, credit, "daily_bonus", `daily-bonus:${today}`),
            ),
        ]);
      } catch (error) {
        if (constraintFailure(error) === "unique") throw bonusClaimed();
        throw error;
      }
      const answer = await service.view(userId, now);
      await push?.(userId, {
        event: "wallet_update",
        data: { wallet: answer.wallet },
      }).catch(() => undefined);
      return answer;
    },
  };
  return service;
}

const bonusClaimed = () =>
  new ApiError(
    409,
    "bonus_claimed",
    "You have already collected today's daily bonus. Come back tomorrow!",
  );

function ledgerRow(
  userId: number,
  amount: number,
  reason: LedgerReason,
  reference: string,
) {
  return { userId, amount, reason, reference };
}
