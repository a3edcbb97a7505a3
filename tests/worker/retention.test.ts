import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import { periodStart } from "#contract/tournaments";
import { createServices } from "../../workers/context";
import { LEDGER_DETAIL_DAYS } from "../../workers/services/ledger-fold";
import { BOARD_RUNS_KEPT } from "../../workers/services/retention";
import { runLogKey } from "../../workers/services/run-logs";
import {
  fund,
  gameId,
  getJson,
  json,
  makeFriends,
  newPlayer,
  openPage,
  scoredRound,
  seed,
  type Player,
} from "./helpers";

const DAY_MS = 86_400_000;
/** The prune's moment: a year after every round below was played, unless a round is moved on to just before it. */
const LATER = Date.now() + 365 * DAY_MS;

const rows = async <T>(query: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...values)
      .all<T>()
  ).results;

const one = async (query: string, ...values: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...values)
    .first<number | string | null>("v")) ?? null;

const runIdOf = async (statsId: number) =>
  (await one(
    "select public_id as v from player_moves where stats_id = ?",
    statsId,
  )) as string | null;

const sessionExists = async (statsId: number) =>
  (await one("select count(*) as v from game_stats where id = ?", statsId)) ===
  1;

/** Moves a round's session, score and run by `ms` in time, as if it had been played then. */
async function shift(statsId: number, ms: number) {
  await env.DB.batch(
    [
      "update game_stats set created_at = created_at + ? where id = ?",
      "update scores set created_at = created_at + ? where stats_id = ?",
      "update player_moves set created_at = created_at + ? where stats_id = ?",
    ].map((query) => env.DB.prepare(query).bind(ms, statsId)),
  );
}

const watch = (runId: string, viewer?: Player) =>
  getJson<{ run_id: string; score: number }>(
    `/api/runs/${runId}`,
    json("GET", undefined, viewer?.token),
  );

/** What the boards, ranks, wallets and tournaments show, to compare before and after a prune. */
async function visible(game: number, players: Player[]) {
  const services = createServices(env);
  const board = await getJson(`/api/scores/${game}`);
  const daily = await getJson<{
    entries: Array<Record<string, unknown>>;
    last: unknown;
  }>(`/api/tournaments/${game}?period=daily`);
  return {
    board: board.body,
    // Eligibility counts a player's recent rounds as of today; the pruned ones are a year old by then.
    daily: daily.body.entries.map(({ prize_eligible: _, ...entry }) => entry),
    lastDaily: daily.body.last,
    ranks: await Promise.all(
      players.map((p) => services.scores.highScore(game, p.userId)),
    ),
    wallets: await rows(
      "select id, wallet, (select sum(amount) from ledger l where l.user_id = u.id) as total from users u order by id",
    ),
    prizes: await rows("select * from tournament_prizes order by user_id"),
    boards: await rows("select * from tournament_boards order by period"),
  };
}

beforeAll(seed);

