import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../app/lib/types";
import { getJson, seed } from "./helpers";

beforeAll(seed);

describe("GET /api/scores", () => {
  it("lists each player's best score, highest first, and a player's high score", async () => {
    const game = await env.DB.prepare("select id from games where slug = 'snake'").first<number>("id");
    const ids = (await env.DB.prepare("select id from users order by id").all<{ id: number }>()).results.map((row) => row.id);
    expect((await getJson(`/api/scores/${game}`)).body).toEqual([]);
    expect((await getJson(`/api/scores/${game}/${ids[1]}`)).body).toEqual({ score: 0 });

    const insert = env.DB.prepare("insert into scores (user_id, game_id, score) values (?, ?, ?)");
    await env.DB.batch([insert.bind(ids[1], game, 12), insert.bind(ids[1], game, 30), insert.bind(ids[2], game, 25)]);

    const { status, body } = await getJson<Array<{ player_name: string; score: number }>>(`/api/scores/${game}`);
    expect(status).toBe(200);
    expect(body.map(({ player_name, score }) => [player_name, score])).toEqual([
      ["Ava Stone", 30],
      ["Ben Carter", 25],
    ]);
    expect((await getJson(`/api/scores/${game}/${ids[1]}`)).body).toEqual({ score: 30 });
  });

  it("is a 404 for an unknown game and a 400 for a malformed id", async () => {
    expect((await getJson<ApiErrorBody>("/api/scores/99999")).body.error.message).toBe("Game not found");
    expect((await getJson("/api/scores/abc")).status).toBe(400);
    expect((await getJson("/api/scores/1/x")).status).toBe(400);
  });
});
