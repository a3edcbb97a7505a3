import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DAILY_ATTEMPTS,
  missingForPrizes,
  periodEnd,
  periodStart,
  type Period,
  type TournamentBoard,
} from "#contract/tournaments";
import worker from "../../workers/app";
import { createServices } from "../../workers/context";
import {
  externalGame,
  gameId,
  getJson,
  newPlayer,
  openPlaySession,
  scoredRound,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

/** What the hourly cron does for tournaments, at a chosen moment, with its own services as a second run would have. */
const closeAt = (now: number) => createServices(env).tournaments.closeDue(now);

/** The first second after the current period of `period` (the round's moment is now). */
const afterPeriod = (period: Period) =>
  periodEnd(period, periodStart(period, Date.now())) + 1_000;

const board = (game: number, period: Period, player?: Player) =>
  getJson<TournamentBoard>(
    `/api/tournaments/${game}?period=${period}`,
    player ? { headers: { Authorization: `Bearer ${player.token}` } } : {},
  );

async function prizesOf(game: number, period: Period) {
  return (
    await env.DB.prepare(
      "select user_id as userId, amount from ledger where reason = 'tournament_prize' and reference like ? order by amount desc",
    )
      .bind(`tournament:${game}:${period}:%`)
      .all<{ userId: number; amount: number }>()
  ).results;
}

async function expectLedgerEqualsWallets() {
  const balances = await env.DB.prepare(
    "select u.id, u.wallet, coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0) as total from users u",
  ).all<{ id: number; wallet: number; total: number }>();
  for (const row of balances.results) {
    expect(row.wallet, `user ${row.id}`).toBe(row.total);
    expect(row.wallet).toBeGreaterThanOrEqual(0);
  }
}

async function players(count: number, prefix: string) {
  const made: Player[] = [];
  for (let i = 0; i < count; i++)
    made.push(await newPlayer(`${prefix} ${String.fromCharCode(65 + i)}`));
  return made;
}

const DAY_MS = 86_400_000;

/** Makes the players' accounts `days` old. */
async function age(made: Player[], days: number) {
  await env.DB.batch(
    made.map((player) =>
      env.DB.prepare("update users set created_at = ? where id = ?").bind(
        Date.now() - days * DAY_MS,
        player.userId,
      ),
    ),
  );
}

/** Verifies the players' e-mail addresses, as their verification links do (issue #34). */
async function verify(made: Player[]) {
  await env.DB.batch(
    made.map((player) =>
      env.DB.prepare(
        "update users set email_verified_at = ? where id = ?",
      ).bind(Date.now(), player.userId),
    ),
  );
}

/**
 * Players who can win prizes (ADR 027): accounts four days old, each with ten verified Bubble Pop rounds above its
 * minimum of 1,000, five the day before and five the day before that, written as the round's batch writes scores.
 */
async function veterans(count: number, prefix: string) {
  const made = await players(count, prefix);
  await age(made, 4);
  await verify(made);
  const bubblePop = await gameId("bubble-pop");
  await env.DB.batch(
    made.flatMap((player) =>
      Array.from({ length: 10 }, (_, i) =>
        env.DB.prepare(
          "insert into scores (user_id, game_id, score, created_at) values (?, ?, 2000, ?)",
        ).bind(
          player.userId,
          bubblePop,
          Date.now() - (1 + (i % 2)) * DAY_MS - i * 60_000,
        ),
      ),
    ),
  );
  return made;
}

/** Each board of the game with the players it had and the eligible ones among them when it closed. */
async function closedBoards(game: number) {
  return (
    await env.DB.prepare(
      "select period, players, eligible from tournament_boards where game_id = ? and claim is not null order by period",
    )
      .bind(game)
      .all<{ period: string; players: number; eligible: number }>()
  ).results;
}

describe("daily and weekly tournaments", () => {
  it(
    "rank verified rounds per period and pay the first three of a closed board once, however many crons run",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("snake");
      const field = await veterans(11, "Racer");
      // Scores 8 … 18 (Neon Snake's prize minimum is 8): the last player leads. The first plays twice; only the
      // better round counts.
      for (const [i, player] of field.entries())
        await scoredRound(player, game, 8 + i);
      await scoredRound(field[0], game, 9);

      const daily = await board(game, "daily", field[3]);
      expect(daily.status).toBe(200);
      expect(daily.body.players).toBe(11);
      expect(daily.body.entries.map((entry) => entry.score)).toEqual([
        18, 17, 16, 15, 14, 13, 12, 11, 10, 9,
      ]);
      expect(daily.body.entries[0].player_name).toEqual([field[10].name]);
      expect(daily.body.entries.every((entry) => entry.prize_eligible)).toBe(
        true,
      );
      expect(daily.body.standing).toEqual({
        score: 11,
        rank: 8,
        beyond: false,
      });
      expect(daily.body.eligibility).toEqual({
        eligible: true,
        account_ready_at: null,
        rounds: 10,
        days: 2,
        email_verified: true,
      });
      expect(Date.parse(daily.body.ends_at)).toBe(afterPeriod("daily") - 1000);
      expect(daily.body.prizes).toEqual([100, 50, 25]);
      const weekly = await board(game, "weekly");
      expect(weekly.body.players).toBe(11);
      expect(weekly.body.standing).toBeNull();
      expect(weekly.body.prizes).toEqual([500, 250, 100]);
      const walletsBefore = new Map<number, number>();
      for (const player of field)
        walletsBefore.set(
          player.userId,
          (await env.DB.prepare("select wallet from users where id = ?")
            .bind(player.userId)
            .first<number>("wallet"))!,
        );

      // The day ends: two crons at once, then another one later.
      const dayOver = afterPeriod("daily");
      // On a Sunday the day and the week end together.
      const sunday = dayOver >= afterPeriod("weekly");
      const runs = await Promise.all([closeAt(dayOver), closeAt(dayOver)]);
      expect(
        runs.flatMap((run) => run.paid).filter((prize) => prize.prize >= 25),
      ).toHaveLength(sunday ? 6 : 3);
      await closeAt(dayOver);
      await closeAt(dayOver + 3_600_000);
      expect(await prizesOf(game, "daily")).toEqual([
        { userId: field[10].userId, amount: 100 },
        { userId: field[9].userId, amount: 50 },
        { userId: field[8].userId, amount: 25 },
      ]);

      // The closed board shows as yesterday's winners once the next day has begun.
      const next = await createServices(env).tournaments.board(
        game,
        { period: "daily" },
        null,
        dayOver,
      );
      expect(next.players).toBe(0);
      expect(next.last?.players).toBe(11);
      expect(
        next.last?.winners.map(({ place, name, prize }) => ({
          place,
          name,
          prize,
        })),
      ).toEqual([
        { place: 1, name: field[10].name, prize: 100 },
        { place: 2, name: field[9].name, prize: 50 },
        { place: 3, name: field[8].name, prize: 25 },
      ]);

      // The winners are told, with a link to the game.
      const notes = (
        await env.DB.prepare(
          "select user_id as userId, content, data from notifications where type = 'tournament_prize' and json_extract(data, '$.period') = 'daily' and user_id = ?",
        )
          .bind(field[10].userId)
          .all<{ userId: number; content: string; data: string }>()
      ).results;
      expect(notes).toHaveLength(1);
      expect(notes[0].content).toMatch(
        /^You placed 1st in the Neon Snake daily tournament of \d+ \w{3} \d{4}: \+100 coins$/,
      );
      expect(JSON.parse(notes[0].data)).toMatchObject({
        gameId: game,
        place: 1,
        prize: 100,
      });

      // A round still in flight when the day's board closed does not enter it; the week's, still open, takes it.
      await scoredRound(field[0], game, 10);
      const bestOf = async (period: Period) =>
        env.DB.prepare(
          "select score from period_best_scores where game_id = ? and period = ? and user_id = ? and period_start = ?",
        )
          .bind(game, period, field[0].userId, periodStart(period, Date.now()))
          .first<number>("score");
      expect(await bestOf("daily")).toBe(9);
      expect(await bestOf("weekly")).toBe(sunday ? 9 : 10);

      // The week ends (a cron that missed the days between catches up): paid once, by the real cron too.
      const weekOver = afterPeriod("weekly");
      await Promise.all([closeAt(weekOver), closeAt(weekOver)]);
      const ctx = createExecutionContext();
      void worker.scheduled(
        createScheduledController({ cron: "17 * * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      await closeAt(weekOver + 86_400_000);
      expect(await prizesOf(game, "weekly")).toEqual([
        { userId: field[10].userId, amount: 500 },
        { userId: field[9].userId, amount: 250 },
        { userId: field[8].userId, amount: 100 },
      ]);
      for (const [place, player] of [field[10], field[9], field[8]].entries()) {
        const wallet = await env.DB.prepare(
          "select wallet from users where id = ?",
        )
          .bind(player.userId)
          .first<number>("wallet");
        expect(wallet).toBe(
          walletsBefore.get(player.userId)! +
            [100, 50, 25][place] +
            [500, 250, 100][place],
        );
      }
      expect(
        await env.DB.prepare("select wallet from users where id = ?")
          .bind(field[7].userId)
          .first<number>("wallet"),
      ).toBe(walletsBefore.get(field[7].userId));
      await expectLedgerEqualsWallets();
    },
  );

  it("pay nobody on a board of fewer than 10 players, and close it all the same", async () => {
    const game = await gameId("tower-stack");
    const few = await players(9, "Stacker");
    for (const [i, player] of few.entries())
      await scoredRound(player, game, 3 + i);
    expect((await board(game, "daily")).body.players).toBe(9);
    await Promise.all([
      closeAt(afterPeriod("weekly")),
      closeAt(afterPeriod("weekly")),
    ]);
    expect(await prizesOf(game, "daily")).toEqual([]);
    expect(await prizesOf(game, "weekly")).toEqual([]);
    const closed = (
      await env.DB.prepare(
        "select period, players, claim from tournament_boards where game_id = ?",
      )
        .bind(game)
        .all<{ period: string; players: number; claim: string | null }>()
    ).results;
    expect(closed.map((row) => [row.period, row.players])).toEqual(
      expect.arrayContaining([
        ["daily", 9],
        ["weekly", 9],
      ]),
    );
    expect(closed.every((row) => row.claim !== null)).toBe(true);
    await expectLedgerEqualsWallets();

    // The closed boards' rows go, a bounded number a run; their player counts stay.
    const rowsLeft = () =>
      env.DB.prepare(
        "select count(*) as n from period_best_scores where game_id = ?",
      )
        .bind(game)
        .first<number>("n");
    const tournaments = createServices(env).tournaments;
    expect(await tournaments.purgeClosed(Date.now(), 4)).toEqual({
      deleted: 4,
    });
    expect(await rowsLeft()).toBe(14);
    expect((await tournaments.purgeClosed()).deleted).toBe(14);
    expect(await rowsLeft()).toBe(0);
    const purged = (
      await env.DB.prepare(
        "select players, purged_at as purgedAt from tournament_boards where game_id = ?",
      )
        .bind(game)
        .all<{ players: number; purgedAt: number | null }>()
    ).results;
    expect(purged.map((row) => row.players)).toEqual([9, 9]);
    expect(purged.every((row) => row.purgedAt !== null)).toBe(true);
    expect((await tournaments.purgeClosed()).deleted).toBe(0);
  });

  it("count only rounds the server replayed, and only those that scored", async () => {
    const external = await externalGame("tournament", null);
    const crowd = await players(10, "Outsider");
    for (const [i, player] of crowd.entries())
      await scoredRound(player, external, 100 + i);
    const outside = await board(external, "daily", crowd[0]);
    expect(outside.body.players).toBe(0);
    expect(outside.body.entries).toEqual([]);
    expect(outside.body.standing).toEqual({
      score: 0,
      rank: null,
      beyond: false,
    });
    // The all-time board still lists them, marked unverified.
    const allTime = await getJson<Array<{ verified: boolean }>>(
      `/api/scores/${external}`,
    );
    expect(allTime.body.length).toBe(10);
    expect(allTime.body.every((entry) => !entry.verified)).toBe(true);

    const game = await gameId("mole-mash");
    await scoredRound(crowd[0], game, 0);
    expect((await board(game, "daily")).body.players).toBe(0);
    await closeAt(afterPeriod("weekly"));
    expect(await prizesOf(external, "daily")).toEqual([]);
  });

  it("rank ties to whoever reached the score first, and count no further than 1,000 ahead", async () => {
    const game = await gameId("memory-match");
    const [me] = await players(1, "Counted");
    const start = periodStart("daily", Date.now());
    const now = Date.now();
    // 1,005 players above, written as rounds would write them; then three players at my score, one earlier than me.
    await env.DB.prepare(
      `with recursive n(value) as (select 1 union all select value + 1 from n where value < 1005)
       insert into users (email, name, first_name) select 'crowd' || value || '@example.com', 'Crowd ' || value, 'Crowd' from n`,
    ).run();
    const insertBest = (userId: number | string, score: number, at: number) =>
      `insert into period_best_scores (game_id, period, period_start, user_id, score, achieved_at)
       select ${game}, 'daily', ${start}, ${userId}, ${score}, ${at}`;
    await env.DB.prepare(
      `${insertBest("id", 50, now)} from users where email like 'crowd%@example.com'`,
    ).run();
    const tied = await players(2, "Tied");
    await env.DB.batch([
      env.DB.prepare(insertBest(tied[0].userId, 20, now - 5_000)),
      env.DB.prepare(insertBest(me.userId, 20, now - 1_000)),
      env.DB.prepare(insertBest(tied[1].userId, 20, now)),
    ]);
    const far = await board(game, "daily", me);
    expect(far.body.players).toBe(1_000);
    expect(far.body.standing).toEqual({
      score: 20,
      rank: null,
      beyond: true,
    });

    // With the crowd gone, the ties decide: the earlier player is ahead, the later one behind.
    await env.DB.prepare(
      `delete from period_best_scores where game_id = ? and score = 50`,
    )
      .bind(game)
      .run();
    const near = await board(game, "daily", me);
    expect(near.body.players).toBe(3);
    expect(near.body.standing).toEqual({ score: 20, rank: 2, beyond: false });
    expect(near.body.entries.map((entry) => entry.player_id)).toEqual([
      tied[0].userId,
      me.userId,
      tied[1].userId,
    ]);
    expect((await board(game, "daily", tied[1])).body.standing?.rank).toBe(3);
  });

  it(
    "pay nothing to twelve accounts made today with a one-second round each (issue #29's farm)",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("dash-runner");
      const farm = await players(12, "Farm");
      // 31 is what Dash Runner's demo player scores in its first second (60 steps).
      for (const account of farm) await scoredRound(account, game, 31);
      const seen = await board(game, "daily", farm[0]);
      expect(seen.body.players).toBe(12);
      expect(seen.body.rules.min_score).toBe(300);
      expect(seen.body.entries).toHaveLength(10);
      expect(seen.body.entries.some((entry) => entry.prize_eligible)).toBe(
        false,
      );
      expect(seen.body.eligibility).toMatchObject({
        eligible: false,
        rounds: 0,
        days: 0,
      });

      const weekOver = afterPeriod("weekly");
      const runs = await Promise.all([closeAt(weekOver), closeAt(weekOver)]);
      const farmIds = new Set(farm.map((account) => account.userId));
      expect(
        runs.flatMap((run) => run.paid).filter((p) => farmIds.has(p.userId)),
      ).toEqual([]);
      expect(await prizesOf(game, "daily")).toEqual([]);
      expect(await prizesOf(game, "weekly")).toEqual([]);
      expect(await closedBoards(game)).toEqual([
        { period: "daily", players: 12, eligible: 0 },
        { period: "weekly", players: 12, eligible: 0 },
      ]);
      await expectLedgerEqualsWallets();
    },
  );

  it(
    "pass a prize down the board past players who cannot win it, and say on the board who can",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("sky-hopper");
      const field = await veterans(10, "Hopper");
      const [newcomer] = await players(1, "Newcomer");
      // Ten eligible players at 10 … 19 (Sky Hopper's minimum is 10); a new account leads with 25.
      for (const [i, player] of field.entries())
        await scoredRound(player, game, 10 + i);
      await scoredRound(newcomer, game, 25);

      const seen = await board(game, "daily", newcomer);
      expect(
        seen.body.entries.map((entry) => [entry.score, entry.prize_eligible]),
      ).toEqual([
        [25, false],
        [19, true],
        [18, true],
        [17, true],
        [16, true],
        [15, true],
        [14, true],
        [13, true],
        [12, true],
        [11, true],
      ]);
      expect(seen.body.rules).toEqual({
        account_days: 3,
        rounds: 10,
        days: 2,
        min_score: 10,
        attempts_per_day: DAILY_ATTEMPTS,
        verified_email: true,
      });
      // The newcomer's one real round above the minimum counts; the account is too new and the rounds too few.
      const created = await env.DB.prepare(
        "select created_at from users where id = ?",
      )
        .bind(newcomer.userId)
        .first<number>("created_at");
      const eligibility = seen.body.eligibility!;
      expect(eligibility).toEqual({
        eligible: false,
        account_ready_at: new Date(created! + 3 * DAY_MS).toISOString(),
        rounds: 1,
        days: 1,
        email_verified: false,
      });
      expect(missingForPrizes(eligibility, seen.body.rules)).toEqual([
        expect.stringMatching(
          /^Your account can win prizes from \d+ \w{3} \d{4}$/,
        ),
        "Play 9 more verified rounds to be eligible",
        "Play on 1 more day to be eligible",
        "Verify your e-mail address to be eligible",
      ]);
      expect((await board(game, "daily")).body.eligibility).toBeNull();

      const dayOver = afterPeriod("daily");
      await Promise.all([closeAt(dayOver), closeAt(dayOver)]);
      await closeAt(dayOver + 3_600_000);
      expect(await prizesOf(game, "daily")).toEqual([
        { userId: field[9].userId, amount: 100 },
        { userId: field[8].userId, amount: 50 },
        { userId: field[7].userId, amount: 25 },
      ]);
      expect((await closedBoards(game))[0]).toEqual({
        period: "daily",
        players: 11,
        eligible: 10,
      });
      const last = await createServices(env).tournaments.board(
        game,
        { period: "daily" },
        null,
        dayOver,
      );
      expect(last.last?.eligible).toBe(10);
      expect(last.last?.winners.map((winner) => winner.player_id)).toEqual([
        field[9].userId,
        field[8].userId,
        field[7].userId,
      ]);
      await expectLedgerEqualsWallets();
    },
  );

  it(
    "count neither a score under the game's minimum nor old accounts with too few rounds towards the 10 players",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("star-dodger");
      // Nine eligible players at Star Dodger's minimum of 15 and above, one under it.
      const field = await veterans(10, "Dodger");
      for (const [i, player] of field.entries())
        await scoredRound(player, game, 14 + i);
      // Three accounts old enough, each with only the one round, lead the board.
      const aged = await players(3, "Aged");
      await age(aged, 30);
      for (const [i, player] of aged.entries())
        await scoredRound(player, game, 24 + i);

      const seen = await board(game, "daily", field[0]);
      expect(seen.body.players).toBe(13);
      expect(seen.body.entries.map((entry) => entry.prize_eligible)).toEqual([
        false,
        false,
        false,
        true,
        true,
        true,
        true,
        true,
        true,
        true,
      ]);
      expect(seen.body.eligibility?.eligible).toBe(true);

      await closeAt(afterPeriod("weekly"));
      expect(await prizesOf(game, "daily")).toEqual([]);
      expect(await prizesOf(game, "weekly")).toEqual([]);
      expect(await closedBoards(game)).toEqual([
        { period: "daily", players: 13, eligible: 9 },
        { period: "weekly", players: 13, eligible: 9 },
      ]);
    },
  );

  it(
    "let only a player's first 20 sessions of a game in a day enter its boards, left ones included",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("fruit-catch");
      const [shopper, steady] = await players(2, "Seeds");
      const leave = async (player: Player, count: number) => {
        for (let i = 0; i < count; i++) await openPlaySession(player, game);
        // Opened a little before the played round's session, which is backdated by the round's length.
        await env.DB.prepare(
          "update game_stats set created_at = created_at - 30000 where user_id = ? and game_id = ?",
        )
          .bind(player.userId, game)
          .run();
      };
      // The shopper looks at 20 dealt seeds and leaves them; the 21st is the one played.
      await leave(shopper, DAILY_ATTEMPTS);
      await scoredRound(shopper, game, 3);
      // Another player's 20th session still counts.
      await leave(steady, DAILY_ATTEMPTS - 1);
      await scoredRound(steady, game, 3);

      for (const period of ["daily", "weekly"] as const) {
        const seen = await board(game, period, shopper);
        expect(seen.body.entries.map((entry) => entry.player_id)).toEqual([
          steady.userId,
        ]);
        expect(seen.body.standing).toEqual({
          score: 0,
          rank: null,
          beyond: false,
        });
      }
      // The round itself was accepted: it stands on the all-time board.
      const allTime = await getJson<Array<{ player_id: number }>>(
        `/api/scores/${game}`,
      );
      expect(allTime.body.map((entry) => entry.player_id)).toContain(
        shopper.userId,
      );
    },
  );

  it("refuse an unknown period or game with a clear 4xx", async () => {
    const game = await gameId("snake");
    const bad = await getJson<{ error: { message: string } }>(
      `/api/tournaments/${game}?period=monthly`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("period must be daily or weekly");
    expect((await getJson(`/api/tournaments/${game}`)).status).toBe(400);
    expect((await getJson("/api/tournaments/999999?period=daily")).status).toBe(
      404,
    );
  });
});
