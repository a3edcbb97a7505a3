import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  GAME_DATA_MESSAGES,
  GAME_STORAGE_LIMITS,
  type GameDataAnswer,
} from "#contract/game-data";
import type { ApiErrorBody } from "#contract/types";
import { RATE_LIMITS } from "../../workers/services/rate-limits";
import {
  gameId,
  getJson,
  json,
  newPlayer,
  request,
  seed,
  type Player,
  roomInWindow,
} from "./helpers";

beforeAll(seed);

const dataPath = (id: number | string) => `/api/game/${id}/data`;

const read = (id: number | string, player: Player) =>
  getJson<GameDataAnswer & ApiErrorBody>(dataPath(id), {
    headers: { Authorization: `Bearer ${player.token}` },
  });

const write = (id: number | string, body: unknown, player: Player) =>
  getJson<GameDataAnswer & ApiErrorBody>(
    dataPath(id),
    json("PUT", body, player.token),
  );

describe("a player's game data", () => {
  let snake: number;
  let stack: number;
  beforeAll(async () => {
    snake = await gameId("snake");
    stack = await gameId("tower-stack");
  });

  it("is empty before the game kept anything, then answers what the last write replaced it with", async () => {
    const ava = await newPlayer("Ava Data");
    expect((await read(snake, ava)).body).toEqual({
      data: [],
      updated_at: null,
    });

    const first = await write(
      snake,
      {
        data: [
          ["best", "31"],
          ["sound", "off"],
        ],
      },
      ava,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      ["best", "31"],
      ["sound", "off"],
    ]);
    expect(first.body.updated_at).toBeGreaterThan(0);

    // A write replaces the whole data: "sound" is gone.
    const second = await write(snake, { data: [["best", "40"]] }, ava);
    expect(second.status).toBe(200);
    const kept = await read(snake, ava);
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({
      data: [["best", "40"]],
      updated_at: second.body.updated_at,
    });
    // Another game of the same player keeps its own.
    expect((await read(stack, ava)).body.data).toEqual([]);
  });

  it("keeps keys a plain object would mistake for its prototype, and a key given twice once, its last value", async () => {
    const player = await newPlayer("Proto Data");
    const answer = await write(
      snake,
      {
        data: [
          ["__proto__", "x"],
          ["best", "1"],
          ["best", "2"],
        ],
      },
      player,
    );
    expect(answer.status).toBe(200);
    expect((await read(snake, player)).body.data).toEqual([
      ["__proto__", "x"],
      ["best", "2"],
    ]);
  });

  it("is each player's own: another player neither sees nor changes it", async () => {
    const ava = await newPlayer("Ava Own");
    const ben = await newPlayer("Ben Own");
    await write(snake, { data: [["best", "99"]] }, ava);
    expect((await read(snake, ben)).body.data).toEqual([]);
    await write(snake, { data: [["best", "3"]] }, ben);
    expect((await read(snake, ava)).body.data).toEqual([["best", "99"]]);
    expect((await read(snake, ben)).body.data).toEqual([["best", "3"]]);
  });

  it("keeps a clear as an empty list with its time, so it beats an older copy elsewhere", async () => {
    const player = await newPlayer("Clear Data");
    await write(snake, { data: [["best", "5"]] }, player);
    const cleared = await write(snake, { data: [] }, player);
    expect(cleared.status).toBe(200);
    expect((await read(snake, player)).body).toEqual({
      data: [],
      updated_at: cleared.body.updated_at,
    });
  });

  it("goes with the account when it is deleted", async () => {
    const player = await newPlayer("Gone Data");
    await write(snake, { data: [["best", "5"]] }, player);
    await env.DB.prepare("delete from users where id = ?")
      .bind(player.userId)
      .run();
    const left = await env.DB.prepare(
      "select count(*) as n from game_data where user_id = ?",
    )
      .bind(player.userId)
      .first<number>("n");
    expect(left).toBe(0);
  });
});

