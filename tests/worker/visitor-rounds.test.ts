import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody } from "#contract/types";
import {
  VISITOR_ROUND_MESSAGES,
  type VisitorRound,
} from "#contract/visitor-rounds";
import { MAX_LOG_CHARS, RUN_ID_PATTERN, RUN_MESSAGES } from "#contract/runs";
import { type InputEvent, encodeLog } from "../../games/shared/input-log";
import { HUMAN_LIMITS } from "../../games/shared/log-limits";
import { createServices } from "../../workers/context";
import { runKeys, runLogKey } from "../../workers/services/run-logs";
import { RATE_LIMITS, addressBlock } from "../../workers/services/rate-limits";
import {
  externalGame,
  from,
  gameId,
  getJson,
  json,
  newPlayer,
  playedLog,
  seed,
  testAddress,
  type Player,
  roomInWindow,
} from "./helpers";

beforeAll(seed);

const SLUG = "snake";
const SCORE = 3;

type Answer = RoundResult & ApiErrorBody;

/** A visitor's round, begun from its own address like a browser with no session. */
async function startRound(slug = SLUG): Promise<VisitorRound> {
  const { status, body } = await getJson<VisitorRound>(
    "/api/visitor-rounds",
    from(testAddress(), json("POST", { game_id: await gameId(slug) })),
  );
  expect(status).toBe(201);
  return body;
}

/**
 * A real round of the visitor: the demo player plays from the dealt seed, or from the first seed that reaches the
 * score (as if the server had dealt it), and the round is backdated by its length, as the server saw it pass.
 */
async function playedRound(round: VisitorRound, score = SCORE) {
  for (const candidate of [
    round.seed,
    ...Array.from({ length: 40 }, (_, i) => i + 1),
  ]) {
    let played;
    try {
      played = playedLog(SLUG, candidate, score);
    } catch {
      continue;
    }
    await env.DB.prepare(
      "update visitor_rounds set seed = ?, created_at = created_at - ? where id = ?",
    )
      .bind(candidate, Math.ceil((played.steps / 60 + 1) * 1000), round.id)
      .run();
    return played.log;
  }
  throw new Error(`the demo player reaches ${score} from no seed tried`);
}

const finish = (round: VisitorRound, body: Record<string, unknown>) =>
  getJson<ApiErrorBody & { score: number; claimable_until: string }>(
    `/api/visitor-rounds/${round.id}`,
    json("PUT", { token: round.token, ...body }),
  );

const claim = (round: VisitorRound, player: Player, token = round.token) =>
  getJson<Answer>(
    `/api/visitor-rounds/${round.id}/claim`,
    json("POST", { token }, player.token),
  );

async function finishedRound(score = SCORE) {
  const round = await startRound();
  const log = await playedRound(round, score);
  const finished = await finish(round, { score, log, play_time: 9 });
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return { round, log };
}

/** Everything the round wrote into accounts: sessions, scores, best scores and runs made of it. */
async function writtenFor(roundId: number) {
  const session = await env.DB.prepare(
    "select id, user_id, score, seed from game_stats where visitor_round_id = ?",
  )
    .bind(roundId)
    .all<{ id: number; user_id: number; score: number; seed: number }>();
  const statsIds = session.results.map((row) => row.id);
  const count = async (table: string) =>
    statsIds.length === 0
      ? 0
      : ((await env.DB.prepare(
          `select count(*) as n from ${table} where stats_id in (${statsIds.join(",")})`,
        ).first<number>("n")) ?? 0);
  return {
    sessions: session.results,
    scores: await count("scores"),
    runs: await count("player_moves"),
    best: await count("best_scores"),
    periodBoards: await count("period_best_scores"),
  };
}