describe("the hourly prune (ADR 047)", () => {
  const at: Record<string, number> = {};
  let game: number;
  let best: Player, bot: Player, dared: Player, shared: Player;
  let challengeRound: number;
  let matchId: number;
  let shareId: string;

  beforeAll(async () => {
    game = await gameId("snake");
    const [a, b, c, d, e, f, g, h, y] = await Promise.all(
      [
        "Keep Ada",
        "Board Bea",
        "Prize Cy",
        "Dare Dan",
        "Dare Dot",
        "Bot Eve",
        "Share Flo",
        "Held Hal",
        "Young Yan",
      ].map(newPlayer),
    );
    best = a;
    bot = f;
    dared = e;
    shared = g;

    // Ada: her best (its run on the board), then two lesser rounds nothing refers to.
    at.best = await scoredRound(a, game, 9);
    at.lesser = await scoredRound(a, game, 5);
    at.latest = await scoredRound(a, game, 3);

    // Bea: her best ten days ago (that board closed and purged), today's lesser round on today's open board only.
    at.oldBest = await scoredRound(b, game, 9);
    await shift(at.oldBest, -10 * DAY_MS);
    await env.DB.prepare("delete from period_best_scores where stats_id = ?")
      .bind(at.oldBest)
      .run();
    at.openBoard = await scoredRound(b, game, 4);

    // Cy: a round that won yesterday's daily prize, then a better one today.
    at.prize = await scoredRound(c, game, 4);
    await shift(at.prize, -DAY_MS);
    await scoredRound(c, game, 9);
    const today = periodStart("daily", Date.now());
    await env.DB.batch([
      env.DB.prepare(
        "insert into tournament_boards (game_id, period, period_start, players, eligible, claim, closed_at) values (?, 'daily', ?, 10, 10, 'test', ?)",
      ).bind(game, today - DAY_MS, Date.now()),
      env.DB.prepare(
        "insert into tournament_prizes (game_id, period, period_start, place, user_id, score, prize) values (?, 'daily', ?, 1, ?, 4, 100)",
      ).bind(game, today - DAY_MS, c.userId),
    ]);

    // Dan challenges Dot, who has a better round already; her challenge round is private and kept.
    await makeFriends(d, e);
    for (const player of [d, e]) await fund(player, 500);
    await scoredRound(d, game, 20);
    await scoredRound(e, game, 30);
    const created = await getJson<ChallengeView>(
      "/api/challenge",
      json(
        "POST",
        {
          game,
          from: d.userId,
          to: e.userId,
          bet_amount: 50,
          message: "Beat 20!",
          score: 20,
        },
        d.token,
      ),
    );
    expect(created.status).toBe(201);
    const accepted = await getJson(
      `/api/challenge/accept/${created.body._id}`,
      json("POST", {}, e.token),
    );
    expect(accepted.status).toBe(200);
    await env.DB.prepare(
      "update challenges set accepted_at = accepted_at - 60000 where id = ?",
    )
      .bind(created.body._id)
      .run();
    challengeRound = await scoredRound(e, game, 12);

    // Eve: a round against a bot replaying Ada's best run, then a better ordinary one. The bot is named, not drawn:
    // the lobby's draw could pick Ada's lesser run, which the match would then keep.
    const ghost = await one(
      "select id as v from player_moves where stats_id = ?",
      at.best,
    );
    at.match = await scoredRound(f, game, 6, 2);
    const result = await getJson<{ _id: number }>(
      "/api/multiplayer/bot-result",
      json("POST", { stats_id: at.match, bot_id: ghost }, f.token),
    );
    expect(result.status).toBe(201);
    matchId = result.body._id;
    await scoredRound(f, game, 9);

    // Flo shares a lesser round, then plays a better one and another after it.
    at.shared = await scoredRound(g, game, 4);
    const share = await getJson<{ id: string }>(
      "/api/shares",
      json("POST", { score_id: await scoreIdOf(at.shared) }, g.token),
    );
    expect(share.status).toBe(201);
    shareId = share.body.id;
    await scoredRound(g, game, 9);
    await scoredRound(g, game, 2);

    // Hal: a best round, then one the fair-play model held for review (off the boards until a moderator decides).
    await scoredRound(h, game, 9);
    at.held = await scoredRound(h, game, 4);
    await env.DB.prepare(
      "update scores set review = 'held', review_note = 'test' where stats_id = ?",
    )
      .bind(at.held)
      .run();

    // Yan played yesterday, as the prune sees it: everything of hers is young.
    at.young = await scoredRound(y, game, 9);
    at.youngLesser = await scoredRound(y, game, 4);
    for (const stats of [at.young, at.youngLesser])
      await shift(stats, LATER - Date.now() - DAY_MS);

    // Two runs' logs in R2, as the move to R2 leaves them: one on the board, one nothing refers to.
    for (const stats of [at.best, at.lesser]) {
      const runId = (await runIdOf(stats))!;
      await env.MEDIA.put(runLogKey(runId), "log");
      await env.DB.prepare(
        "update player_moves set log_bytes = 3 where stats_id = ?",
      )
        .bind(stats)
        .run();
    }
  });

  const scoreIdOf = async (statsId: number) =>
    (await one("select id as v from scores where stats_id = ?", statsId))!;

  it("deletes what nobody reads a year on, and keeps every board, rank, run, coin, prize and page", async () => {
    const players = [best, bot, dared, shared];
    const before = await visible(game, players);
    const runs = Object.fromEntries(
      await Promise.all(
        Object.entries(at).map(async ([k, s]) => [k, await runIdOf(s)]),
      ),
    ) as Record<string, string>;
    const challengeRun = (await runIdOf(challengeRound))!;
    const lesserKey = runLogKey(runs.lesser);
    expect((await watch(challengeRun, dared)).status).toBe(200);
    expect(
      await one(
        "select count(*) as v from challenges where round_stats_id = ?",
        challengeRound,
      ),
    ).toBe(1);
    const summary = async () => {
      const answer = await getJson<{ players: Array<Record<string, unknown>> }>(
        `/api/multiplayer/result/${matchId}`,
      );
      expect(answer.status).toBe(200);
      // The ghost's own run stays linked: a summary keeps the run it names (ADR 047).
      const [player, ghost] = answer.body.players;
      return { player, ghost };
    };
    const summaryBefore = await summary();
    expect(summaryBefore.player.run_id).toBe(runs.match);
    expect(summaryBefore.ghost.run_id).toEqual(expect.any(String));

    // A week on, a match's summary and both its runs are still there (kept 8 days, ADR 047).
    const soon = await createServices(env).retention.prune(
      Date.now() + 7 * DAY_MS,
    );
    expect(await summary()).toEqual(summaryBefore);
    expect((await watch(runs.match)).status).toBe(200);
    // Past RUN_DAYS (2) a run nothing shows is gone, and its session with it; the match's stay with their summary.
    expect((await watch(runs.lesser)).status).toBe(404);
    expect(await sessionExists(at.lesser)).toBe(false);
    expect(await sessionExists(at.match)).toBe(true);

    const deleted = await createServices(env).retention.prune(LATER);
    expect(deleted.match_results).toBe(1);
    for (const table of ["player_moves", "game_stats", "scores"])
      expect(soon[table] + deleted[table], table).toBeGreaterThan(0);

    expect(await visible(game, players)).toEqual(before);
    // A year on the summary is gone, and the match's run with it (it was on no board).
    expect((await getJson(`/api/multiplayer/result/${matchId}`)).status).toBe(
      404,
    );
    expect((await watch(runs.match)).status).toBe(404);
    // Runs on a board or behind a result stay watchable, and a private one stays private.
    for (const kept of [
      "best",
      "oldBest",
      "openBoard",
      "prize",
      "shared",
      "held",
      "young",
      "youngLesser",
    ]) {
      expect((await watch(runs[kept])).status, kept).toBe(200);
      expect(await sessionExists(at[kept]), kept).toBe(true);
    }
    // Every sign-in made today has expired a year on: Dot signs in again.
    const dot = {
      ...dared,
      token: await createServices(env).sessions.create(dared.userId),
    };
    expect((await watch(challengeRun, dot)).status).toBe(200);
    expect((await watch(challengeRun)).status).toBe(404);
    expect(await sessionExists(challengeRound)).toBe(true);
    expect((await openPage(`/scores/${shareId}`)).status).toBe(200);
    expect((await openPage(`/watch/${runs.best}`)).status).toBe(200);
    expect(
      (await createServices(env).fairPlay.held()).map((r) => r.statsId),
    ).toContain(at.held);

    // Unreferenced old runs, sessions and rounds are gone, and the pruned run's log with them.
    expect((await watch(runs.lesser)).status).toBe(404);
    expect(await sessionExists(at.lesser)).toBe(false);
    expect(await sessionExists(at.latest)).toBe(false);
    expect(
      await one(
        "select count(*) as v from scores where stats_id = ?",
        at.lesser,
      ),
    ).toBe(0);
    // None of Ada's rounds stays (eight days, ADR 047); her best is in best_scores, with its run.
    expect(
      await rows(
        "select score, stats_id as statsId from scores where user_id = ? order by created_at",
        best.userId,
      ),
    ).toEqual([]);
    expect(await env.MEDIA.get(lesserKey)).toBeNull();
    expect(await env.MEDIA.get(runLogKey(runs.best))).not.toBeNull();

    // A second run a moment later finds nothing more to do (but Dot's new sign-in, already expired a year on).
    // A year on every wallet's movements are folded into one row of their sum, and each wallet still equals it.
    expect(
      await one(
        "select count(*) as v from ledger where reason <> 'carried_forward' and created_at < ?",
        LATER - LEDGER_DETAIL_DAYS * DAY_MS,
      ),
    ).toBe(0);
    expect(
      await one(
        "select count(*) as v from (select user_id from ledger where reason = 'carried_forward' group by user_id having count(*) > 1)",
      ),
    ).toBe(0);

    const { sessions, ...again } =
      await createServices(env).retention.prune(LATER);
    expect(sessions).toBe(1);
    expect(Object.values(again)).toEqual(Object.keys(again).map(() => 0));
  });

  it("deletes at most chunk × maxChunks rows a table per run, and the next run goes on", async () => {
    const old = Date.UTC(2000, 0, 1);
    await env.DB.batch(
      Array.from({ length: 25 }, (_, i) =>
        env.DB.prepare(
          "insert into events (name, data, created_at) values ('page_view', '{}', ?)",
        ).bind(old + i),
      ),
    );
    const count = () =>
      one("select count(*) as v from events where created_at < ?", old + 100);
    const retention = createServices(env).retention;
    const first = await retention.prune(Date.now(), { chunk: 4, maxChunks: 3 });
    expect(first.events).toBe(12);
    expect(Math.max(...Object.values(first))).toBeLessThanOrEqual(12);
    expect(await count()).toBe(13);
    expect(
      (await retention.prune(Date.now(), { chunk: 4, maxChunks: 3 })).events,
    ).toBe(12);
    expect(
      (await retention.prune(Date.now(), { chunk: 4, maxChunks: 3 })).events,
    ).toBe(1);
    expect(await count()).toBe(0);
  });

  it("prunes a table without rowids (recently played) by its key in the same bounded chunks, oldest first", async () => {
    const old = Date.UTC(2000, 0, 1);
    const players = await Promise.all(
      ["Old Player 1", "Old Player 2", "Old Player 3"].map(newPlayer),
    );
    const games = (
      await rows<{ v: number }>("select id as v from games order by id limit 5")
    ).map((row) => row.v);
    // 15 old starts (3 players × 5 games) and one recent start each, of the same games.
    await env.DB.batch(
      players.flatMap((player, p) =>
        games.map((gameId, g) =>
          env.DB.prepare(
            "insert into plays (user_id, game_id, created_at) values (?, ?, ?)",
          ).bind(
            player.userId,
            gameId,
            g === 0 ? Date.now() : old + p * 10 + g,
          ),
        ),
      ),
    );
    const left = () =>
      rows<{ user: number; game: number }>(
        `select user_id as user, game_id as game from plays where user_id in (${players.map((p) => p.userId).join(", ")})
         order by created_at`,
      );
    const retention = createServices(env).retention;
    expect(
      (await retention.prune(Date.now(), { chunk: 4, maxChunks: 2 })).plays,
    ).toBe(8);
    // The oldest eight went: the first player's four old starts, then the second's.
    expect((await left()).slice(0, 4)).toEqual(
      games.slice(1).map((game) => ({ user: players[2].userId, game })),
    );
    expect(
      (await retention.prune(Date.now(), { chunk: 4, maxChunks: 2 })).plays,
    ).toBe(4);
    expect((await left()).map((row) => row.game)).toEqual([
      games[0],
      games[0],
      games[0],
    ]);
  });

  it("deletes expired sign-ins, used links, old notifications and plays, and reports resolved over a year ago", async () => {
    const now = Date.now();
    const [player] = [await newPlayer("Tidy Tom")];
    const old = now - 400 * DAY_MS;
    await env.DB.batch([
      env.DB.prepare(
        "insert into sessions (token_hash, user_id, expires_at) values ('expired-1', ?, ?), ('live-1', ?, ?)",
      ).bind(player.userId, now - 1000, player.userId, now + DAY_MS),
      env.DB.prepare(
        "insert into account_tokens (token_hash, user_id, purpose, email, expires_at, used_at) values ('used-1', ?, 'password_reset', 'a@example.com', ?, ?), ('fresh-1', ?, 'password_reset', 'a@example.com', ?, null)",
      ).bind(
        player.userId,
        now + DAY_MS,
        now - 2 * DAY_MS,
        player.userId,
        now + DAY_MS,
      ),
      env.DB.prepare(
        "insert into notifications (user_id, type, content, data, created_at) values (?, 'challenge', 'old', '{}', ?), (?, 'challenge', 'new', '{}', ?)",
      ).bind(player.userId, old, player.userId, now),
      env.DB.prepare(
        // One row a player and game (migration 0030): the recent start is another game's.
        "insert into plays (user_id, game_id, created_at) values (?, ?, ?), (?, (select min(id) from games where id <> ?), ?)",
      ).bind(player.userId, game, old, player.userId, game, now),
      env.DB.prepare(
        "insert into reports (reporter_id, target_type, target_id, content, reason, status, resolved_at, created_at) values (?, 'game', 'old', 'x', 'spam', 'dismissed', ?, ?), (?, 'game', 'open', 'x', 'spam', 'open', null, ?)",
      ).bind(player.userId, old, old, player.userId, old),
    ]);
    await createServices(env).retention.prune(now);
    expect(
      await rows<{ v: string }>(
        "select token_hash as v from sessions where token_hash in ('expired-1', 'live-1')",
      ),
    ).toEqual([{ v: "live-1" }]);
    expect(
      await rows<{ v: string }>(
        "select token_hash as v from account_tokens where user_id = ? and purpose = 'password_reset'",
        player.userId,
      ),
    ).toEqual([{ v: "fresh-1" }]);
    for (const table of ["notifications", "plays"])
      expect(
        await one(
          `select count(*) as v from ${table} where user_id = ?`,
          player.userId,
        ),
        table,
      ).toBe(1);
    expect(
      await rows<{ v: string }>(
        "select target_id as v from reports where reporter_id = ?",
        player.userId,
      ),
    ).toEqual([{ v: "open" }]);
  });

  it("keeps for ever only the runs at the top of a board, and a developer's game's events for its dashboard", async () => {
    const game = await gameId("snake");
    const [top, low, early, late] = await Promise.all(
      ["Board Top", "Board Low", "Tie Early", "Tie Late"].map(newPlayer),
    );
    const topRound = await scoredRound(top, game, 9);
    const lowRound = await scoredRound(low, game, 2);
    // Ties go by who reached the score first: Tia reaches 5 before the crowd below, Tom after all of them.
    const earlyRound = await scoredRound(early, game, 5);
    const [topRun, lowRun, earlyRun] = await Promise.all(
      [topRound, lowRound, earlyRound].map(runIdOf),
    );
    // A hundred players between them on the all-time board, at Tia's score and after her.
    const crowd = Array.from({ length: BOARD_RUNS_KEPT }, (_, i) => i);
    const first = Number(
      await one("select coalesce(max(id), 0) + 1000 as v from users"),
    );
    await env.DB.batch(
      crowd.flatMap((i) => [
        env.DB.prepare(
          "insert into users (id, email, name, first_name) values (?, ?, ?, 'Crowd')",
        ).bind(first + i, `crowd-${first + i}@example.com`, `Crowd ${i}`),
        env.DB.prepare(
          "insert into best_scores (game_id, user_id, score, achieved_at, arrival) values (?, ?, 5, ?, ?)",
        ).bind(game, first + i, Date.now() + 1_000, i + 2),
      ]),
    );
    const lateRun = await runIdOf(await scoredRound(late, game, 5));
    // Events three days old: a product event, one of our own games' and a developer's game's; and one 40 days old.
    const linked = await gameId("color-flood");
    const publisher = await one(
      "select publisher_id as v from games where id = ?",
      linked,
    );
    const pruneAt = Date.now() + 10 * DAY_MS;
    await env.DB.batch([
      env.DB.prepare(
        "insert into game_versions (game_id, publisher_id, kind, external_link, meta) values (?, ?, 'link', 'https://example.com/game', '{}')",
      ).bind(linked, publisher),
      ...[
        ["view_game_details", null, 3],
        ["ad_break_requested", game, 3],
        ["ad_break_requested", linked, 3],
        ["game_error", linked, 40],
      ].map(([name, gameOf, days]) =>
        env.DB.prepare(
          "insert into events (name, game_id, data, created_at) values (?, ?, 'retention-test', ?)",
        ).bind(name, gameOf, pruneAt - Number(days) * DAY_MS),
      ),
    ]);

    // As the hourly job does: the day's and week's boards close and go, then the prune.
    const services = createServices(env);
    await services.tournaments.closeDue(pruneAt);
    await services.tournaments.purgeClosed(pruneAt);
    await services.retention.prune(pruneAt);
    // Ten days on, the best run ahead of the crowd is watchable; the one behind a hundred better players is not.
    expect((await watch(topRun!)).status).toBe(200);
    expect((await watch(lowRun!)).status).toBe(404);
    // Nor is a tie's behind them: Tia, second on the board, keeps her run; Tom, 102nd at the same score, does not.
    expect((await watch(earlyRun!)).status).toBe(200);
    expect((await watch(lateRun!)).status).toBe(404);
    expect(await sessionExists(lowRound)).toBe(false);
    // The board itself is whole: the low player's best score and rank stay.
    expect(
      await one(
        "select score as v from best_scores where game_id = ? and user_id = ?",
        game,
        low.userId,
      ),
    ).toBe(2);
    expect(
      await rows(
        "select name, game_id as gameId from events where data = 'retention-test'",
      ),
    ).toEqual([{ name: "ad_break_requested", gameId: linked }]);
  });

  it("folds a wallet's movements older than 30 days into one row that carries their sum, moving no coins", async () => {
    const player = await newPlayer("Old Wallet");
    const wallet = () =>
      one("select wallet as v from users where id = ?", player.userId);
    const ledgerOf = () =>
      rows<{ amount: number; reason: string }>(
        "select amount, reason from ledger where user_id = ? order by created_at, id",
        player.userId,
      );
    // Two movements a hundred days old (written as they were then: ledger rows are never changed), then today's.
    const old = Date.now() - 100 * DAY_MS;
    await env.DB.batch(
      [300, 200].map((amount, i) =>
        env.DB.prepare(
          "insert into ledger (user_id, amount, reason, reference, created_at) values (?, ?, 'opening_balance', ?, ?)",
        ).bind(player.userId, amount, `old-${i}`, old + i),
      ),
    );
    await fund(player, 50);
    expect(await wallet()).toBe(550);

    const services = createServices(env);
    await services.retention.prune(Date.now());
    expect(await wallet()).toBe(550);
    expect(await ledgerOf()).toEqual([
      { amount: 500, reason: "carried_forward" },
      { amount: 50, reason: "opening_balance" },
    ]);
    // The wallet's page lists by time: the new movement first, the carried sum after it.
    const view = await services.wallet.view(player.userId);
    expect(view.entries.map((entry) => entry.reason)).toEqual([
      "opening_balance",
      "carried_forward",
    ]);

    // A hundred days on, today's row folds into the same single carried row.
    await services.retention.prune(Date.now() + 100 * DAY_MS);
    expect(await wallet()).toBe(550);
    expect(await ledgerOf()).toEqual([
      { amount: 550, reason: "carried_forward" },
    ]);
  });
});

