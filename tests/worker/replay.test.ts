import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { RUN_ID_PATTERN, RUN_MESSAGES } from "#contract/runs";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody } from "#contract/types";
import { registry } from "../../games/registry";
import { decodeLog, encodeLog } from "../../games/shared/input-log";
import { runLogKey } from "../../workers/services/run-logs";
import {
  backdate,
  gameId,
  getJson,
  json,
  newPlayer,
  openPlaySession,
  recordTurns,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

interface Fixture {
  slug: string;
  seed: number;
  steps: number;
  score: number;
  log: string;
  /** Games that hide information: the hidden seed and the cards the round turned, as the server would reveal them. */
  hidden?: { seed: number; turns: [number, number][] };
}

/** One real round of each of our games, recorded by scripts/record-rounds.mjs with the game's demo player. */
const fixtures = Object.values(
  import.meta.glob<Fixture>("../fixtures/rounds/*.json", {
    eager: true,
    import: "default",
  }),
);

/** A session of the fixture's game dealt the fixture's seed (a real session deals a random one), long enough open. */
async function sessionFor(player: Player, fixture: Fixture, seedShift = 0) {
  const session = await openPlaySession(player, await gameId(fixture.slug));
  await env.DB.prepare("update game_stats set seed = ? where id = ?")
    .bind((fixture.seed + seedShift) >>> 0, session._id)
    .run();
  if (fixture.hidden) {
    await env.DB.prepare("update game_stats set hidden_seed = ? where id = ?")
      .bind((fixture.hidden.seed + seedShift) >>> 0, session._id)
      .run();
    await recordTurns(session._id, fixture.hidden.turns);
  }
  await backdate(session._id, fixture.steps / 60 + 1);
  return session;
}

const submit = (player: Player, body: Record<string, unknown>) =>
  getJson<RoundResult & ApiErrorBody>(
    "/api/scores",
    json("POST", { player_id: player.userId, ...body }, player.token),
  );

/** Everything a round writes for its session. */
async function writtenFor(statsId: number) {
  const count = (table: string) =>
    env.DB.prepare(`select count(*) as n from ${table} where stats_id = ?`)
      .bind(statsId)
      .first<number>("n");
  return {
    scores: await count("scores"),
    moves: await count("player_moves"),
    best: await count("best_scores"),
    scored: await env.DB.prepare(
      "select scored_at from game_stats where id = ?",
    )
      .bind(statsId)
      .first<number | null>("scored_at"),
  };
}
const nothing = { scores: 0, moves: 0, best: 0, scored: null };

describe("scores verified by replay", () => {
  it("has a recorded round for every one of our games", () => {
    expect(fixtures.map((fixture) => fixture.slug).sort()).toEqual(
      Object.keys(registry).sort(),
    );
    for (const fixture of fixtures) expect(fixture.score).toBeGreaterThan(0);
  });

  for (const fixture of fixtures) {
    describe(fixture.slug, () => {
      it("accepts the recorded round at the replay's score and keeps its run", async () => {
        const player = await newPlayer(`Replay ${fixture.slug}`);
        const session = await sessionFor(player, fixture);
        const { status, body } = await submit(player, {
          game_id: session.game_id,
          stats_id: session._id,
          score: fixture.score,
          log: fixture.log,
        });
        expect(status, JSON.stringify(body)).toBe(201);
        expect(body.score).toBe(fixture.score);
        const run = await env.DB.prepare(
          "select score, seed, input_log, log_bytes, steps, public_id from player_moves where stats_id = ?",
        )
          .bind(session._id)
          .first<Record<string, unknown> & { public_id: string }>();
        // The log is kept in R2 under the run's id; D1 keeps only its length (ADR 047).
        const { public_id: runId, ...stored } = run!;
        expect(runId).toMatch(RUN_ID_PATTERN);
        expect(stored).toEqual({
          score: fixture.score,
          seed: fixture.seed,
          input_log: null,
          log_bytes: fixture.log.length,
          steps: fixture.steps,
        });
        const kept = await env.MEDIA.get(runLogKey(runId));
        expect(await kept?.text()).toBe(fixture.log);
        const best = await env.DB.prepare(
          "select score, stats_id from best_scores where user_id = ? and game_id = ?",
        )
          .bind(player.userId, session.game_id)
          .first();
        expect(best).toEqual({ score: fixture.score, stats_id: session._id });
      });

      it("refuses the same log with any other score, one cut, reordered or played from another seed, and 1e9; writing nothing", async () => {
        const player = await newPlayer(`Forger ${fixture.slug}`);
        const log = decodeLog(fixture.log);
        // The inputs in reverse order, each a step later than its place: the same presses and drags, another play.
        const reordered = encodeLog({
          steps: log.steps,
          events: log.events.map((event, index) => ({
            ...log.events[log.events.length - 1 - index],
            step: log.events[index + 1]?.step ?? event.step,
          })),
        });
        // The first half of the round, claimed at the whole round's score.
        const half = encodeLog({
          steps: Math.floor(log.steps / 2),
          events: log.events.filter((event) => event.step < log.steps / 2),
        });
        const forgeries: Array<[string, Record<string, unknown>, number]> = [
          ["one point more", { score: fixture.score + 1 }, 0],
          ["one point less", { score: fixture.score - 1 }, 0],
          ["1e9", { score: 1_000_000_000 }, 0],
          ["cut bytes", { log: fixture.log.slice(0, -3) }, 0],
          ["half the round", { log: half }, 0],
          ["reordered", { log: reordered }, 0],
          ["another seed", {}, 1],
        ];
        for (const [what, change, seedShift] of forgeries) {
          const session = await sessionFor(player, fixture, seedShift);
          const { status, body } = await submit(player, {
            game_id: session.game_id,
            stats_id: session._id,
            score: fixture.score,
            log: fixture.log,
            ...change,
          });
          expect(status, `${what}: ${JSON.stringify(body)}`).toBe(422);
          expect(body.error.message, what).toMatch(
            new RegExp(
              `^(${RUN_MESSAGES.mismatch}|${RUN_MESSAGES.unreadable}|This score is too large)`,
            ),
          );
          expect(await writtenFor(session._id), what).toEqual(nothing);
        }
      });
    });
  }

  it("asks for the log, bounds its size (413) and its length in time, and refuses sessions opened without a seed", async () => {
    const [fixture] = fixtures;
    const player = await newPlayer("Replay Bounds");
    const game = await gameId(fixture.slug);

    const noLog = await sessionFor(player, fixture);
    let answer = await submit(player, {
      game_id: game,
      stats_id: noLog._id,
      score: fixture.score,
      moves: [{ time: 1000, score: fixture.score }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toBe(RUN_MESSAGES.needsLog);

    const huge = await sessionFor(player, fixture);
    answer = await submit(player, {
      game_id: game,
      stats_id: huge._id,
      score: fixture.score,
      log: "A".repeat(70_000),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.message).toBe(RUN_MESSAGES.tooLong);

    // Opened a second ago: a log of a 40-second round cannot have been played in it.
    const quick = await openPlaySession(player, game);
    await env.DB.prepare("update game_stats set seed = ? where id = ?")
      .bind(fixture.seed, quick._id)
      .run();
    answer = await submit(player, {
      game_id: game,
      stats_id: quick._id,
      score: fixture.score,
      log: fixture.log,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toBe(RUN_MESSAGES.tooManySteps);

    const legacy = await sessionFor(player, fixture);
    await env.DB.prepare("update game_stats set seed = null where id = ?")
      .bind(legacy._id)
      .run();
    answer = await submit(player, {
      game_id: game,
      stats_id: legacy._id,
      score: fixture.score,
      log: fixture.log,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toBe(RUN_MESSAGES.noSeed);
    for (const session of [noLog, huge, quick, legacy])
      expect(await writtenFor(session._id)).toEqual(nothing);
  });

  it("deals every session its own seed, and serves a kept run to watch", async () => {
    const [fixture] = fixtures;
    const player = await newPlayer("Replay Watch");
    const game = await gameId(fixture.slug);
    const seeds = new Set<number>();
    for (let i = 0; i < 5; i++)
      seeds.add((await openPlaySession(player, game)).seed);
    expect(seeds.size).toBe(5);

    const session = await sessionFor(player, fixture);
    expect(
      (
        await submit(player, {
          game_id: game,
          stats_id: session._id,
          score: fixture.score,
          log: fixture.log,
        })
      ).status,
    ).toBe(201);
    const runId = (await env.DB.prepare(
      "select public_id from player_moves where stats_id = ?",
    )
      .bind(session._id)
      .first<string>("public_id"))!;
    const run = await getJson(`/api/runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      run_id: runId,
      game_id: game,
      player_id: player.userId,
      score: fixture.score,
      seed: fixture.seed,
      log: fixture.log,
      steps: fixture.steps,
    });
    const board = await getJson<Array<Record<string, unknown>>>(
      `/api/scores/${game}`,
    );
    expect(
      board.body.find((entry) => entry.player_id === player.userId),
    ).toMatchObject({ run_id: runId, verified: true });
    expect((await getJson(`/api/runs/${session._id}`)).status).toBe(404);
  });
});

describe("the Referee object", () => {
  it("judges a round in its own request: a true round comes back verified, a false claim as a refusal, not an error", async () => {
    const fixture = fixtures.find((one) => one.slug === "bubble-pop")!;
    const referee = env.REFEREE.get(env.REFEREE.idFromName("referee:test"));
    const verdict = await referee.judge(
      fixture.slug,
      fixture.seed,
      fixture.log,
      fixture.score,
      fixture.steps,
    );
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.round.score).toBe(fixture.score);
    expect(verdict.round.steps).toBe(fixture.steps);
    expect(verdict.round.moves.at(-1)?.score).toBe(fixture.score);
    expect(
      await referee.judge(
        fixture.slug,
        fixture.seed,
        fixture.log,
        fixture.score + 1,
        fixture.steps,
      ),
    ).toEqual({ ok: false, message: RUN_MESSAGES.mismatch });
    // A log longer than the session allows is refused before any replay.
    expect(
      await referee.judge(
        fixture.slug,
        fixture.seed,
        fixture.log,
        fixture.score,
        fixture.steps - 1,
      ),
    ).toEqual({ ok: false, message: RUN_MESSAGES.tooManySteps });
  });
});
