import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
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

describe("daily and weekly tournaments", () => {
  it(
    "rank verified rounds per period and pay the first three of a closed board once, however many crons run",
    { timeout: 120_000 },
    async () => {
      const game = await gameId("snake");
      const field = await players(11, "Racer");
      // Scores 5 … 15: the last player leads. The first plays twice; only the better round counts.
      for (const [i, player] of field.entries())
        await scoredRound(player, game, 5 + i);
      await scoredRound(field[0], game, 6);

      const daily = await board(game, "daily", field[3]);
      expect(daily.status).toBe(200);
      expect(daily.body.players).toBe(11);
      expect(daily.body.entries.map((entry) => entry.score)).toEqual([
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
      ]);
      expect(daily.body.entries[0].player_name).toEqual([field[10].name]);
      expect(daily.body.standing).toEqual({
        score: 8,
        rank: 8,
        beyond: false,
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
      await scoredRound(field[0], game, 7);
      const bestOf = async (period: Period) =>
        env.DB.prepare(
          "select score from period_best_scores where game_id = ? and period = ? and user_id = ? and period_start = ?",
        )
          .bind(game, period, field[0].userId, periodStart(period, Date.now()))
          .first<number>("score");
      expect(await bestOf("daily")).toBe(6);
      expect(await bestOf("weekly")).toBe(sunday ? 6 : 7);

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
