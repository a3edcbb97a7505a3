import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  COIN_MESSAGES,
  DAILY_CHALLENGE_LIMIT,
  type ChallengeOutcome,
  type ChallengeView,
  type NotificationView,
  type WalletView,
} from "#contract/coins";
import type { ApiErrorBody, UserProfile } from "#contract/types";
import worker from "../../workers/app";
import {
  connect,
  gameId,
  getJson,
  json,
  newPlayer,
  scoredRound,
  seed,
  type Player,
  fund,
} from "./helpers";

beforeAll(seed);

const auth = (player: Player): RequestInit => ({
  headers: { Authorization: `Bearer ${player.token}` },
});
const me = async (player: Player) =>
  (await getJson<UserProfile>("/api/user/me", auth(player))).body;
const walletOf = async (player: Player) => (await me(player)).wallet;
const claim = (player: Player, coins: number) =>
  getJson<WalletView & ApiErrorBody>(
    "/api/wallet",
    json("POST", { coins }, player.token),
  );
const follow = async (player: Player, to: Player) =>
  expect(
    (
      await getJson(
        "/api/social/follow",
        json("POST", { from: player.userId, to: to.userId }, player.token),
      )
    ).status,
  ).toBe(200);
const challenge = (player: Player, body: Record<string, unknown>) =>
  getJson<ChallengeView & ApiErrorBody>(
    "/api/challenge",
    json("POST", body, player.token),
  );
const accept = (player: Player, id: number) =>
  getJson<{ challenge: ChallengeView; wallet: number } & ApiErrorBody>(
    `/api/challenge/accept/${id}`,
    json("POST", {}, player.token),
  );
const submit = (player: Player, challengeId: number, score: number) =>
  getJson<ChallengeOutcome & ApiErrorBody>(
    "/api/challenge/submit",
    json("POST", { challengeId, score }, player.token),
  );

/** Every balance equals the sum of its ledger rows, and none is below zero. */
async function expectBalancesMatchLedger() {
  const { results } = await env.DB.prepare(
    `select u.id, u.wallet, coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0) as total from users u`,
  ).all<{ id: number; wallet: number; total: number }>();
  for (const row of results) {
    expect(row.wallet, `user ${row.id}`).toBe(row.total);
    expect(row.wallet).toBeGreaterThanOrEqual(0);
  }
}

const yesterday = () =>
  new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A challenger with a score on the game, a friend they follow, and coins. */
async function pair(names: [string, string], coins = 500, score = 20) {
  const [from, to] = [await newPlayer(names[0]), await newPlayer(names[1])];
  const game = await gameId("snake");
  await follow(from, to);
  await fund(from, coins);
  await scoredRound(from, game, score);
  return { from, to, game, score };
}