describe("a visitor's round kept for their account", () => {
  it("attaches a verified round to the account that signs up and claims it, once", async () => {
    const { round, log } = await finishedRound();
    const player = await newPlayer("Kept Visitor");

    const claimed = await claim(round, player);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.score).toBe(SCORE);
    expect(claimed.body.best.score).toBe(SCORE);

    const written = await writtenFor(round.id);
    expect(written.sessions).toEqual([
      expect.objectContaining({ user_id: player.userId, score: SCORE }),
    ]);
    // Its best on the all-time board; not the day's and the week's, whose attempts a visitor's seeds escape (ADR 027).
    expect(written).toMatchObject({
      scores: 1,
      runs: 1,
      best: 1,
      periodBoards: 0,
    });
    const run = await env.DB.prepare(
      "select user_id, score, input_log, log_bytes, seed, public_id from player_moves where stats_id = ?",
    )
      .bind(claimed.body.stats_id)
      .first<Record<string, unknown> & { public_id: string }>();
    // The claimed run's log is in R2 under its id, D1 keeps its length (ADR 047); the round's own copy goes with the sweep.
    const { public_id: runId, ...stored } = run!;
    expect(runId).toMatch(RUN_ID_PATTERN);
    expect(stored).toEqual({
      user_id: player.userId,
      score: SCORE,
      input_log: null,
      log_bytes: log.length,
      seed: written.sessions[0].seed,
    });
    const kept = await env.MEDIA.get(runLogKey(runId));
    expect(await kept?.text()).toBe(log);
    const watched = await getJson<{ log: string }>(`/api/runs/${runId}`);
    expect(watched.body.log).toBe(log);

    // Claiming again answers the same and writes nothing more.
    const again = await claim(round, player);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(claimed.body);
    expect(await writtenFor(round.id)).toMatchObject({
      scores: 1,
      runs: 1,
      best: 1,
    });

    // Nobody else can take it, even with the token.
    const other = await newPlayer("Late Claimer");
    const refused = await claim(round, other);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      VISITOR_ROUND_MESSAGES.otherAccount,
    );
  });

  it("gives a round claimed by two accounts at once to exactly one of them", async () => {
    const { round } = await finishedRound();
    const [a, b] = await Promise.all([
      newPlayer("Racer A"),
      newPlayer("Racer B"),
    ]);
    const answers = await Promise.all([
      claim(round, a),
      claim(round, b),
      claim(round, a),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    const written = await writtenFor(round.id);
    expect(written.sessions).toHaveLength(1);
    expect(written).toMatchObject({ scores: 1, runs: 1, best: 1 });
    const winner = written.sessions[0].user_id;
    expect([a.userId, b.userId]).toContain(winner);
    // The winner's claims answer 200, the loser's 409.
    expect(statuses).toEqual(
      winner === a.userId ? [200, 200, 409] : [200, 409, 409],
    );
    // The claims that lost deleted the logs they had put in R2: every log there is a kept run's.
    const inR2 = await env.MEDIA.list({ prefix: "runs/" });
    const kept = await env.DB.prepare(
      "select public_id from player_moves where log_bytes is not null",
    ).all<{ public_id: string }>();
    expect(inR2.objects.map((object) => object.key).sort()).toEqual(
      kept.results.flatMap((row) => runKeys(row.public_id)).sort(),
    );
  });

  it("scores a claimed round whose log R2 refused, keeping no run for it", async () => {
    const { round } = await finishedRound();
    const player = await newPlayer("Claimer R2 Refused");
    // The platform's bucket failing its writes; everything else is the real service.
    const media: Pick<R2Bucket, "put" | "get" | "delete"> = {
      put: () => Promise.reject(new Error("R2 is unavailable")),
      get: (key) => env.MEDIA.get(key),
      delete: (keys) => env.MEDIA.delete(keys),
    };
    const services = createServices({ ...env, MEDIA: media as R2Bucket });
    const claimed = await services.visitorRounds.claim(
      player.userId,
      round.id,
      { token: round.token },
      testAddress(),
    );
    expect(claimed).toMatchObject({ score: SCORE, best: { score: SCORE } });
    expect(await writtenFor(round.id)).toMatchObject({
      scores: 1,
      runs: 0,
      best: 1,
    });
  });

  it("refuses a round whose log does not replay to its score, writing nothing", async () => {
    const round = await startRound();
    const log = await playedRound(round, SCORE);
    expect((await finish(round, { score: SCORE + 5, log })).status).toBe(200);
    const player = await newPlayer("Forger");
    const refused = await claim(round, player);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/does not match/);
    expect(await writtenFor(round.id)).toMatchObject({
      sessions: [],
      scores: 0,
    });
  });

  it("keeps a log only within the game's time, and a round only for an hour after it ends", async () => {
    const late = await startRound();
    const log = await playedRound(late);
    await env.DB.prepare(
      "update visitor_rounds set created_at = created_at - 3600000 where id = ?",
    )
      .bind(late.id)
      .run();
    const tooLate = await finish(late, { score: SCORE, log });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.error.message).toMatch(/longer than the game allows/);

    const { round } = await finishedRound();
    const twice = await finish(round, { score: SCORE, log });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(VISITOR_ROUND_MESSAGES.finished);
    await env.DB.prepare(
      "update visitor_rounds set finished_at = finished_at - 3601000 where id = ?",
    )
      .bind(round.id)
      .run();
    const expired = await claim(round, await newPlayer("Too Late"));
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(VISITOR_ROUND_MESSAGES.expired);
  });

  it("needs the round's token, a finished round, a visitor and one of our games", async () => {
    const player = await newPlayer("Prober");
    const round = await startRound();
    const unfinished = await claim(round, player);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body.error.message).toBe(
      VISITOR_ROUND_MESSAGES.unfinished,
    );
    const wrongToken = await claim(round, player, "A".repeat(43));
    expect(wrongToken.status).toBe(404);
    expect(wrongToken.body.error.message).toBe(VISITOR_ROUND_MESSAGES.unknown);
    for (const token of ["short", "A".repeat(44), 7, "!".repeat(43)]) {
      const bad = await claim(round, player, token as string);
      expect(bad.status, String(token)).toBe(400);
    }
    const unsigned = await getJson<ApiErrorBody>(
      `/api/visitor-rounds/${round.id}/claim`,
      json("POST", { token: round.token }),
    );
    expect(unsigned.status).toBe(401);

    const signedIn = await getJson<ApiErrorBody>(
      "/api/visitor-rounds",
      json("POST", { game_id: await gameId(SLUG) }, player.token),
    );
    expect(signedIn.status).toBe(409);
    expect(signedIn.body.error.message).toBe(VISITOR_ROUND_MESSAGES.signedIn);

    const external = await getJson<ApiErrorBody>(
      "/api/visitor-rounds",
      from(
        testAddress(),
        json("POST", { game_id: await externalGame("visitor") }),
      ),
    );
    expect(external.status).toBe(422);
    expect(external.body.error.message).toBe(
      VISITOR_ROUND_MESSAGES.notReplayable,
    );

    for (const body of [
      { score: -1, log: "AQAA" },
      { score: 1, log: "not base64!" },
      { score: 1, log: "A".repeat(70_000) },
      { score: 1 },
    ]) {
      const bad = await finish(round, body);
      expect(bad.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThan(
        399,
      );
      expect(bad.status).toBeLessThan(500);
    }
  });

  it("sweeps unclaimed rounds a day old and keeps claimed ones", async () => {
    const unclaimed = await startRound();
    const { round: claimedRound } = await finishedRound();
    expect((await claim(claimedRound, await newPlayer("Keeper"))).status).toBe(
      200,
    );
    await env.DB.prepare(
      `update visitor_rounds set created_at = created_at - ${25 * 3600_000} where id in (?, ?)`,
    )
      .bind(unclaimed.id, claimedRound.id)
      .run();
    await createServices(env).visitorRounds.sweep();
    const left = await env.DB.prepare(
      "select id from visitor_rounds where id in (?, ?)",
    )
      .bind(unclaimed.id, claimedRound.id)
      .all<{ id: number }>();
    expect(left.results.map((row) => row.id)).toEqual([claimedRound.id]);
  });
});

