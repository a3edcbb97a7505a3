import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import {
  gameId,
  getJson,
  json,
  newPlayer,
  scoredRound,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

const USERS = 20;

/** Sends every request at once and returns the statuses; any 500 fails the test. */
async function all(requests: Array<Promise<{ status: number }>>) {
  const statuses = (await Promise.all(requests)).map(
    (response) => response.status,
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  return statuses;
}

describe("the wallet under concurrent claims, bets, accepts and submits", () => {
  it(
    "keeps every balance equal to its ledger, never negative, one bonus a day and one settlement a challenge",
    { timeout: 60_000 },
    async () => {
      const game = await gameId("snake");
      const players: Player[] = [];
      for (let i = 0; i < USERS; i++)
        players.push(
          await newPlayer(`Crowd Player ${String.fromCharCode(65 + i)}`),
        );
      // Everyone follows everyone; a few start with some coins, the rest only have the daily bonus.
      const follows = players.flatMap((a) =>
        players.filter((b) => b !== a).map((b) => `(${a.userId}, ${b.userId})`),
      );
      await env.DB.prepare(
        `insert into follows (follower_id, followee_id) values ${follows.join(", ")}`,
      ).run();
      for (const [i, player] of players.entries()) {
        if (i % 3 === 0) {
          await env.DB.prepare(
            "insert into ledger (user_id, amount, reason, reference) values (?, ?, 'opening_balance', 'opening-balance')",
          )
            .bind(player.userId, 40 + i * 5)
            .run();
        }
        await scoredRound(player, game, 10 + (i % 7));
      }
      const startScore = new Map(
        players.map((player, i) => [player.userId, 10 + (i % 7)]),
      );
      const claim = (player: Player) =>
        getJson("/api/wallet", json("POST", { coins: 50 }, player.token));
      const create = (from: Player, to: Player, bet: number) =>
        getJson<ChallengeView>(
          "/api/challenge",
          json(
            "POST",
            {
              game,
              from: from.userId,
              to: to.userId,
              bet_amount: bet,
              message: "Race you",
              score: startScore.get(from.userId),
            },
            from.token,
          ),
        );
      let operations = 0;

      // Wave 1: two bonus claims per player racing four bets each (every bet sent twice).
      const wave1: Array<Promise<{ status: number }>> = [];
      players.forEach((player, i) => {
        wave1.push(claim(player), claim(player));
        for (const offset of [1, 2]) {
          const bet = [25, 50, 75][(i + offset) % 3];
          const friend = players[(i + offset) % USERS];
          wave1.push(create(player, friend, bet), create(player, friend, bet));
        }
      });
      const statuses1 = await all(wave1);
      operations += wave1.length;
      expect(
        statuses1.filter((status) => status === 201).length,
      ).toBeGreaterThan(5);
      expect(
        statuses1.filter((status) => status === 409).length,
      ).toBeGreaterThan(USERS); // second claims, repeated bets, empty wallets

      const challenges = (
        await env.DB.prepare(
          "select id, to_user_id as toUserId from challenges",
        ).all<{ id: number; toUserId: number }>()
      ).results;
      const byId = new Map(players.map((player) => [player.userId, player]));

      // Wave 2: every challenge accepted twice at once by its friend, while the bonus is claimed again.
      const wave2: Array<Promise<{ status: number }>> = [];
      for (const { id, toUserId } of challenges) {
        const friend = byId.get(toUserId)!;
        wave2.push(
          getJson(
            `/api/challenge/accept/${id}`,
            json("POST", {}, friend.token),
          ),
          getJson(
            `/api/challenge/accept/${id}`,
            json("POST", {}, friend.token),
          ),
        );
      }
      players.forEach((player) => wave2.push(claim(player)));
      await all(wave2);
      operations += wave2.length;

      // Each friend with an accepted challenge plays a round; then every result is submitted twice at once, and
      // challenges still pending are declined twice at once.
      const accepted = (
        await env.DB.prepare(
          "select id, to_user_id as toUserId from challenges where status = 'accepted'",
        ).all<{ id: number; toUserId: number }>()
      ).results;
      expect(accepted.length).toBeGreaterThan(3);
      // A round settles one challenge (the friend's oldest accepted one still without a round): one round each.
      const roundScore = new Map<number, number>();
      for (const { id, toUserId } of accepted) {
        const score = 5 + ((id * 7) % 15);
        await scoredRound(byId.get(toUserId)!, game, score);
        roundScore.set(id, score);
      }
      const pending = (
        await env.DB.prepare(
          "select id, to_user_id as toUserId from challenges where status = 'pending'",
        ).all<{ id: number; toUserId: number }>()
      ).results;
      const wave3: Array<Promise<{ status: number }>> = [];
      for (const { id, toUserId } of accepted) {
        const friend = byId.get(toUserId)!;
        const body = { challengeId: id, score: roundScore.get(id) };
        wave3.push(
          getJson("/api/challenge/submit", json("POST", body, friend.token)),
          getJson("/api/challenge/submit", json("POST", body, friend.token)),
        );
      }
      for (const { id, toUserId } of pending) {
        const friend = byId.get(toUserId)!;
        wave3.push(
          getJson(
            `/api/challenge/decline/${id}`,
            json("POST", {}, friend.token),
          ),
          getJson(
            `/api/challenge/decline/${id}`,
            json("POST", {}, friend.token),
          ),
        );
      }
      players.forEach((player) => wave3.push(claim(player)));
      await all(wave3);
      operations += wave3.length;
      expect(operations).toBeGreaterThanOrEqual(200);

      // Every balance equals the sum of its ledger, and none is negative.
      const balances = await env.DB.prepare(
        "select u.id, u.wallet, coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0) as total from users u",
      ).all<{ id: number; wallet: number; total: number }>();
      for (const row of balances.results) {
        expect(row.wallet, `user ${row.id}`).toBe(row.total);
        expect(row.wallet).toBeGreaterThanOrEqual(0);
      }
      // One bonus per player and day.
      const bonuses = await env.DB.prepare(
        "select user_id, count(*) as claims from ledger where reason = 'daily_bonus' group by user_id, reference having count(*) > 1",
      ).all();
      expect(bonuses.results).toEqual([]);
      const bonusTotal = await env.DB.prepare(
        `select count(*) as claims from ledger where reason = 'daily_bonus' and user_id in (${players.map((p) => p.userId).join(",")})`,
      ).first<number>("claims");
      expect(bonusTotal).toBe(USERS);

      // Each challenge holds exactly what its status says, so none was settled, refunded or staked twice.
      const held = await env.DB.prepare(
        `select c.id, c.status, c.bet_amount as bet, c.winner_id as winner,
        coalesce((select sum(amount) from ledger l where l.reference like 'challenge:' || c.id || ':%'), 0) as held,
        (select count(*) from ledger l where l.reference = 'challenge:' || c.id || ':payout') as payouts
       from challenges c`,
      ).all<{
        id: number;
        status: string;
        bet: number;
        winner: number | null;
        held: number;
        payouts: number;
      }>();
      expect(held.results.length).toBe(challenges.length);
      for (const row of held.results) {
        const expected =
          row.status === "pending"
            ? -row.bet
            : row.status === "accepted"
              ? -2 * row.bet
              : 0;
        expect(row.held, `challenge ${row.id} (${row.status})`).toBe(expected);
        if (row.status === "settled")
          expect(row.payouts).toBe(row.winner === null ? 2 : 1);
        else expect(row.payouts).toBe(0);
      }
      expect(
        held.results.filter((row) => row.status === "settled").length,
      ).toBe(accepted.length);
    },
  );
});
