import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaySession } from "#contract/games";
import type { GameStatsReport, StatsDay } from "#contract/developer-stats";
import { createDb } from "../../workers/db/client";
import { createDeveloperService } from "../../workers/services/developers";
import { createDeveloperStatsService } from "../../workers/services/developer-stats";
import {
  externalGame,
  gameId,
  getJson,
  json,
  newPlayer,
  request,
  roundBody,
  seed,
  type Player,
} from "./helpers";

const DAY = 86_400_000;
const now = Date.now();
const today = Math.floor(now / DAY);
/** Noon of the day `ago` days before today (today itself: its first minute, which has always passed). */
const at = (ago: number) =>
  ago === 0 ? today * DAY + 60_000 : (today - ago) * DAY + DAY / 2;

const developers = () => createDeveloperService(createDb(env.DB));
const stats = () => createDeveloperStatsService(createDb(env.DB), developers());

async function setTime(
  table: string,
  where: string,
  args: unknown[],
  time: number,
) {
  await env.DB.prepare(`update ${table} set created_at = ? where ${where}`)
    .bind(time, ...args)
    .run();
}

/** A play session through POST /api/gamestats: played `seconds` (PUT) and scored when asked, then moved to `time`. */
async function played(
  player: Player,
  game: number,
  time: number,
  { seconds, score }: { seconds?: number; score?: number } = {},
) {
  const opened = await getJson<PlaySession>(
    "/api/gamestats",
    json("POST", { game_id: game, game_type: 0 }, player.token),
  );
  expect(opened.status).toBe(201);
  const id = opened.body._id;
  await setTime("game_stats", "id = ?", [id], Date.now() - 70_000);
  if (score !== undefined) {
    // A round ends with its score and its time in one request, as the play screen sends it.
    const body = await roundBody(player, opened.body, score);
    const round = await getJson(
      "/api/scores",
      json("POST", { ...body, play_time: seconds }, player.token),
    );
    expect(round.status, JSON.stringify(round.body)).toBe(201);
  } else if (seconds !== undefined) {
    const ended = await getJson(
      `/api/gamestats/${id}`,
      json("PUT", { play_time: seconds }, player.token),
    );
    expect(ended.status).toBe(200);
  }
  await setTime("game_stats", "id = ?", [id], time);
}

const event = (name: string, data: Record<string, unknown>) =>
  request("/api/events", json("POST", { name, data }));

let developer: Player;
let outsider: Player;
let moderator: Player;
let game: number;
let report: GameStatsReport;
const dayAgo = (ago: number): StatsDay => report.days[29 - ago];