describe("the daily bonus and POST /api/wallet", () => {
  it("credits today's amount once, refuses other amounts and a second claim with a 409 that credits nothing", async () => {
    const player = await newPlayer("Bonus Bea");
    expect(await me(player)).toMatchObject({
      wallet: 0,
      login_day: 0,
      daily_bonus_status: 0,
    });

    const wrong = await claim(player, 1000);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toEqual({
      code: "bonus_amount",
      message: "Today's daily bonus is 50 coins, not 1000",
    });
    expect(await walletOf(player)).toBe(0);

    const claimed = await claim(player, 50);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({
      wallet: 50,
      login_day: 0,
      daily_bonus_status: 1,
    });
    expect(claimed.body.entries).toEqual([
      expect.objectContaining({ amount: 50, reason: "daily_bonus" }),
    ]);

    const again = await claim(player, 50);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("bonus_claimed");
    expect(await me(player)).toMatchObject({
      wallet: 50,
      daily_bonus_status: 1,
    });
  });

  it("moves to the next card on consecutive days, pays 1000 above day 7 and starts again after a missed day", async () => {
    const streaking = async (
      name: string,
      lastCard: number,
      lastClaimOn: string,
    ) => {
      const player = await newPlayer(name);
      await env.DB.prepare(
        "update users set login_day = ?, last_bonus_on = ? where id = ?",
      )
        .bind(lastCard, lastClaimOn, player.userId)
        .run();
      return player;
    };
    const third = await streaking("Streak Sam", 2, yesterday());
    expect(await me(third)).toMatchObject({
      login_day: 3,
      daily_bonus_status: 0,
    });
    expect((await claim(third, 150)).body.error.code).toBe("bonus_amount");
    expect((await claim(third, 200)).body).toMatchObject({
      wallet: 200,
      login_day: 3,
      daily_bonus_status: 1,
    });
    expect((await me(third)).login_day).toBe(3);

    const ninth = await streaking("Streak Sue", 7, yesterday());
    expect((await me(ninth)).login_day).toBe(8);
    expect((await claim(ninth, 1000)).body.wallet).toBe(1000);

    const lapsed = await streaking("Streak Syd", 4, "2020-01-01");
    expect((await me(lapsed)).login_day).toBe(0);
    expect((await claim(lapsed, 50)).body.wallet).toBe(50);
    await expectBalancesMatchLedger();
  });

  it("needs a signed-in player and a whole number", async () => {
    expect(
      (await getJson("/api/wallet", json("POST", { coins: 50 }))).status,
    ).toBe(401);
    const player = await newPlayer("Typo Tia");
    const bad = await claim(player, "fifty" as unknown as number);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("coins must be a whole number");
    expect(
      (await getJson<WalletView>("/api/wallet", auth(player))).body,
    ).toMatchObject({
      wallet: 0,
      challenge_limit: {
        limit: DAILY_CHALLENGE_LIMIT,
        used: 0,
        left: DAILY_CHALLENGE_LIMIT,
      },
      entries: [],
    });
  });
});

describe("the ledger", () => {
  it("never changes a row, and refuses a row that would take a balance below zero", async () => {
    const player = await newPlayer("Ledger Lou");
    await fund(player, 30);
    await expect(
      env.DB.prepare("update ledger set amount = 1000 where user_id = ?")
        .bind(player.userId)
        .run(),
    ).rejects.toThrow(/ledger rows are never changed/);
    await expect(
      env.DB.prepare(
        "insert into ledger (user_id, amount, reason, reference) values (?, -31, 'challenge_stake', 'x')",
      )
        .bind(player.userId)
        .run(),
    ).rejects.toThrow(/users_wallet_not_negative/);
    expect(await walletOf(player)).toBe(30);
  });
});

