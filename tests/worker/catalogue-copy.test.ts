import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { json, renderedPage, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const gameOf = (slug: string) =>
  env.DB.prepare("select id, name from games where slug = ?")
    .bind(slug)
    .first<{ id: number; name: string }>();

const rename = (id: number, name: string) =>
  env.DB.prepare("update games set name = ? where id = ?").bind(name, id).run();

describe("the isolate's copy of the catalogue (ADR 021)", () => {
  it("serves a visitor's / and /detail/{id} from the copy, while a signed-in player's pages read afresh", async () => {
    const game = (await gameOf("snake"))!;
    // Fills the copy.
    expect(await renderedPage("/")).toContain(game.name);
    const renamed = `Renamed ${Date.now()}`;
    await rename(game.id, renamed);
    try {
      const home = await renderedPage("/");
      expect(home).toContain(game.name);
      expect(home).not.toContain(renamed);
      expect(await renderedPage(`/detail/${game.id}`)).not.toContain(renamed);
      const { token } = await tokenFor("ava@playfeed.local");
      expect(await renderedPage("/", token)).toContain(renamed);
      expect(await renderedPage(`/detail/${game.id}`, token)).toContain(
        renamed,
      );
    } finally {
      await rename(game.id, game.name);
    }
  });

  it("shows a like this isolate took on a visitor's detail page at once", async () => {
    const game = (await gameOf("tower-stack"))!;
    expect(await renderedPage(`/detail/${game.id}`)).toContain(
      'aria-label="Like, 0 likes"',
    );
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const liked = await request(
      "/api/game/like",
      json("POST", { game_id: game.id, user_id: userId, type: "like" }, token),
    );
    expect(liked.status).toBe(200);
    await liked.arrayBuffer();
    expect(await renderedPage(`/detail/${game.id}`)).toContain(
      'aria-label="Like, 1 like"',
    );
  });

  it("reads a game the copy does not know yet afresh, and a missing one is still a 404", async () => {
    await renderedPage("/");
    const name = `Brand New ${Date.now()}`;
    const id = await env.DB.prepare(
      `insert into games (slug, name, category_id, publisher_id, icon, is_published)
       values (?, ?, (select min(id) from categories), (select min(id) from publishers), '/favicon.svg', 1) returning id`,
    )
      .bind(`brand-new-${Date.now()}`, name)
      .first<number>("id");
    try {
      expect(await renderedPage("/")).not.toContain(name);
      expect(await renderedPage(`/detail/${id}`)).toContain(name);
    } finally {
      await env.DB.prepare("delete from games where id = ?").bind(id).run();
    }
    const missing = await request("/detail/99999");
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });
});
