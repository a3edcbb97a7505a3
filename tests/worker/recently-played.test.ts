import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import { clockMoved, getJson, json, newPlayer, seed } from "./helpers";

beforeAll(seed);

const gameId = (slug: string) =>
  env.DB.prepare("select id from games where slug = ?")
    .bind(slug)
    .first<number>("id");

const playsOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "select game_id as gameId, type, created_at as at from plays where user_id = ? order by game_id",
    )
      .bind(userId)
      .all<{ gameId: number; type: number; at: number }>()
  ).results;

describe("Recently played (issue #35: one row a player and game)", () => {
  it("moves the game's one row to the latest start, and lists games by it", async () => {
    const ivy = await newPlayer("Ivy Recent");
    const snake = (await gameId("snake"))!;
    const hopper = (await gameId("sky-hopper"))!;
    const starts: [number, number][] = [
      [snake, 0],
      [hopper, 0],
      [snake, 2],
      [hopper, 1],
      [snake, 0],
    ];
    for (const [game, type] of starts) {
      const answer = await getJson(
        "/api/user/play",
        json("POST", { game, type }, ivy.token),
      );
      expect(answer.status).toBe(200);
      await clockMoved();
    }
    const rows = await playsOf(ivy.userId);
    expect(rows.map((row) => [row.gameId, row.type])).toEqual(
      [
        [snake, 0],
        [hopper, 1],
      ].sort((a, b) => a[0] - b[0]),
    );
    const snakeAt = rows.find((row) => row.gameId === snake)!.at;
    const hopperAt = rows.find((row) => row.gameId === hopper)!.at;
    expect(snakeAt).toBeGreaterThan(hopperAt);

    const recent = await getJson<Game[]>("/api/game/recent", {
      headers: { Authorization: `Bearer ${ivy.token}` },
    });
    expect(recent.body.map((game) => game._id)).toEqual([snake, hopper]);
  });

  it("keeps each pair's latest start when migration 0030 folds an older database's rows", async () => {
    const migration = env.TEST_MIGRATIONS.find(
      (m) => m.name === "0030_recently_played_one_row.sql",
    );
    const fold = migration!.queries.filter((query) =>
      query.trimStart().startsWith("DELETE FROM `plays`"),
    );
    expect(fold).toHaveLength(1);
    // The table as it was before 0030: no unique index, so a pair could have many rows.
    await env.DB.batch([
      env.DB.prepare("drop table if exists plays_before_0030"),
      env.DB.prepare(
        "create table plays_before_0030 (id integer primary key autoincrement, user_id integer not null, game_id integer not null, type integer not null default 0, created_at integer not null)",
      ),
      env.DB.prepare(
        `insert into plays_before_0030 (id, user_id, game_id, type, created_at) values
          (1, 7, 1, 0, 1000), (2, 7, 1, 2, 3000), (3, 7, 1, 1, 2000),
          (4, 7, 2, 0, 5000), (5, 8, 1, 0, 4000), (6, 8, 1, 1, 4000)`,
      ),
      env.DB.prepare(fold[0].replaceAll("`plays`", "`plays_before_0030`")),
    ]);
    const kept = await env.DB.prepare(
      "select id, user_id, game_id, type, created_at from plays_before_0030 order by id",
    ).all();
    expect(kept.results.map((row) => row.id)).toEqual([2, 4, 6]);
    await env.DB.prepare("drop table plays_before_0030").run();
  });
});
