import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../workers/context";
import { createDb } from "../../workers/db/client";
import { events } from "../../workers/db/schema";
import {
  createRateLimiter,
  RATE_LIMITS,
} from "../../workers/services/rate-limits";
import { countingD1 } from "./d1-writes";
import {
  gameId,
  getJson,
  json,
  newPlayer,
  roomInWindow,
  roundBody,
  seed,
} from "./helpers";

beforeAll(seed);

/**
 * Issue #35 item 3: every round's writes commit on D1's one primary, so they set how many rounds a second the
 * platform takes. A round is its session's opening (POST /api/gamestats) and its score (POST /api/scores, which
 * carries the play time and closes the session); here both run through the real services on a counting binding.
 */
describe("write transactions per round", () => {
  async function countedRound(slug: string, score: number) {
    const player = await newPlayer(`Writer ${slug}`);
    const { db, tally } = countingD1(env.DB);
    const services = createServices({ ...env, DB: db });
    const opened = await services.play.startSession(player.userId, {
      game_id: await gameId(slug),
      game_type: 0,
    });
    const start = { ...tally, log: [...tally.log] };
    const body = await roundBody(player, opened, score);
    tally.writes = 0;
    tally.calls = 0;
    tally.log = [];
    const result = await services.play.submitRound(
      player.userId,
      { ...body, play_time: 30 },
      "203.0.113.35",
    );
    expect(result.score).toBe(score);
    return { start, submit: tally };
  }

  it("opens a session in one write and scores a replayed round in two", async () => {
    const { start, submit } = await countedRound("snake", 3);
    console.log(
      `round writes: start ${start.writes} (${start.log.join("; ")}), submit ${submit.writes} (${submit.log.join("; ")})`,
    );
    expect(start.writes).toBe(1);
    expect(submit.writes).toBe(2);
  });

  it("refuses a start past its limit with nothing written: no session and no count", async () => {
    roomInWindow(60_000);
    const player = await newPlayer("Past The Limit");
    const { limit } = RATE_LIMITS.sessionStartPerUser;
    const game = await gameId("snake");
    const start = () =>
      getJson<{ error: { message: string } }>(
        "/api/gamestats",
        json("POST", { game_id: game, game_type: 0 }, player.token),
      );
    for (let i = 0; i < limit; i++) expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many games started in a minute\. Please try again in \d+ seconds?\.$/,
    );
    const counted = await env.DB.prepare(
      "select count(*) as sessions, (select count from rate_limits where key = ?) as count from game_stats where user_id = ?",
    )
      .bind(`sessionStartPerUser:${player.userId}`, player.userId)
      .first<{ sessions: number; count: number }>();
    expect(counted).toEqual({ sessions: limit, count: limit });
  });

  it("counts every limit of a batch and its write, or none of them when one is full", async () => {
    roomInWindow(60_000);
    const limits = createRateLimiter(createDb(env.DB));
    const subject = `batch-${crypto.randomUUID()}`;
    const hits = [
      { name: "searchPerUser", subject },
      { name: "followPerUser", subject },
    ] as const;
    const { limit } = RATE_LIMITS.searchPerUser;
    for (let i = 0; i < limit; i++) await limits.hitAll([...hits]);
    const countOf = (name: string) =>
      env.DB.prepare("select count from rate_limits where key = ?")
        .bind(`${name}:${subject}`)
        .first<number>("count");
    // The search limit is full: the follow count and the write in the same batch must not happen either.
    await expect(
      limits.countAndWrite(
        [...hits],
        [createDb(env.DB).insert(events).values({ name: subject })],
      ),
    ).rejects.toMatchObject({ status: 429 });
    expect(await countOf("searchPerUser")).toBe(limit);
    expect(await countOf("followPerUser")).toBe(limit);
    expect(
      await env.DB.prepare("select count(*) as n from events where name = ?")
        .bind(subject)
        .first<number>("n"),
    ).toBe(0);
  });
});