/** A log that decodes and keeps to a person's limits on every step, yet fills 64 KB: 8 finger moves a step. */
function fullLog(steps: number) {
  const events: InputEvent[] = [];
  for (let step = 0; step < steps; step++)
    for (let move = 0; move < HUMAN_LIMITS.inputsPerStep; move++)
      events.push({ step, kind: "pointerMove", x: move % 2 ? 20 : 0, y: 0 });
  return encodeLog({ steps, events });
}

/** A network of its own (an IPv6 /64), and its `host`th address. */
function network() {
  const prefix = `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
  return (host: number) => `${prefix}::${host.toString(16)}`;
}

async function startFrom(address: string): Promise<VisitorRound> {
  const { status, body } = await getJson<VisitorRound>(
    "/api/visitor-rounds",
    from(address, json("POST", { game_id: await gameId(SLUG) })),
  );
  expect(status).toBe(201);
  return body;
}

const finishFrom = (
  address: string,
  round: VisitorRound,
  body: Record<string, unknown>,
) =>
  getJson<ApiErrorBody>(
    `/api/visitor-rounds/${round.id}`,
    from(address, json("PUT", { token: round.token, ...body })),
  );

const backdateRound = (round: VisitorRound, seconds: number) =>
  env.DB.prepare(
    "update visitor_rounds set created_at = created_at - ? where id = ?",
  )
    .bind(seconds * 1000, round.id)
    .run();

describe("what a visitor's round may cost", () => {
  it("keeps only a log that decodes, fits the time since the seed was dealt and a person could have played", async () => {
    const round = await startRound();
    const taps = encodeLog({
      steps: 60,
      events: Array.from({ length: 16_381 }, (_, index) => ({
        step: 0,
        kind: index % 2 ? ("pointerUp" as const) : ("pointerDown" as const),
        x: 0,
        y: 0,
      })),
    });
    const refusals: Array<[string, string]> = [
      ["A".repeat(60_000), `${RUN_MESSAGES.unreadable}: `],
      [
        taps,
        `${RUN_MESSAGES.inhuman}: More inputs on one step than a person can make`,
      ],
      // Ten seconds of play, a moment after the seed was dealt.
      [fullLog(600), RUN_MESSAGES.tooManySteps],
    ];
    for (const [log, message] of refusals) {
      const refused = await finish(round, { score: 4, log });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message.startsWith(message)).toBe(true);
    }
    const stored = await env.DB.prepare(
      "select input_log, finished_at from visitor_rounds where id = ?",
    )
      .bind(round.id)
      .first();
    expect(stored).toEqual({ input_log: null, finished_at: null });
    // The round itself is still there to be ended honestly.
    const log = await playedRound(round);
    expect((await finish(round, { score: SCORE, log })).status).toBe(200);
  });

  it(
    "keeps 120 full rounds from one network only up to its 2 MB a day, and 300 rounds",
    { timeout: 120_000 },
    async () => {
      const { limit, tooMany } = RATE_LIMITS.visitorLogBytesPerAddress;
      const log = fullLog(2_000);
      expect(log.length).toBeGreaterThan(55_000);
      expect(log.length).toBeLessThanOrEqual(MAX_LOG_CHARS);
      const address = network();
      const answers = [];
      for (let i = 1; i <= 120; i++) {
        // A new address for each round, all in one /64: the network is what counts.
        const round = await startFrom(address(i));
        await backdateRound(round, 40);
        answers.push(await finishFrom(address(i), round, { score: 9, log }));
      }
      const kept = Math.floor(limit / log.length);
      expect(answers.slice(0, kept).map((answer) => answer.status)).toEqual(
        Array<number>(kept).fill(200),
      );
      for (const answer of answers.slice(kept)) {
        expect(answer.status).toBe(429);
        expect(
          answer.body.error.message.startsWith(
            `${tooMany} Please try again in `,
          ),
        ).toBe(true);
      }
      // Another network keeps its rounds.
      const elsewhere = network()(1);
      const other = await startFrom(elsewhere);
      await backdateRound(other, 40);
      expect(
        (await finishFrom(elsewhere, other, { score: 9, log })).status,
      ).toBe(200);

      // Empty rounds weigh nothing: the count stops them. The network has already kept all but one of its rounds.
      const rounds = RATE_LIMITS.visitorRoundKeptPerAddress;
      const many = network();
      const day = 24 * 3600_000;
      await env.DB.prepare(
        "insert into rate_limits (key, window_ends_at, count) values (?, ?, ?)",
      )
        .bind(
          `visitorRoundKeptPerAddress:${addressBlock(many(1))}`,
          (Math.floor(Date.now() / day) + 1) * day,
          rounds.limit - 1,
        )
        .run();
      const statuses = [];
      for (const host of [1, 2]) {
        const round = await startFrom(many(host));
        const ended = await finishFrom(many(host), round, {
          score: 0,
          log: "AQAA",
        });
        statuses.push(ended.status);
      }
      expect(statuses).toEqual([200, 429]);
    },
  );

  it(
    "counts a claim as a game started and a score sent: an account past either limit claims nothing",
    {
      timeout: 60_000,
    },
    async () => {
      roomInWindow(60_000);
      const scorer = await newPlayer("Busy Scorer");
      for (let i = 0; i < RATE_LIMITS.scoreSubmitPerUser.limit; i++) {
        const refused = await getJson(
          "/api/scores",
          json(
            "POST",
            {
              score: 1,
              player_id: scorer.userId,
              game_id: await gameId(SLUG),
              stats_id: 999_999,
              log: "AQAA",
            },
            scorer.token,
          ),
        );
        expect(refused.status).toBe(422);
      }
      const { round } = await finishedRound();
      const limited = await claim(round, scorer);
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toMatch(
        /^Too many scores in a minute\./,
      );

      const starter = await newPlayer("Busy Starter");
      for (let i = 0; i < RATE_LIMITS.sessionStartPerUser.limit; i++)
        expect(
          (
            await getJson(
              "/api/gamestats",
              json(
                "POST",
                { game_id: await gameId(SLUG), game_type: 0 },
                starter.token,
              ),
            )
          ).status,
        ).toBe(201);
      const started = await claim(round, starter);
      expect(started.status).toBe(429);
      expect(started.body.error.message).toMatch(
        /^Too many games started in a minute\./,
      );
      expect(await writtenFor(round.id)).toMatchObject({
        sessions: [],
        scores: 0,
      });

      // And claims count against the minute as submissions do.
      const claimer = await newPlayer("Many Claims");
      roomInWindow(60_000);
      const claimed = [];
      for (let i = 0; i <= RATE_LIMITS.scoreSubmitPerUser.limit; i++) {
        const next = await startRound();
        const finished = await finish(next, { score: 0, log: "AQAA" });
        expect(finished.status, JSON.stringify(finished.body)).toBe(200);
        claimed.push((await claim(next, claimer)).status);
      }
      expect(claimed).toEqual([
        ...Array<number>(RATE_LIMITS.scoreSubmitPerUser.limit).fill(200),
        429,
      ]);
    },
  );

  it("keeps the run of a claimed round only when it scored, and a log no longer than it can be claimed", async () => {
    const { round } = await finishedRound(0);
    const player = await newPlayer("Zero Round");
    expect((await claim(round, player)).status).toBe(200);
    expect(await writtenFor(round.id)).toMatchObject({ scores: 1, runs: 0 });

    const { round: late } = await finishedRound();
    await env.DB.prepare(
      "update visitor_rounds set finished_at = finished_at - ? where id = ?",
    )
      .bind(61 * 60_000, late.id)
      .run();
    await createServices(env).visitorRounds.sweep();
    expect(
      await env.DB.prepare("select input_log from visitor_rounds where id = ?")
        .bind(late.id)
        .first("input_log"),
    ).toBeNull();
    const expired = await claim(late, await newPlayer("Too Late Again"));
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(VISITOR_ROUND_MESSAGES.expired);
  });
});
