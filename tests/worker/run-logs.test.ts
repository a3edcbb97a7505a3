import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BotData } from "#contract/protocol";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody, MatchSummary } from "#contract/types";
import { decodeLog } from "../../games/shared/input-log";
import worker from "../../workers/app";
import { createServices } from "../../workers/context";
import {
  readRunMoves,
  RUN_LOG_GONE,
  runKeys,
  runLogKey,
  runMovesKey,
} from "../../workers/services/run-logs";
import {
  gameId,
  getJson,
  json,
  newPlayer,
  openPage,
  openPlaySession,
  roundBody,
  seed,
  testAddress,
  type Player,
} from "./helpers";

beforeAll(seed);

interface RunRow {
  id: number;
  public_id: string;
  input_log: string | null;
  log_bytes: number | null;
}

const runOf = async (statsId: number) =>
  (await env.DB.prepare(
    "select id, public_id, input_log, log_bytes from player_moves where stats_id = ?",
  )
    .bind(statsId)
    .first<RunRow>())!;

const logInR2 = async (publicId: string) =>
  (await env.MEDIA.get(runLogKey(publicId)))?.text() ?? null;

/** Every run log R2 holds has a row that names it, and every row that says its log is in R2 has it there. */
async function expectNoOrphans() {
  const listed = await env.MEDIA.list({ prefix: "runs/" });
  const rows = await env.DB.prepare(
    "select public_id, moves from player_moves where log_bytes is not null",
  ).all<{ public_id: string; moves: string }>();
  // A run moved from D1 keeps its timeline in its row; a new one has it in R2 beside its log.
  expect(listed.objects.map((object) => object.key).sort()).toEqual(
    rows.results
      .flatMap((row) =>
        row.moves === "[]"
          ? runKeys(row.public_id)
          : [runLogKey(row.public_id)],
      )
      .sort(),
  );
}

/** A round of one of our games, as the game sends it: the session, and a body whose log replays to `score`. */
async function playedRound(player: Player, slug: string, score: number) {
  const session = await openPlaySession(player, await gameId(slug));
  const body = await roundBody(player, session, score);
  return { session, body, log: body.log as string };
}

const submit = (player: Player, body: Record<string, unknown>) =>
  getJson<RoundResult & ApiErrorBody>(
    "/api/scores",
    json("POST", body, player.token),
  );

/** The platform's R2 bucket with its writes watched or refused: a stand-in for R2 failing, not for our code. */
function mediaWith(put: R2Bucket["put"], deleted: string[] = []) {
  const media: Pick<R2Bucket, "put" | "get" | "delete" | "head"> = {
    put,
    get: (key) => env.MEDIA.get(key),
    head: (key) => env.MEDIA.head(key),
    async delete(keys) {
      deleted.push(...[keys].flat());
      await env.MEDIA.delete(keys);
    },
  };
  return createServices({ ...env, MEDIA: media as R2Bucket });
}