describe("challenges", () => {
  it("validates the challenge dialog's fields with SPEC.md's messages and checks who may challenge whom", async () => {
    const { from, to, game, score } = await pair(["Check Cara", "Check Cole"]);
    const base = {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 50,
      message: "Beat me",
      score,
    };
    expect(
      (await challenge(from, { ...base, bet_amount: 0 })).body.error.message,
    ).toBe(COIN_MESSAGES.addCoins);
    expect(
      (await challenge(from, { ...base, bet_amount: 7 })).body.error.message,
    ).toBe("Bets go in steps of 5 coins");
    expect(
      (await challenge(from, { ...base, message: "   " })).body.error.message,
    ).toBe(COIN_MESSAGES.enterMessage);
    expect((await challenge(from, { ...base, from: to.userId })).status).toBe(
      403,
    );
    expect(
      (await challenge(to, { ...base, from: to.userId, to: from.userId })).body
        .error.message,
    ).toBe("You can only challenge people you follow");
    expect((await challenge(from, { ...base, score: score + 1 })).status).toBe(
      422,
    );
    expect((await challenge(from, { ...base, game: 999999 })).status).toBe(404);
    expect((await getJson("/api/challenge", json("POST", base))).status).toBe(
      401,
    );
    const stranger = await newPlayer("No Score Nell");
    await follow(stranger, to);
    expect(
      (await challenge(stranger, { ...base, from: stranger.userId })).body.error
        .code,
    ).toBe("no_score");
    expect(await walletOf(from)).toBe(500);
  });

  it("refuses a bet above the wallet with 'Insufficient Coins' and writes nothing", async () => {
    const { from, to, game, score } = await pair(["Poor Pat", "Rich Rae"], 40);
    const refused = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 50,
      message: "Go",
      score,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "insufficient_coins",
      message: COIN_MESSAGES.insufficient,
    });
    expect(await walletOf(from)).toBe(40);
    expect(
      (await getJson<ChallengeView[]>("/api/challenge/all", auth(from))).body,
    ).toEqual([]);
  });

  it("holds the bet in escrow, tells the friend live, and settles to the higher score once", async () => {
    const { from, to, game, score } = await pair(["Win Willa", "Win Wade"]);
    const friendSocket = await connect(to);
    const fromSocket = await connect(from);

    const created = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 50,
      message: "Beat 20!",
      score,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 50,
      message: "Beat 20!",
      score,
      status: "pending",
      challenger: [{ _id: from.userId, name: "Win Willa" }],
      challenge_to: [{ _id: to.userId, name: "Win Wade" }],
      game_info: [expect.objectContaining({ _id: game, name: "Neon Snake" })],
    });
    const id = created.body._id;
    expect(await walletOf(from)).toBe(450);

    const live = await friendSocket.next("new_challenge");
    expect(live.data).toMatchObject({
      type: "challenge",
      user: to.userId,
      read: false,
      notification_data: { challengeId: id, gameId: game, betAmount: 50 },
    });
    const list = await getJson<{
      notifications: NotificationView[];
      unread: number;
    }>("/api/notifications", auth(to));
    expect(list.body.unread).toBe(1);
    expect(list.body.notifications[0]._id).toBe(live.data._id);

    // A repeated request cannot hold the bet twice.
    const twice = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 50,
      message: "Again",
      score,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("already_challenged");
    expect(await walletOf(from)).toBe(450);

    // Both players see it; nobody else does.
    expect(
      (await getJson<ChallengeView[]>("/api/challenge/all", auth(to))).body.map(
        (c) => c._id,
      ),
    ).toEqual([id]);
    expect(
      (await getJson<ChallengeView>(`/api/challenge/${id}`, auth(from))).body
        .status,
    ).toBe("pending");
    expect(
      (await getJson<ChallengeView[]>(`/api/challenge/info/${id}`, auth(to)))
        .body[0]._id,
    ).toBe(id);
    const outsider = await newPlayer("Nosy Ned");
    expect((await getJson(`/api/challenge/${id}`, auth(outsider))).status).toBe(
      404,
    );
    expect((await getJson(`/api/challenge/abc`, auth(from))).status).toBe(400);

    // Accepting: only the friend, only with the coins.
    expect((await accept(from, id)).status).toBe(403);
    expect((await submit(to, id, 30)).body.error.code).toBe("not_accepted");
    const broke = await accept(to, id);
    expect(broke.status).toBe(409);
    expect(broke.body.error).toEqual({
      code: "insufficient_coins",
      message: COIN_MESSAGES.insufficient,
    });
    await claim(to, 50);
    const accepted = await accept(to, id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      wallet: 0,
      challenge: { status: "accepted" },
    });
    expect((await accept(to, id)).body.wallet).toBe(0); // accepting again holds nothing more
    expect((await fromSocket.next("notification")).data).toMatchObject({
      type: "challenge_accepted",
      notification_data: { challengeId: id },
    });

    // The score is the friend's own round, the first one played after accepting: it settles the challenge itself.
    expect((await submit(to, id, 30)).body.error.code).toBe("no_score");
    expect((await submit(from, id, 30)).status).toBe(403);
    await scoredRound(to, game, 30);

    const won = await submit(to, id, 30);
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({
      outcome: "won",
      won_coins: 50,
      wallet: 100,
      challenge: { status: "settled", acceptor_score: 30, winner: to.userId },
    });
    const again = await submit(to, id, 30);
    expect(again.body).toMatchObject({ outcome: "won", wallet: 100 });
    expect(await walletOf(from)).toBe(450);
    expect((await fromSocket.next("notification")).data.type).toBe(
      "challenge_result",
    );
    expect((await fromSocket.next("wallet_update")).data.wallet).toBe(450);
    friendSocket.socket.close(1000, "bye");
    fromSocket.socket.close(1000, "bye");
    await expectBalancesMatchLedger();
  });

  it("pays the challenger both stakes when the friend scores lower, and returns each stake on a tie", async () => {
    const { from, to, game, score } = await pair(["Tie Tom", "Tie Tess"]);
    await fund(to, 200);
    const lose = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 100,
      message: "Go",
      score,
    });
    await accept(to, lose.body._id);
    await scoredRound(to, game, 5);
    expect((await submit(to, lose.body._id, 5)).body).toMatchObject({
      outcome: "lost",
      won_coins: 0,
      wallet: 100,
    });
    expect(await walletOf(from)).toBe(600);

    const tie = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 100,
      message: "Again",
      score,
    });
    expect(await walletOf(from)).toBe(500);
    await accept(to, tie.body._id);
    await scoredRound(to, game, score);
    expect((await submit(to, tie.body._id, score)).body).toMatchObject({
      outcome: "tie",
      wallet: 100,
      challenge: { winner: null },
    });
    expect(await walletOf(from)).toBe(600);
    await expectBalancesMatchLedger();
  });

  it("returns the stake when the friend declines, and tells the challenger (stored and live) once", async () => {
    const { from, to, game, score } = await pair([
      "Decline Dot",
      "Decline Dan",
    ]);
    const fromSocket = await connect(from);
    const created = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 25,
      message: "Go",
      score,
    });
    expect(await walletOf(from)).toBe(475);
    expect(
      (
        await getJson(
          `/api/challenge/decline/${created.body._id}`,
          json("POST", {}, from.token),
        )
      ).status,
    ).toBe(403);
    const declined = await getJson<{ challenge: ChallengeView }>(
      `/api/challenge/decline/${created.body._id}`,
      json("POST", {}, to.token),
    );
    expect(declined.body.challenge.status).toBe("declined");
    expect(await walletOf(from)).toBe(500);
    expect((await accept(to, created.body._id)).body.error.code).toBe(
      "declined",
    );

    const live = await fromSocket.next("notification");
    expect(live.data).toMatchObject({
      type: "challenge_declined",
      user: from.userId,
      read: false,
      content:
        "Decline Dan declined your challenge on Neon Snake: your 25 coins are back",
      notification_data: {
        challengeId: created.body._id,
        gameId: game,
        gameName: "Neon Snake",
        betAmount: 25,
      },
    });
    expect((await fromSocket.next("wallet_update")).data).toEqual({
      wallet: 500,
    });
    // Declining again changes nothing and tells nobody twice.
    expect(
      (
        await getJson<{ challenge: ChallengeView }>(
          `/api/challenge/decline/${created.body._id}`,
          json("POST", {}, to.token),
        )
      ).body.challenge.status,
    ).toBe("declined");
    const stored = await getJson<{
      notifications: NotificationView[];
      unread: number;
    }>("/api/notifications", auth(from));
    expect(
      stored.body.notifications.map((notification) => notification.type),
    ).toEqual(["challenge_declined"]);
    expect(stored.body.notifications[0]._id).toBe(live.data._id);
    expect(stored.body.unread).toBe(1);
  });

  it("expires a challenge nobody accepted in 7 days and returns its escrow, from the cron trigger too", async () => {
    const { from, to, game, score } = await pair(["Late Lia", "Late Leo"]);
    const created = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 60,
      message: "Go",
      score,
    });
    expect(
      Date.parse(created.body.expires_dt) - Date.parse(created.body.created_dt),
    ).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    await env.DB.prepare("update challenges set expires_at = ? where id = ?")
      .bind(Date.now() - 1000, created.body._id)
      .run();
    const ctx = createExecutionContext();
    void worker.scheduled(
      createScheduledController({ cron: "17 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(
      (
        await getJson<ChallengeView>(
          `/api/challenge/${created.body._id}`,
          auth(from),
        )
      ).body.status,
    ).toBe("expired");
    expect(await walletOf(from)).toBe(500);
    expect((await accept(to, created.body._id)).body.error).toEqual({
      code: "expired",
      message: "This challenge has expired",
    });

    // An accepted challenge nobody finished returns both stakes.
    await fund(to, 60);
    const accepted = await challenge(from, {
      game,
      from: from.userId,
      to: to.userId,
      bet_amount: 60,
      message: "Go",
      score,
    });
    await accept(to, accepted.body._id);
    await env.DB.prepare("update challenges set expires_at = ? where id = ?")
      .bind(Date.now() - 1000, accepted.body._id)
      .run();
    // Reading the list shows it expired but moves no money: that is the cron's (or a write's) job.
    expect(
      (await getJson<ChallengeView[]>("/api/challenge/all", auth(from))).body[0]
        .status,
    ).toBe("expired");
    expect([await walletOf(from), await walletOf(to)]).toEqual([440, 0]);
    for (let run = 0; run < 2; run++) {
      const cron = createExecutionContext();
      void worker.scheduled(
        createScheduledController({ cron: "17 * * * *" }),
        env,
        cron,
      );
      await waitOnExecutionContext(cron);
      // A second run finds nothing left to refund.
      expect([await walletOf(from), await walletOf(to)]).toEqual([500, 60]);
    }
    await expectBalancesMatchLedger();
  });

  it(`stops a player at ${DAILY_CHALLENGE_LIMIT} coins of challenges a day`, async () => {
    const { from, to, game, score } = await pair(
      ["Limit Lex", "Limit Lyn"],
      9000,
    );
    const other = await newPlayer("Limit Liv");
    await follow(from, other);
    expect(
      (
        await challenge(from, {
          game,
          from: from.userId,
          to: to.userId,
          bet_amount: 4990,
          message: "Big",
          score,
        })
      ).status,
    ).toBe(201);
    const over = await challenge(from, {
      game,
      from: from.userId,
      to: other.userId,
      bet_amount: 15,
      message: "More",
      score,
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: "daily_limit",
      message: COIN_MESSAGES.dailyLimit(DAILY_CHALLENGE_LIMIT),
    });
    expect(await walletOf(from)).toBe(4010);
    expect(
      (
        await challenge(from, {
          game,
          from: from.userId,
          to: other.userId,
          bet_amount: 10,
          message: "Last",
          score,
        })
      ).status,
    ).toBe(201);
    expect(
      (await getJson<WalletView>("/api/wallet", auth(from))).body
        .challenge_limit,
    ).toEqual({
      limit: DAILY_CHALLENGE_LIMIT,
      used: 5000,
      left: 0,
    });
  });
});

