import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody, Game } from "#contract/types";
import { createDb } from "../../workers/db/client";
import { users } from "../../workers/db/schema";
import { createSessionService } from "../../workers/services/sessions";
import { clockMoved, getJson, json, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const gameId = (slug: string) =>
  env.DB.prepare("select id from games where slug = ?")
    .bind(slug)
    .first<number>("id");

describe("POST /api/game/like", () => {
  it("is 401 for an anonymous visitor and 403 for someone else's user id", async () => {
    const id = await gameId("snake");
    expect(
      (
        await getJson(
          "/api/game/like",
          json("POST", { game_id: id, user_id: 1, type: "like" }),
        )
      ).status,
    ).toBe(401);
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    const other = await getJson(
      "/api/game/like",
      json(
        "POST",
        { game_id: id, user_id: ben.userId, type: "like" },
        ava.token,
      ),
    );
    expect(other.status).toBe(403);
  });

  it("counts a double like once, and a dislike takes it back", async () => {
    const id = await gameId("merge-tiles");
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const like = () =>
      getJson<{ is_liked: boolean; total_likes: number }>(
        "/api/game/like",
        json("POST", { game_id: id, user_id: userId, type: "like" }, token),
      );
    expect((await like()).body).toEqual({
      game_id: id,
      is_liked: true,
      total_likes: 1,
    });
    expect((await like()).body.total_likes).toBe(1);
    const game = await getJson<Game>(`/api/game/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(game.body).toMatchObject({ is_liked: true, total_likes: 1 });
    const anonymous = await getJson<Game>(`/api/game/${id}`);
    expect(anonymous.body.is_liked).toBe(false);
    const dislike = await getJson(
      "/api/game/like",
      json("POST", { game_id: id, user_id: userId, type: "dislike" }, token),
    );
    expect(dislike.body).toEqual({
      game_id: id,
      is_liked: false,
      total_likes: 0,
    });
  });

  it("is 404 for an unknown game and 400 for a bad type", async () => {
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const unknown = await getJson<ApiErrorBody>(
      "/api/game/like",
      json("POST", { game_id: 99999, user_id: userId, type: "like" }, token),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Game not found");
    expect(
      (
        await getJson(
          "/api/game/like",
          json("POST", { game_id: 1, user_id: userId, type: "love" }, token),
        )
      ).status,
    ).toBe(400);
  });

  it("keeps the count exact under 50 concurrent likes by different users", async () => {
    const id = await gameId("tower-stack");
    const db = createDb(env.DB);
    const sessions = createSessionService(db);
    const people: { id: number }[] = [];
    for (let i = 0; i < 50; i++) {
      // One row per statement: D1 binds at most 100 parameters per query.
      people.push(
        ...(await db
          .insert(users)
          .values({
            email: `crowd${i}@example.com`,
            name: `Crowd ${i}`,
            firstName: "Crowd",
          })
          .returning({ id: users.id })),
      );
    }
    const tokens = await Promise.all(
      people.map((person) => sessions.create(person.id)),
    );
    const responses = await Promise.all(
      people.map((person, i) =>
        getJson(
          "/api/game/like",
          json(
            "POST",
            { game_id: id, user_id: person.id, type: "like" },
            tokens[i],
          ),
        ),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const row = await env.DB.prepare(
      "select total_likes, (select count(*) from likes where game_id = ?1) counted from games where id = ?1",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ total_likes: 50, counted: 50 });
  });
});

describe("POST /api/game/rate", () => {
  it("keeps one rating per user, replaced on re-rating, with an exact average", async () => {
    const id = await gameId("color-flood");
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    await getJson(
      "/api/game/rate",
      json("POST", { game: id, value: 5 }, ava.token),
    );
    const second = await getJson(
      "/api/game/rate",
      json("POST", { game: id, value: 2 }, ben.token),
    );
    expect(second.body).toEqual({
      game: id,
      value: 2,
      avgRating: 3.5,
      ratingCount: 2,
    });
    const rerated = await getJson(
      "/api/game/rate",
      json("POST", { game: id, value: 4 }, ava.token),
    );
    expect(rerated.body).toEqual({
      game: id,
      value: 4,
      avgRating: 3,
      ratingCount: 2,
    });
    const game = await getJson<Game>(`/api/game/${id}`, {
      headers: { Authorization: `Bearer ${ava.token}` },
    });
    expect(game.body).toMatchObject({
      avgRating: 3,
      rating_count: 2,
      my_rating: 4,
    });
  });

  it.each([0, 6, 2.5, "5"])("refuses the rating %j with 400", async (value) => {
    const { token } = await tokenFor("ava@playfeed.local");
    const response = await getJson<ApiErrorBody>(
      "/api/game/rate",
      json("POST", { game: await gameId("snake"), value }, token),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Please choose 1 to 5 stars");
  });

  it("is 401 anonymous and 404 for an unknown game", async () => {
    expect(
      (await getJson("/api/game/rate", json("POST", { game: 1, value: 3 })))
        .status,
    ).toBe(401);
    const { token } = await tokenFor("ava@playfeed.local");
    expect(
      (
        await getJson(
          "/api/game/rate",
          json("POST", { game: 424242, value: 3 }, token),
        )
      ).status,
    ).toBe(404);
  });
});

describe("liked, saved and recently played lists", () => {
  it("lists what the caller liked, saved and played, newest first", async () => {
    const { token, userId } = await tokenFor("ben@playfeed.local");
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const [snake, bubbles, hopper] = [
      await gameId("snake"),
      await gameId("bubble-pop"),
      await gameId("sky-hopper"),
    ];

    for (const path of [
      "/api/game/saved",
      "/api/game/recent",
      `/api/game/liked?user=${userId}`,
    ]) {
      expect((await getJson<Game[]>(path, auth)).body).toEqual([]);
    }

    await getJson(
      "/api/game/like",
      json("POST", { game_id: bubbles, user_id: userId, type: "like" }, token),
    );
    const liked = await getJson<Game[]>(`/api/game/liked?user=${userId}`, auth);
    expect(liked.body.map((game) => [game.slug, game.is_liked])).toEqual([
      ["bubble-pop", true],
    ]);

    await getJson(
      "/api/game/save",
      json("POST", { game_id: snake, saved: true }, token),
    );
    await getJson(
      "/api/game/save",
      json("POST", { game_id: hopper, saved: true }, token),
    );
    await getJson(
      "/api/game/save",
      json("POST", { game_id: hopper, saved: false }, token),
    );
    const saved = await getJson<Game[]>("/api/game/saved", auth);
    expect(saved.body.map((game) => [game.slug, game.is_saved])).toEqual([
      ["snake", true],
    ]);

    for (const game of [snake, hopper, snake]) {
      expect(
        (
          await getJson(
            "/api/user/play",
            json("POST", { game, type: 0 }, token),
          )
        ).status,
      ).toBe(200);
      await clockMoved();
    }
    const recent = await getJson<Game[]>("/api/game/recent", auth);
    expect(recent.body.map((game) => game.slug)).toEqual([
      "snake",
      "sky-hopper",
    ]);
  });

  it("keeps each list private", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    expect(
      (
        await getJson(`/api/game/liked?user=${ben.userId}`, {
          headers: { Authorization: `Bearer ${ava.token}` },
        })
      ).status,
    ).toBe(403);
    for (const path of [
      "/api/game/saved",
      "/api/game/recent",
      "/api/game/liked?user=1",
    ])
      expect((await getJson(path)).status).toBe(401);
    expect(
      (await getJson("/api/user/play", json("POST", { game: 1, type: 0 })))
        .status,
    ).toBe(401);
    expect(
      (
        await getJson(
          "/api/user/play",
          json("POST", { game: 99999, type: 0 }, ava.token),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await getJson(
          "/api/game/save",
          json("POST", { game_id: 99999, saved: true }, ava.token),
        )
      ).status,
    ).toBe(404);
  });
});

describe("POST /api/events", () => {
  it("stores the SPEC's events, anonymous or signed in", async () => {
    expect(
      (await request("/api/events", json("POST", { name: "SignUpOpen" })))
        .status,
    ).toBe(204);
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const response = await request(
      "/api/events",
      json("POST", { name: "view_game_details", data: { game: 3 } }, token),
    );
    expect(response.status).toBe(204);
    const rows = await env.DB.prepare(
      "select name, user_id, data from events order by id",
    ).all();
    expect(rows.results).toEqual([
      { name: "SignUpOpen", user_id: null, data: null },
      { name: "view_game_details", user_id: userId, data: '{"game":3}' },
    ]);
  });

  it("refuses unknown names and oversized data", async () => {
    expect(
      (
        await getJson<ApiErrorBody>(
          "/api/events",
          json("POST", { name: "DropTables" }),
        )
      ).body.error.message,
    ).toBe("Unknown event name");
    const big = await getJson<ApiErrorBody>(
      "/api/events",
      json("POST", { name: "LikeGame", data: { x: "a".repeat(3000) } }),
    );
    expect(big.status).toBe(400);
  });
});