describe("who may read and write game data", () => {
  it("asks a visitor to log in", async () => {
    const snake = await gameId("snake");
    const got = await getJson<ApiErrorBody>(dataPath(snake));
    expect(got.status).toBe(401);
    expect(got.body.error.code).toBe("unauthorized");
    const put = await getJson<ApiErrorBody>(
      dataPath(snake),
      json("PUT", { data: [["best", "1"]] }),
    );
    expect(put.status).toBe(401);
  });

  it("answers 404 for a game that does not exist and 400 for a path that is not a game id", async () => {
    const player = await newPlayer("Lost Data");
    const missing = 999_999;
    for (const answer of [
      await read(missing, player),
      await write(missing, { data: [["best", "1"]] }, player),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Game not found");
    }
    expect((await read("snake", player)).status).toBe(400);
    const rows = await env.DB.prepare(
      "select count(*) as n from game_data where user_id = ?",
    )
      .bind(player.userId)
      .first<number>("n");
    expect(rows).toBe(0);
  });
});

describe("game data past its limits", () => {
  let player: Player;
  let snake: number;
  beforeAll(async () => {
    player = await newPlayer("Big Data");
    snake = await gameId("snake");
  });

  const refused = async (body: unknown, message: string) => {
    const answer = await write(snake, body, player);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(message);
  };

  it("refuses more keys than a game may keep", async () => {
    const keys = GAME_STORAGE_LIMITS.keys;
    const at = (n: number) =>
      Array.from({ length: n }, (_, i) => [`k${i}`, "v"]);
    await refused({ data: at(keys + 1) }, GAME_DATA_MESSAGES.keys);
    expect((await write(snake, { data: at(keys) }, player)).status).toBe(200);
  });

  it("refuses data past 65,536 characters of keys and values together, and a key past 100 characters", async () => {
    const half = "x".repeat(GAME_STORAGE_LIMITS.characters / 2);
    await refused(
      {
        data: [
          ["a", half],
          ["b", half],
        ],
      },
      GAME_DATA_MESSAGES.characters,
    );
    await refused(
      { data: [["a", "x".repeat(GAME_STORAGE_LIMITS.characters + 1)]] },
      GAME_DATA_MESSAGES.characters,
    );
    await refused(
      { data: [["k".repeat(GAME_STORAGE_LIMITS.keyLength + 1), "v"]] },
      GAME_DATA_MESSAGES.keyLength,
    );
    await refused({ data: [["", "v"]] }, GAME_DATA_MESSAGES.keyEmpty);
    // Exactly at the limit fits.
    const fits = await write(
      snake,
      { data: [["a", "x".repeat(GAME_STORAGE_LIMITS.characters - 1)]] },
      player,
    );
    expect(fits.status).toBe(200);
  });

  it("refuses what is not a list of string pairs, and a body that is not JSON", async () => {
    for (const body of [
      {},
      { data: { best: "1" } },
      { data: [["best", 1]] },
      { data: [["best"]] },
      { data: [["best", "1", "2"]] },
      { data: "best" },
    ]) {
      const answer = await write(snake, body, player);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(GAME_DATA_MESSAGES.shape);
    }
    const notJson = await request(dataPath(snake), {
      ...json("PUT", "{data:", player.token),
    });
    expect(notJson.status).toBe(400);
  });
});

describe("game data writes", () => {
  it(
    "are limited per player, with a 429 that says how long to wait",
    { timeout: 60_000 },
    async () => {
      const { limit, windowMs, tooMany } = RATE_LIMITS.gameDataWritePerUser;
      roomInWindow(windowMs);
      const player = await newPlayer("Busy Data");
      const other = await newPlayer("Calm Data");
      const snake = await gameId("snake");
      for (let i = 0; i < limit; i++) {
        const answer = await write(snake, { data: [["n", String(i)]] }, player);
        expect(answer.status).toBe(200);
      }
      const refused = await write(snake, { data: [["n", "late"]] }, player);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(
        new RegExp(`^${tooMany} Please try again in \\d+ seconds?\\.$`),
      );
      expect(
        Number(refused.response.headers.get("Retry-After")),
      ).toBeGreaterThanOrEqual(1);
      // The refused write changed nothing, reading is not limited, and another player is not held back.
      const kept = await read(snake, player);
      expect(kept.status).toBe(200);
      expect(kept.body.data).toEqual([["n", String(limit - 1)]]);
      expect((await write(snake, { data: [["n", "1"]] }, other)).status).toBe(
        200,
      );
    },
  );
});

describe("the play page", () => {
  const page = (path: string, player?: Player) =>
    request(path, {
      headers: {
        Accept: "text/html",
        ...(player ? { Cookie: `pf_session=${player.token}` } : {}),
      },
    });

  it("brings the signed-in player's data for the game, and no one else's", async () => {
    const snake = await gameId("snake");
    const ava = await newPlayer("Ava Page");
    const ben = await newPlayer("Ben Page");
    const marker = `kept-${crypto.randomUUID().slice(0, 8)}`;
    await write(snake, { data: [["best", marker]] }, ava);

    const own = await page(`/play/${snake}`, ava);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(marker);
    for (const someoneElse of [ben, undefined]) {
      const other = await page(`/play/${snake}`, someoneElse);
      expect(other.status).toBe(200);
      expect(await other.text()).not.toContain(marker);
    }
    // An unknown game is still the 404 page for a player.
    expect((await page("/play/999999", ava)).status).toBe(404);
  });
});
