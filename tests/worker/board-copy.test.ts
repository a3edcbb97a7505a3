import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlayer, renderedPage, scoredRound, seed } from "./helpers";

beforeAll(seed);

let game: number;
beforeAll(async () => {
  // A game of its own, so its board holds only this file's rounds.
  game = (await env.DB.prepare(
    `insert into games (slug, name, category_id, publisher_id, icon, is_published)
     values (?, 'Board Copy', (select min(id) from categories), (select min(id) from publishers), '/favicon.svg', 1)
     returning id`,
  )
    .bind(`board-copy-${Date.now()}`)
    .first<number>("id"))!;
});
afterAll(async () => {
  await env.DB.prepare("delete from games where id = ?").bind(game).run();
});

const rename = (id: number, name: string) =>
  env.DB.prepare("update users set name = ? where id = ?").bind(name, id).run();

const page = (token?: string) => renderedPage(`/detail/${game}`, token);

describe("a visitor's game page reads the isolate's copy of its board (ADR 021)", () => {
  it("keeps the board a visitor saw, while a signed-in player's page reads it afresh", async () => {
    const first = await newPlayer(`Kept Kim ${Date.now()}`);
    await scoredRound(first, game, 40);
    // Fills the copy with Kim on it.
    expect(await page()).toContain(first.name);
    const renamed = `Renamed Kim ${Date.now()}`;
    await rename(first.userId, renamed);
    const visitor = await page();
    expect(visitor).toContain(first.name);
    expect(visitor).not.toContain(renamed);
    expect(await page(first.token)).toContain(renamed);
  });

  it("reads the board afresh once a round lands on it in this isolate", async () => {
    await page();
    const second = await newPlayer(`Fresh Fay ${Date.now()}`);
    expect(await page()).not.toContain(second.name);
    await scoredRound(second, game, 90);
    expect(await page()).toContain(second.name);
  });
});

describe("a page opened on a board's address (the board's switches without JavaScript)", () => {
  const pressed = (html: string, name: string) =>
    new RegExp(`aria-pressed="true"[^>]*>${name}<`).test(html);

  it("narrows a signed-in player's board to the people they follow, and shows a visitor everyone's", async () => {
    const [leader, looker] = [
      await newPlayer(`Leading Lou ${Date.now()}`),
      await newPlayer(`Looking Liv ${Date.now()}`),
    ];
    await scoredRound(leader, game, 70);
    await scoredRound(looker, game, 10);
    const narrowed = await renderedPage(
      `/detail/${game}?scope=following`,
      looker.token,
    );
    // Liv follows nobody: her board holds herself and not the leader.
    expect(narrowed).toContain(looker.name);
    expect(narrowed).not.toContain(leader.name);
    expect(pressed(narrowed, "Following")).toBe(true);
    // A visitor follows nobody and has no switch: everyone's board.
    const visitor = await renderedPage(`/detail/${game}?scope=following`);
    expect(visitor).toContain(leader.name);
    expect(pressed(visitor, "Following")).toBe(false);
  });

  it("opens on the daily board, and reads an address it does not know as the usual board", async () => {
    const daily = await renderedPage(`/detail/${game}?period=daily`);
    expect(daily).toContain('data-testid="tournament-daily"');
    expect(daily).toMatch(/aria-selected="true"[^>]*>Daily</);
    for (const odd of ["monthly", "x".repeat(5_000)]) {
      const page = await renderedPage(`/detail/${game}?period=${odd}`);
      expect(page).toMatch(/aria-selected="true"[^>]*>All time</);
      expect(page).not.toContain("tournament-daily");
    }
  });
});