describe("kept runs' input logs live in R2", () => {
  it("keeps a replayed run's log in R2 and only its length in D1, and serves it to the runs API, the watch page and the board", async () => {
    const player = await newPlayer("Runner In R2");
    const { session, body, log } = await playedRound(player, "snake", 12);
    const scored = await submit(player, body);
    expect(scored.status, JSON.stringify(scored.body)).toBe(201);

    const run = await runOf(session._id);
    expect(run).toMatchObject({ input_log: null, log_bytes: log.length });
    expect(await logInR2(run.public_id)).toBe(log);

    const api = await getJson<{ log: string; score: number }>(
      `/api/runs/${run.public_id}`,
    );
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ log, score: 12 });
    const page = await openPage(`/watch/${run.public_id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(log);
    const board = await getJson<Array<Record<string, unknown>>>(
      `/api/scores/${session.game_id}`,
    );
    expect(
      board.body.find((entry) => entry.player_id === player.userId),
    ).toMatchObject({ run_id: run.public_id, verified: true });
    await expectNoOrphans();
  });

  it("keeps a replayed run's timeline in R2 beside its log, and a bot plays it from there", async () => {
    const player = await newPlayer("Timeline In R2");
    const { session, body } = await playedRound(player, "snake", 7);
    expect((await submit(player, body)).status).toBe(201);
    const run = await runOf(session._id);
    // The row keeps an empty timeline: the 6 KB a run was D1's largest column (ADR 047).
    const stored = await env.DB.prepare(
      "select moves from player_moves where id = ?",
    )
      .bind(run.id)
      .first<string>("moves");
    expect(stored).toBe("[]");
    const object = await env.MEDIA.get(runMovesKey(run.public_id));
    const moves = JSON.parse(await object!.text()) as Array<{
      time: number;
      score: number;
    }>;
    expect(moves.at(-1)?.score).toBe(7);
    // A bot's timeline is read from there; the row's own is empty.
    expect(
      await readRunMoves(env.MEDIA, {
        publicId: run.public_id,
        moves: [],
        logBytes: run.log_bytes,
      }),
    ).toEqual(moves);
    // And another player meets ghosts with their timelines whole.
    const rival = await newPlayer("Meets The Timeline");
    const bot = await getJson<BotData>(`/api/player-move/${session.game_id}`, {
      headers: { Authorization: `Bearer ${rival.token}` },
    });
    expect(bot.body._id).not.toBeNull();
    expect(bot.body.moves.length).toBeGreaterThan(0);
  });

  it("deletes the log of a racing twin that lost, so R2 keeps only the runs D1 kept", async () => {
    const player = await newPlayer("Twin Runner");
    const { session, body } = await playedRound(player, "snake", 10);
    // Both submissions are let past their checks and into R2 before either writes its batch.
    let arrived = 0;
    let release = () => {};
    const together = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 5_000);
    });
    const deleted: string[] = [];
    // Each submission puts two objects: the log and the timeline.
    const services = mediaWith(async (...args) => {
      if (++arrived === 4) release();
      await together;
      return env.MEDIA.put(...args);
    }, deleted);
    const address = testAddress();
    const answers = await Promise.allSettled([
      services.play.submitRound(player.userId, body, address),
      services.play.submitRound(player.userId, body, address),
    ]);
    expect(arrived).toBe(4);
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      "fulfilled",
      "rejected",
    ]);
    const lost = answers.find((answer) => answer.status === "rejected");
    expect(lost?.reason).toMatchObject({
      status: 422,
      message: "This play session already has a score",
    });
    const run = await runOf(session._id);
    expect(deleted).toHaveLength(2);
    expect(deleted).not.toContain(runLogKey(run.public_id));
    for (const key of deleted) expect(await env.MEDIA.head(key)).toBeNull();
    expect(await logInR2(run.public_id)).toBe(body.log);
    await expectNoOrphans();
  });

  it("scores a round whose log R2 refused, keeping no run for it", async () => {
    const player = await newPlayer("Runner R2 Refused");
    const { session, body } = await playedRound(player, "snake", 14);
    const services = mediaWith(() =>
      Promise.reject(new Error("R2 is unavailable")),
    );
    const result = await services.play.submitRound(
      player.userId,
      body,
      testAddress(),
    );
    expect(result).toMatchObject({ score: 14, best: { score: 14 } });
    // No row at all, as for a run past the day's kept bytes: neither a bot nor the watch page finds a run without a log.
    const rows = await env.DB.prepare(
      "select count(*) as n from player_moves where stats_id = ?",
    )
      .bind(session._id)
      .first<number>("n");
    expect(rows).toBe(0);
    const board = await getJson<Array<Record<string, unknown>>>(
      `/api/scores/${session.game_id}`,
    );
    expect(
      board.body.find((entry) => entry.player_id === player.userId),
    ).toMatchObject({ score: 14, run_id: null });
    await expectNoOrphans();
  });

  it("answers a run whose log R2 no longer holds with a 404 that says so, on the API and the page", async () => {
    const player = await newPlayer("Runner Lost Log");
    const { session, body } = await playedRound(player, "snake", 11);
    expect((await submit(player, body)).status).toBe(201);
    const run = await runOf(session._id);
    await env.MEDIA.delete(runKeys(run.public_id));

    const api = await getJson<ApiErrorBody>(`/api/runs/${run.public_id}`);
    expect(api.status).toBe(404);
    expect(api.body.error.message).toBe(RUN_LOG_GONE);
    expect((await openPage(`/watch/${run.public_id}`)).status).toBe(404);
    await env.DB.prepare("delete from player_moves where id = ?")
      .bind(run.id)
      .run();
  });
});

/**
 * A run as the code before ADR 047 kept it: its row written straight into player_moves with the log in `input_log`
 * and no `log_bytes`, for a real scored session (its score, best and boards written by the API).
 */
async function legacyRun(player: Player, slug: string, score: number) {
  const { session, body, log } = await playedRound(player, slug, score);
  expect((await submit(player, body)).status).toBe(201);
  const kept = await runOf(session._id);
  await env.MEDIA.delete(runKeys(kept.public_id));
  const publicId = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
  await env.DB.batch([
    env.DB.prepare("delete from player_moves where id = ?").bind(kept.id),
    env.DB.prepare(
      `insert into player_moves (stats_id, user_id, game_id, score, moves, seed, input_log, steps, public_id)
       select id, user_id, game_id, score, ?, seed, ?, ?, ? from game_stats where id = ?`,
    ).bind(
      JSON.stringify([
        { time: 0, score: 0 },
        { time: 1000, score },
      ]),
      log,
      decodeLog(log).steps,
      publicId,
      session._id,
    ),
  ]);
  return { statsId: session._id, publicId, log };
}

/** What a viewer, a bot's opponent and a match's summary get of a run, checked against its log. */
async function expectServed(run: { publicId: string; log: string }) {
  const api = await getJson<{ log: string }>(`/api/runs/${run.publicId}`);
  expect(api.status).toBe(200);
  expect(api.body.log).toBe(run.log);
  const page = await openPage(`/watch/${run.publicId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(run.log);
}

const runLogs = () => createServices(env).runLogs;

describe("runs kept before the logs moved to R2", () => {
  it("are served from D1 until the hourly job moves them, in bounded chunks, and from R2 after; a second move moves nothing", async () => {
    const [source, opponent] = [
      await newPlayer("Legacy Source"),
      await newPlayer("Legacy Opponent"),
    ];
    const game = await gameId("tower-stack");
    const old = [
      await legacyRun(source, "tower-stack", 10),
      await legacyRun(source, "tower-stack", 12),
    ];
    for (const run of old) await expectServed(run);

    // A bot picks one of them by its row alone and a round against it is a match whose ghost links the run.
    const bot = await getJson<BotData>(
      `/api/player-move/${game}`,
      json("GET", undefined, opponent.token),
    );
    expect(bot.status).toBe(200);
    const ghost = (await env.DB.prepare(
      "select public_id from player_moves where id = ?",
    )
      .bind(bot.body._id)
      .first<string>("public_id"))!;
    expect(old.map((run) => run.publicId)).toContain(ghost);
    const { body } = await playedRound(opponent, "tower-stack", 8);
    const match = await submit(opponent, { ...body, bot_id: bot.body._id });
    expect(match.status, JSON.stringify(match.body)).toBe(201);
    const summary = async () =>
      (
        await getJson<MatchSummary>(
          `/api/multiplayer/result/${match.body.match_id}`,
        )
      ).body.players[1];
    expect(await summary()).toMatchObject({ is_bot: true, run_id: ghost });

    // One row a chunk, then the rest by the hourly cron itself.
    expect(await runLogs().moveLegacy(1)).toBe(1);
    const ctx = createExecutionContext();
    void worker.scheduled(
      createScheduledController({ cron: "17 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    for (const run of old) {
      expect(await runOf(run.statsId)).toMatchObject({
        input_log: null,
        log_bytes: run.log.length,
      });
      expect(await logInR2(run.publicId)).toBe(run.log);
      await expectServed(run);
    }
    expect(await runLogs().moveLegacy()).toBe(0);
    expect(await summary()).toMatchObject({ is_bot: true, run_id: ghost });
    const again = await getJson<BotData>(
      `/api/player-move/${game}`,
      json("GET", undefined, opponent.token),
    );
    expect(old.map((run) => run.publicId)).toContain(
      await env.DB.prepare("select public_id from player_moves where id = ?")
        .bind(again.body._id)
        .first<string>("public_id"),
    );
    await expectNoOrphans();
  });

  it("are moved once when two moves run at the same time", async () => {
    const source = await newPlayer("Legacy Racer");
    const old = [
      await legacyRun(source, "snake", 10),
      await legacyRun(source, "snake", 12),
      await legacyRun(source, "snake", 14),
    ];
    const moved = await Promise.all([
      runLogs().moveLegacy(),
      runLogs().moveLegacy(),
    ]);
    expect(moved[0] + moved[1]).toBe(old.length);
    expect(await runLogs().moveLegacy()).toBe(0);
    for (const run of old) {
      expect(await logInR2(run.publicId)).toBe(run.log);
      await expectServed(run);
    }
    await expectNoOrphans();
  });
});
