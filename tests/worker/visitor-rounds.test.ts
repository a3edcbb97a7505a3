import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody } from "#contract/types";
import {
  VISITOR_ROUND_MESSAGES,
  type VisitorRound,
} from "#contract/visitor-rounds";
import { createServices } from "../../workers/context";
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
    // Its best, and its place on the day's and the week's boards.
    expect(written).toMatchObject({
      scores: 1,
      runs: 1,
      best: 1,
      periodBoards: 2,
    });
    const run = await env.DB.prepare(
      "select user_id, score, input_log, seed from player_moves where stats_id = ?",
    )
      .bind(claimed.body.stats_id)
      .first();
    expect(run).toEqual({
      user_id: player.userId,
      score: SCORE,
      input_log: log,
      seed: written.sessions[0].seed,
    });

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