describe("the indexes D1 keeps (ADR 047)", () => {
  const planOf = async (query: string) =>
    (
      await env.DB.prepare(`explain query plan ${query}`).all<{
        detail: string;
      }>()
    ).results
      .map((row) => row.detail)
      .join("\n");

  it("reads a player's sessions and a game's events by an index, with none kept that nothing reads", async () => {
    // A challenge's latest round of a player (services/challenges/settle.ts), and a deleted account's cascade.
    expect(
      await planOf("select max(id) from game_stats where user_id = 1"),
    ).toMatch(/INDEX game_stats_user_game_idx \(user_id=\?\)/);
    expect(await planOf("delete from game_stats where user_id = 1")).toMatch(
      /INDEX game_stats_user_game_idx \(user_id=\?\)/,
    );
    // A developer's dashboard (services/developer-stats.ts), and the prune by time.
    expect(
      await planOf(
        "select name, count(*) from events where game_id = 1 and created_at >= 0 and created_at < 9 and name in ('ad_break_requested', 'game_error') group by name",
      ),
    ).toMatch(/INDEX events_game_idx \(game_id=\? AND name=\?/);
    expect(
      await planOf("select id from events where created_at < 9 limit 10"),
    ).toMatch(/INDEX events_created_idx \(created_at<\?\)/);
    // Migration 0035 took the two that nothing read: each was one more write a session or an event.
    expect(
      (
        await env.DB.prepare(
          "select name from sqlite_master where name in ('game_stats_user_idx', 'events_name_idx')",
        ).all()
      ).results,
    ).toEqual([]);
  });
});