beforeAll(async () => {
  await seed();
  [developer, outsider, moderator] = await Promise.all([
    newPlayer("Dana Dev"),
    newPlayer("Otto Side"),
    newPlayer("Mona Mod"),
  ]);
  await env.DB.prepare("update users set role = 'moderator' where id = ?")
    .bind(moderator.userId)
    .run();
  const publisher = await developers().createPublisher(developer.userId, {
    name: "Numbers Studio",
    about: "",
    icon: "",
    banner: "",
  });
  const category = (await env.DB.prepare(
    "select id from categories order by id limit 1",
  ).first<number>("id"))!;
  const version = await developers().createGame(
    developer.userId,
    publisher.id,
    {
      name: "Counting Sheep",
      description: "",
      howToPlay: "",
      categoryId: category,
      orientation: "portrait",
      timed: false,
      maximumGameTime: 120,
      sendsScores: true,
      leaderboardType: 1,
      icon: null,
      video: null,
    },
    { kind: "link", link: "https://games.example.com/sheep/" },
  );
  game = version.gameId;
  // Published as a moderator's approval would: players can open sessions of a live game.
  await env.DB.prepare("update games set is_published = 1 where id = ?")
    .bind(game)
    .run();

  const [p1, p2, p3, p4] = await Promise.all(
    ["Pia One", "Pat Two", "Pax Three", "Poe Four"].map((name) =>
      newPlayer(name),
    ),
  );
  // p1 and p2 first play 8 days ago; p1 comes back the next day and 7 days on, p2 never does.
  await played(p1, game, at(8), { seconds: 40, score: 120 });
  await played(p1, game, at(7));
  await played(p1, game, at(1), { seconds: 20, score: 80 });
  await played(p2, game, at(8), { seconds: 60 });
  // p4 first played 40 days ago: 8 days ago it is not a new player.
  await played(p4, game, at(40));
  await played(p4, game, at(8));
  await played(p3, game, at(0), { seconds: 30, score: 50 });
  // A visitor's finished round yesterday.
  await env.DB.prepare(
    "insert into visitor_rounds (game_id, seed, token_hash, score, play_time, finished_at, created_at) values (?, 1, 'x', 5, 10, ?, ?)",
  )
    .bind(game, at(1), at(1))
    .run();

  for (const [player, value] of [
    [p2, 4],
    [p3, 5],
  ] as const) {
    const rated = await getJson(
      "/api/game/rate",
      json("POST", { game, value }, player.token),
    );
    expect(rated.status).toBe(200);
  }
  await setTime(
    "ratings",
    "user_id = ? and game_id = ?",
    [p2.userId, game],
    at(3),
  );
  const liked = await getJson(
    "/api/game/like",
    json("POST", { game_id: game, user_id: p1.userId, type: "like" }, p1.token),
  );
  expect(liked.status).toBe(200);
  await setTime(
    "likes",
    "user_id = ? and game_id = ?",
    [p1.userId, game],
    at(3),
  );

  for (const kind of ["interstitial", "rewarded"])
    expect(
      (await event("ad_break_requested", { gameId: game, kind })).status,
    ).toBe(204);
  expect(
    (
      await event("game_error", {
        gameId: game,
        message: "x is undefined",
        file: "https://games.example.com/sheep/main.js",
        line: 12,
      })
    ).status,
  ).toBe(204);
  await env.DB.prepare(
    "update events set created_at = ? where game_id = ? and name = 'game_error'",
  )
    .bind(at(1), game)
    .run();

  // Another game's numbers, by the same players on the same days: never counted here.
  const snake = await gameId("snake");
  await played(p1, snake, at(8), { seconds: 90 });
  await played(p2, snake, at(1));
  await getJson(
    "/api/game/like",
    json(
      "POST",
      { game_id: snake, user_id: p2.userId, type: "like" },
      p2.token,
    ),
  );
  await event("ad_break_requested", { gameId: snake, kind: "interstitial" });
  await event("game_error", { gameId: snake, message: "boom" });

  report = await stats().forGame(developer.userId, game, new Date(now));
});

