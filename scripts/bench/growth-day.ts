// A whole simulated day: who plays, their rounds (growth-sim.ts), and what they do between rounds, each written with
// the rows its service writes.
import { sql } from "drizzle-orm";
import { CHALLENGE_TTL_MS } from "#contract/coins";
import type { Db } from "../../workers/db/client";
import {
  challenges,
  events,
  follows,
  ledger,
  notifications,
  rateLimits,
  sessions,
  users,
  visitorRounds,
} from "../../workers/db/schema";
import { RATE_LIMITS } from "../../workers/services/rate-limits";
import { RATES, type Rates } from "./growth-rates";
import {
  DAY_MS,
  type DayTotals,
  type SimGame,
  type Simulation,
} from "./growth-sim";

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Day `day` (0 first) of `players` daily players: every row that day writes, committed when it returns. */
export async function simulateDay(
  db: Db,
  sim: Simulation,
  options: { day: number; players: number; games: SimGame[]; startMs: number },
  rates: Rates = RATES,
): Promise<DayTotals> {
  const { day, players, games, startMs } = options;
  const dayStart = startMs + day * DAY_MS;
  const morning = new Date(dayStart + 8 * 3600 * 1000);
  const totals: DayTotals = {
    rounds: 0,
    runsKept: 0,
    runLogBytes: 0,
    runMovesBytes: 0,
    players,
  };

  // The day's players: new accounts first (on the first day, everyone), then returning ones drawn from the accounts.
  const fresh =
    day === 0 ? players : Math.round(players * rates.newPlayerShare);
  const returning = new Set<number>();
  while (returning.size < Math.min(players - fresh, sim.accounts.length))
    returning.add(sim.pick(sim.accounts));
  const created = Array.from({ length: fresh }, () => sim.newUser(morning));
  await sim.insertRows(
    users,
    created.map((entry) => entry.user),
  );
  await sim.insertRows(sessions, [
    ...created.map((entry) => entry.session),
    ...[...returning]
      .filter(() => sim.chance(rates.newSessionShare))
      .map((userId) => sim.sessionRow(userId, morning)),
  ]);
  const today = [...created.map((entry) => entry.user.id), ...returning];

  await sim.insertRows(
    events,
    created.flatMap((entry) => [
      {
        name: "SignUpOpen",
        userId: null,
        gameId: null,
        data: JSON.stringify({ from: "popup" }),
        createdAt: morning,
      },
      {
        name: "SignUpSuccess",
        userId: entry.user.id,
        gameId: null,
        data: null,
        createdAt: morning,
      },
    ]),
  );
  await sim.insertRows(
    events,
    today.flatMap((userId) =>
      Array.from({ length: sim.count(rates.detailViewsPerPlayer) }, () => {
        const game = sim.pick(games).id;
        return {
          name: "view_game_details",
          userId,
          gameId: null,
          data: JSON.stringify({ game }),
          createdAt: morning,
        };
      }),
    ),
  );

  await dailyBonuses(db, sim, today, dayStart, rates);
  await followsOf(
    sim,
    created.map((entry) => entry.user.id),
    [...returning],
    morning,
    rates,
  );

  for (const userId of today) {
    const kept = { bytes: 0 };
    for (let i = 0; i < rates.roundsPerPlayer; i++)
      sim.round(userId, dayStart, totals, kept);
    if (kept.bytes > 0)
      await sim.write(
        db
          .insert(rateLimits)
          .values({
            key: `keptRunBytesPerUser:${userId}`,
            windowEndsAt: new Date(dayStart + DAY_MS),
            count: kept.bytes,
            ceiling: RATE_LIMITS.keptRunBytesPerUser.limit,
          })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: kept.bytes,
              windowEndsAt: new Date(dayStart + DAY_MS),
            },
          }),
      );
  }
  await challengesOf(sim, today, games, dayStart, rates);
  await visitorRoundsOf(
    sim,
    games,
    Math.round(players * rates.visitorRoundsPerPlayer),
    dayStart,
  );
  await sim.endDay();
  return totals;
}

/** The daily bonus: a ledger row (its trigger moves the wallet) and the day noted on the user, as claimDailyBonus. */
async function dailyBonuses(
  db: Db,
  sim: Simulation,
  today: number[],
  dayStart: number,
  rates: Rates,
) {
  const on = utcDay(dayStart);
  const claiming = today.filter(() => sim.chance(rates.bonusShare));
  const rows = claiming.map((userId) => ({
    userId,
    amount: 50 + 50 * Math.floor(sim.rand() * 6),
    reason: "daily_bonus" as const,
    reference: `daily-bonus:${on}`,
    createdAt: new Date(dayStart + 9 * 3600 * 1000),
  }));
  for (const row of rows)
    sim.wallets.set(
      row.userId,
      (sim.wallets.get(row.userId) ?? 0) + row.amount,
    );
  await sim.insertRows(ledger, rows);
  for (const userId of claiming)
    await sim.write(
      db
        .update(users)
        .set({ loginDay: sql`min(${users.loginDay} + 1, 6)`, lastBonusOn: on })
        .where(sql`${users.id} = ${userId}`),
    );
}