describe("notifications", () => {
  it("lists newest first a page at a time and marks the caller's own as read", async () => {
    const player = await newPlayer("Notes Nia");
    const other = await newPlayer("Notes Noa");
    const insert = env.DB.prepare(
      "insert into notifications (user_id, type, content, data) values (?, 'challenge', ?, '{\"challengeId\":1,\"gameId\":1}')",
    );
    await env.DB.batch(
      Array.from({ length: 23 }, (_, i) =>
        insert.bind(player.userId, `note ${i}`),
      ),
    );
    await env.DB.batch([insert.bind(other.userId, "not yours")]);

    const first = await getJson<{
      notifications: NotificationView[];
      unread: number;
      has_more: boolean;
    }>("/api/notifications", auth(player));
    expect(first.body).toMatchObject({ unread: 23, has_more: true });
    expect(first.body.notifications).toHaveLength(20);
    expect(first.body.notifications[0].content).toBe("note 22");
    const last = first.body.notifications.at(-1)!._id;
    const second = await getJson<{
      notifications: NotificationView[];
      has_more: boolean;
    }>(`/api/notifications?before=${last}`, auth(player));
    expect(second.body.notifications.map((note) => note.content)).toEqual([
      "note 2",
      "note 1",
      "note 0",
    ]);
    expect(second.body.has_more).toBe(false);

    const someRead = await getJson<{ unread: number }>(
      "/api/notifications/read",
      json("POST", { ids: [last] }, player.token),
    );
    expect(someRead.body.unread).toBe(22);
    expect(
      (
        await getJson<{ unread: number }>(
          "/api/notifications/read",
          json("POST", {}, player.token),
        )
      ).body.unread,
    ).toBe(0);
    expect(
      (await getJson<{ unread: number }>("/api/notifications", auth(other)))
        .body.unread,
    ).toBe(1);
    expect(
      (await getJson("/api/notifications?before=x", auth(player))).status,
    ).toBe(400);
    expect((await getJson("/api/notifications")).status).toBe(401);
  });
});
