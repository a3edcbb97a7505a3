import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody, Game, Publisher } from "#contract/types";
import { externalGame, getJson, request, seed } from "./helpers";

beforeAll(seed);

async function firstGame(): Promise<{ id: number; publisherId: number }> {
  const row = await env.DB.prepare(
    "select id, publisher_id from games order by id limit 1",
  ).first<{ id: number; publisher_id: number }>();
  return { id: row!.id, publisherId: row!.publisher_id };
}

describe("GET /api/health", () => {
  it("answers ok once the database responds", async () => {
    const { status, body } = await getJson("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });
});

describe("GET /api/game/:id", () => {
  it("returns the game with the SPEC field names", async () => {
    const { id, publisherId } = await firstGame();
    const { status, body } = await getJson<Game>(`/api/game/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: id,
      category: "Arcade",
      is_liked: false,
      total_likes: 0,
      avgRating: 0,
      game_modes: [1, 2, 4],
      leaderboard_type: 1,
      type: 0,
      external_link: null,
      maximum_game_time: 120,
      publisher: { _id: publisherId, name: "Pixel Harbor" },
    });
    for (const field of ["name", "description", "how_to_play", "icon", "video"])
      expect(body).toHaveProperty(field);
  });

  it("is a JSON 404 for an unknown id", async () => {
    const { status, body } = await getJson<ApiErrorBody>("/api/game/999999");
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: "not_found", message: "Game not found" },
    });
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "12345678901234567890"])(
    "is a 400 for the malformed id %s",
    async (id) => {
      const { status, body } = await getJson<ApiErrorBody>(`/api/game/${id}`);
      expect(status).toBe(400);
      expect(body.error).toEqual({
        code: "bad_request",
        message: "Invalid game id",
      });
    },
  );
});

describe("whether a game is timed", () => {
  it("is said on the game, the catalogue and the play page, from game mode 4", async () => {
    const timed = (await firstGame()).id;
    // An external game whose modes lack 4: a session the play screen never cuts at maximum_game_time.
    const untimed = await externalGame("untimed-session");
    await env.DB.prepare("update games set game_modes = 3 where id = ?")
      .bind(untimed)
      .run();

    expect((await getJson<Game>(`/api/game/${timed}`)).body).toMatchObject({
      game_modes: [1, 2, 4],
      timed: true,
    });
    expect((await getJson<Game>(`/api/game/${untimed}`)).body).toMatchObject({
      game_modes: [1, 2],
      timed: false,
      type: 2,
    });
    const { body: published } = await getJson<Game[]>("/api/game/published");
    const flags = new Map(published.map((game) => [game._id, game.timed]));
    expect(flags.get(timed)).toBe(true);
    expect(flags.get(untimed)).toBe(false);
    expect([...flags.values()].every((flag) => typeof flag === "boolean")).toBe(
      true,
    );

    // The play screen's loader hands the flag to the page: Remix streams its data into the HTML as `\"timed\",false`.
    const playFlag = async (id: number) =>
      /\\"timed\\",(true|false)/.exec(
        await (await request(`/play/${id}`)).text(),
      )?.[1];
    expect(await playFlag(untimed)).toBe("false");
    expect(await playFlag(timed)).toBe("true");
  });
});

describe("GET /api/publisher/:id", () => {
  it("returns icon, banner and about", async () => {
    const { publisherId } = await firstGame();
    const { status, body } = await getJson<Publisher>(
      `/api/publisher/${publisherId}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      _id: publisherId,
      name: "Pixel Harbor",
      icon: "/publishers/pixel-harbor-icon.svg",
      banner: "/publishers/pixel-harbor-banner.svg",
      about: expect.stringContaining("Pixel Harbor") as string,
    });
  });

  it("is a 404 for an unknown publisher and a 400 for a malformed id", async () => {
    expect((await getJson("/api/publisher/4242")).status).toBe(404);
    const malformed = await getJson<ApiErrorBody>("/api/publisher/x1");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe("Invalid publisher id");
  });
});

describe("GET /api/game/publisher/:id", () => {
  it("lists only that publisher's games", async () => {
    const { publisherId } = await firstGame();
    const { status, body } = await getJson<Game[]>(
      `/api/game/publisher/${publisherId}`,
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((game) => game.publisher._id === publisherId)).toBe(true);
  });

  it("is a 404 for an unknown publisher and a 400 for a malformed id", async () => {
    expect(
      (await getJson<ApiErrorBody>("/api/game/publisher/777")).body.error
        .message,
    ).toBe("Publisher not found");
    expect((await getJson("/api/game/publisher/abc")).status).toBe(400);
  });
});

describe("GET /api/game/published", () => {
  it("lists every published game with or without a user id", async () => {
    const total = await env.DB.prepare(
      "select count(*) as n from games where is_published = 1",
    ).first<number>("n");
    for (const query of ["", "?user=", "?user=1"]) {
      const { status, body } = await getJson<Game[]>(
        `/api/game/published${query}`,
      );
      expect(status).toBe(200);
      expect(body).toHaveLength(total!);
    }
  });

  it("leaves out unpublished games", async () => {
    const { id } = await firstGame();
    await env.DB.prepare("update games set is_published = 0 where id = ?")
      .bind(id)
      .run();
    const { body } = await getJson<Game[]>("/api/game/published");
    expect(body.map((game) => game._id)).not.toContain(id);
    await env.DB.prepare("update games set is_published = 1 where id = ?")
      .bind(id)
      .run();
  });

  it("is a 400 for a malformed user id", async () => {
    const { status, body } = await getJson<ApiErrorBody>(
      "/api/game/published?user=robert');drop",
    );
    expect(status).toBe(400);
    expect(body.error.message).toBe("Invalid user id");
  });
});

describe("API errors", () => {
  it("answers an unknown /api path with JSON, never HTML", async () => {
    const response = await request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: {
        code: "not_found",
        message: "No API endpoint GET /api/does-not-exist",
      },
    });
  });

  it("answers a wrong method on a known path with JSON 404", async () => {
    const response = await request("/api/health", { method: "DELETE" });
    expect(response.status).toBe(404);
    expect((await response.json<ApiErrorBody>()).error.code).toBe("not_found");
  });
});