async function followsOf(
  sim: Simulation,
  fresh: number[],
  returning: number[],
  at: Date,
  rates: Rates,
) {
  const rows = new Map<
    string,
    { followerId: number; followeeId: number; createdAt: Date }
  >();
  const follow = (followerId: number) => {
    const followeeId = sim.pick(sim.accounts);
    if (followeeId !== followerId)
      rows.set(`${followerId}:${followeeId}`, {
        followerId,
        followeeId,
        createdAt: at,
      });
  };
  for (const userId of fresh)
    for (let i = 0; i < rates.followsPerNewPlayer; i++) follow(userId);
  for (const userId of returning)
    if (sim.chance(rates.followsPerReturningPlayer)) follow(userId);
  for (const row of rows.values())
    await sim.write(sim.db.insert(follows).values(row).onConflictDoNothing());
}

/**
 * Challenges sent today, each played out the same day: the stake held, the friend told, then accepted and settled
 * (stake, payout, two notifications more) or left to expire (refund, one notification).
 */
async function challengesOf(
  sim: Simulation,
  today: number[],
  games: SimGame[],
  dayStart: number,
  rates: Rates,
) {
  const sent = sim.count(today.length * rates.challengesPerPlayer);
  for (let i = 0; i < sent; i++) {
    // Stakes come out of wallets (the ledger's trigger refuses a balance below zero): players who have the coins.
    const from = sim.pick(today);
    const to = sim.pick(sim.accounts);
    const bet = 5 * (1 + Math.floor(sim.rand() * 10));
    const wallet = (userId: number) => sim.wallets.get(userId) ?? 0;
    if (to === from || wallet(from) < bet) continue;
    const game = sim.pick(games);
    const id = ++sim.ids.challenge;
    const at = dayStart + 12 * 3600 * 1000;
    const accepted =
      wallet(to) >= bet && sim.chance(rates.challengeAcceptShare);
    const winner = sim.chance(0.5) ? from : to;
    await sim.write(
      sim.db.insert(challenges).values({
        id,
        gameId: game.id,
        fromUserId: from,
        toUserId: to,
        betAmount: bet,
        message: "Beat this!",
        score: game.typicalScore,
        status: accepted ? "settled" : "expired",
        acceptorScore: accepted ? game.typicalScore : null,
        winnerId: accepted ? winner : null,
        claim: sim.hex(32),
        acceptedAt: accepted ? new Date(at + 3600_000) : null,
        settledAt: accepted ? new Date(at + 7200_000) : null,
        expiresAt: new Date(at + CHALLENGE_TTL_MS),
        createdAt: new Date(at),
      }),
    );
    const money = (
      userId: number,
      amount: number,
      reason: "challenge_stake" | "challenge_payout" | "challenge_refund",
      suffix: string,
    ) => ({
      userId,
      amount,
      reason,
      reference: `challenge:${id}:${suffix}`,
      createdAt: new Date(at),
    });
    const note = (
      userId: number,
      type:
        | "challenge"
        | "challenge_accepted"
        | "challenge_result"
        | "challenge_expired",
      content: string,
    ) => ({
      userId,
      type,
      content,
      data: {
        challengeId: id,
        gameId: game.id,
        gameName: game.slug,
        betAmount: bet,
      },
      createdAt: new Date(at),
    });
    const moves = [
      money(from, -bet, "challenge_stake", "stake"),
      ...(accepted
        ? [
            money(to, -bet, "challenge_stake", "accept"),
            money(winner, 2 * bet, "challenge_payout", "payout"),
          ]
        : [money(from, bet, "challenge_refund", "refund")]),
    ];
    for (const row of moves)
      sim.wallets.set(row.userId, wallet(row.userId) + row.amount);
    await sim.insertRows(ledger, moves);
    await sim.insertRows(notifications, [
      note(
        to,
        "challenge",
        `Player challenged you to beat ${game.typicalScore} on ${game.slug} for ${bet} coins`,
      ),
      ...(accepted
        ? [
            note(
              from,
              "challenge_accepted",
              `Player accepted your challenge on ${game.slug}`,
            ),
            note(
              from,
              "challenge_result",
              `You won ${2 * bet} coins on ${game.slug}`,
            ),
            note(
              to,
              "challenge_result",
              `You lost ${bet} coins on ${game.slug}`,
            ),
          ]
        : [
            note(
              from,
              "challenge_expired",
              `Your challenge on ${game.slug} expired: ${bet} coins are back`,
            ),
          ]),
    ]);
  }
}

/** Visitors' rounds: dealt, finished with their log (kept in D1 until the sweep drops it), a few claimed. */
async function visitorRoundsOf(
  sim: Simulation,
  games: SimGame[],
  rounds: number,
  dayStart: number,
) {
  for (let i = 0; i < rounds; i++) {
    const game = sim.pick(games);
    const at = dayStart + Math.floor(sim.rand() * DAY_MS);
    await sim.write(
      sim.db.insert(visitorRounds).values({
        id: ++sim.ids.visitor,
        gameId: game.id,
        seed: Math.floor(sim.rand() * 2 ** 32),
        hiddenSeed: Math.floor(sim.rand() * 2 ** 32),
        tokenHash: sim.hex(64),
        score: game.typicalScore,
        inputLog: game.log,
        playTime: 90,
        finishedAt: new Date(at + 90_000),
        createdAt: new Date(at),
      }),
    );
  }
}
