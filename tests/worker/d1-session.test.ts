import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import { BOOKMARK_COOKIE, sessionFor } from "../../workers/d1-session";
import { getJson, json, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const bookmarkIn = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => new RegExp(`^${BOOKMARK_COOKIE}=([^;]*)`).exec(cookie))
    .find(Boolean)?.[1];

const gameId = (slug: string) =>
  env.DB.prepare("select id from games where slug = ?")
    .bind(slug)
    .first<number>("id");

describe("D1 sessions: reads near the player, a player's own writes always seen", () => {
  it("hands a write's bookmark back in an HttpOnly cookie, and the next request reads from it", async () => {
    const id = await gameId("color-flood");
    const { token, userId } = await tokenFor("ben@playfeed.local");
    const like = await request(
      "/api/game/like",
      json("POST", { game_id: id, user_id: userId, type: "like" }, token),
    );
    expect(like.status).toBe(200);
    const bookmark = bookmarkIn(like);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/);
    const cookie = like.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const after = await getJson<Game>(`/api/game/${id}`, {
      headers: {
        Authorization: `Bearer ${token}`,
        Cookie: `${BOOKMARK_COOKIE}=${bookmark}`,
      },
    });
    expect(after.status).toBe(200);
    expect(after.body.is_liked).toBe(true);
    // Reading changes nothing, so it hands out no new bookmark.
    expect(bookmarkIn(after.response)).toBeUndefined();
  });

  it("never sets a cookie on a read, so the edge can keep anonymous pages", async () => {
    const page = await request("/", { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()).toEqual([]);
    const list = await request("/api/game/published");
    expect(bookmarkIn(list)).toBeUndefined();
  });

  it.each([
    ["a quote and a semicolon", "'%3B drop table games"],
    ["a bookmark far too long", "0".repeat(5000)],
    ["letters D1 never uses", "zzzz-yyyy"],
  ])("ignores a cookie with %s and answers as usual", async (_case, value) => {
    const response = await request("/api/game/published", {
      headers: { Cookie: `${BOOKMARK_COOKIE}=${value}` },
    });
    expect(response.status).toBe(200);
    expect((await response.json<unknown[]>()).length).toBeGreaterThan(0);
  });

  it("starts a session from a bookmark it was given, and carries it forward", async () => {
    const first = sessionFor(env.DB, "POST", undefined);
    await first.prepare("select count(*) from games").first();
    const bookmark = first.getBookmark();
    expect(bookmark).toMatch(/^[0-9a-f-]+$/);
    const next = sessionFor(env.DB, "GET", bookmark!);
    await next.prepare("select count(*) from games").first();
    // A session never goes back in time from where it started.
    expect(next.getBookmark()! >= bookmark!).toBe(true);
  });
});