describe("the developer's numbers of a game (services.developerStats)", () => {
  it("has a row for each of the last 30 UTC days, today last", () => {
    expect(report.game).toEqual({ id: game, name: "Counting Sheep" });
    expect(report.days).toHaveLength(30);
    expect(dayAgo(0).day).toBe(
      new Date(today * DAY).toISOString().slice(0, 10),
    );
    expect(dayAgo(29).day).toBe(
      new Date((today - 29) * DAY).toISOString().slice(0, 10),
    );
  });

  it("counts rounds, players, time played and finished rounds per day, visitors' rounds included", () => {
    expect(dayAgo(8)).toMatchObject({
      plays: 3,
      players: 3,
      averageSeconds: 50,
      newPlayers: 2,
    });
    expect(dayAgo(8).finishedShare).toBeCloseTo(1 / 3);
    expect(dayAgo(7)).toMatchObject({
      plays: 1,
      players: 1,
      averageSeconds: null,
      finishedShare: 0,
      newPlayers: 0,
    });
    expect(dayAgo(1)).toMatchObject({
      plays: 2,
      players: 1,
      averageSeconds: 15,
      finishedShare: 1,
      errors: 1,
    });
    expect(dayAgo(0)).toMatchObject({
      plays: 1,
      players: 1,
      averageSeconds: 30,
      finishedShare: 1,
      newPlayers: 1,
      adBreaks: 2,
    });
    expect(dayAgo(5)).toMatchObject({
      plays: 0,
      players: 0,
      averageSeconds: null,
      finishedShare: null,
    });
  });

  it("says which new players came back the next day and 7 days on, once those days are over", () => {
    expect(dayAgo(8)).toMatchObject({ returnDay1: 0.5, returnDay7: 0.5 });
    // Today's new player may still come back: not known yet. A day with no new players has nothing to share.
    expect(dayAgo(0)).toMatchObject({ returnDay1: null, returnDay7: null });
    expect(dayAgo(5)).toMatchObject({ returnDay1: null, returnDay7: null });
    expect(dayAgo(3).returnDay7).toBeNull();
  });

  it("counts likes, ratings, ad breaks and errors on the day they were given", () => {
    expect(dayAgo(3)).toMatchObject({ likes: 1, ratings: 1 });
    expect(dayAgo(0)).toMatchObject({ likes: 0, ratings: 1, adBreaks: 2 });
    expect(dayAgo(1).adBreaks).toBe(0);
  });

  it("totals the 30 days, leaving out the other game and the days before", () => {
    expect(report.totals).toMatchObject({
      plays: 7,
      players: 4,
      averageSeconds: 32,
      newPlayers: 3,
      returnDay1: 0.5,
      returnDay7: 0.5,
      likes: 1,
      ratings: 2,
      adBreaks: 2,
      errors: 1,
    });
    expect(report.totals.finishedShare).toBeCloseTo(4 / 7);
  });

  it("counts a visitor's start of a linked game as a play, and a visitor's start of our own game only once", async () => {
    const linked = await externalGame("stats-visitors");
    const own = await gameId("snake");
    const plays = async (id: number) =>
      (await stats().forGame(moderator.userId, id)).totals.plays;
    const [linkedBefore, ownBefore] = [await plays(linked), await plays(own)];
    for (const id of [linked, own])
      expect((await event("start_game_play", { game: id })).status).toBe(204);
    // A player's start is their play session, counted already.
    await request(
      "/api/events",
      json(
        "POST",
        { name: "start_game_play", data: { game: linked } },
        outsider.token,
      ),
    );
    expect(await plays(linked)).toBe(linkedBefore + 1);
    // Our own game keeps its visitors' rounds: those are its visitors' plays.
    expect(await plays(own)).toBe(ownBefore);
  });

  it("is for the game's developers and the moderators only", async () => {
    const asModerator = await stats().forGame(
      moderator.userId,
      game,
      new Date(now),
    );
    expect(asModerator.totals).toEqual(report.totals);
    await expect(stats().forGame(outsider.userId, game)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      stats().forGame(developer.userId, 999_999),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("POST /api/events for a game's own events", () => {
  it("refuses data that is not the event's, with a message", async () => {
    const unknownKind = await getJson<{ error: { message: string } }>(
      "/api/events",
      json("POST", {
        name: "ad_break_requested",
        data: { gameId: game, kind: "banner" },
      }),
    );
    expect(unknownKind.status).toBe(400);
    const long = await getJson(
      "/api/events",
      json("POST", {
        name: "game_error",
        data: { gameId: game, message: "x".repeat(501) },
      }),
    );
    expect(long.status).toBe(400);
    const noGame = await getJson(
      "/api/events",
      json("POST", { name: "game_error", data: { message: "x" } }),
    );
    expect(noGame.status).toBe(400);
  });
});

describe("GET /developer/games/:id/stats", () => {
  const page = (id: number | string, player?: Player) =>
    request(`/developer/games/${id}/stats`, {
      headers: player ? { Cookie: `pf_session=${player.token}` } : {},
      redirect: "manual",
    });

  it("shows the game's developer its numbers, and a moderator too", async () => {
    for (const viewer of [developer, moderator]) {
      const response = await page(game, viewer);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Counting Sheep: numbers");
      expect(html).toContain("Rounds started and players");
      expect(html).toContain("Last 30 days");
    }
  });

  it("sends a visitor to log in, refuses another player and knows no missing game", async () => {
    const visitor = await page(game);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/developer/games/${game}/stats`)}`,
    );
    const other = await page(game, outsider);
    expect(other.status).toBe(403);
    expect(await other.text()).toContain(
      "You are not a developer of this publisher",
    );
    expect((await page(999_999, developer)).status).toBe(404);
    expect((await page("abc", developer)).status).toBe(404);
  });
});
