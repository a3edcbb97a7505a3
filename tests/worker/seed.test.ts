import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SEED_BLOG_POSTS } from "../../workers/db/blog-posts";
import { CATALOGUE, CATEGORIES, PUBLISHERS } from "../../workers/db/catalogue";
import {
  DEMO_ACCOUNTS,
  DEMO_COINS,
  isDatabaseEmpty,
  seedDatabase,
} from "../../workers/seed/seed";
import { verifyPassword } from "../../workers/services/password";

describe("seedDatabase", () => {
  it("fills an empty database once, and a second run changes nothing", async () => {
    expect(await isDatabaseEmpty(env.DB)).toBe(true);
    await seedDatabase(env.DB);
    await seedDatabase(env.DB);
    const counts = await env.DB.prepare(
      "select (select count(*) from users) users, (select count(*) from games) games, (select count(*) from publishers) publishers, (select count(*) from categories) categories, (select count(*) from blog_posts where status = 'published') blogPosts",
    ).first();
    expect(counts).toEqual({
      users: DEMO_ACCOUNTS.length,
      games: CATALOGUE.length,
      publishers: PUBLISHERS.length,
      categories: CATEGORIES.length,
      blogPosts: SEED_BLOG_POSTS.length,
    });
    expect(await isDatabaseEmpty(env.DB)).toBe(false);
  });

  it("seeds the real catalogue: 12 or more games in 4 or more categories, 2 or more measured in levels", async () => {
    await seedDatabase(env.DB);
    const stats = await env.DB.prepare(
      "select count(*) games, count(distinct category_id) categories, sum(leaderboard_type = 2) levelGames, sum(is_placeholder) placeholders, sum(game_modes & 1 = 0) withoutSinglePlay from games",
    ).first();
    expect(stats).toMatchObject({ placeholders: 0, withoutSinglePlay: 0 });
    expect(stats!.games).toBeGreaterThanOrEqual(12);
    expect(stats!.categories).toBeGreaterThanOrEqual(4);
    expect(stats!.levelGames).toBeGreaterThanOrEqual(2);
    const snake = await env.DB.prepare(
      "select icon, video, poster from games where slug = 'snake'",
    ).first();
    expect(snake).toEqual({
      icon: "/games/snake/icon.svg",
      video: "promos/snake.webm",
      poster: "promos/snake.jpg",
    });
  });

  it("replaces placeholder rows of older databases and sanitises HTML on the way in", async () => {
    await seedDatabase(env.DB);
    await env.DB.prepare(
      "insert into games (slug, name, category_id, publisher_id, icon, is_placeholder) values ('placeholder-x', 'Preview', 1, 1, '/x.svg', 1)",
    ).run();
    await env.DB.prepare(
      "update games set description = '<p>x</p><script>alert(1)</script>' where slug = 'snake'",
    ).run();
    await seedDatabase(env.DB);
    expect(
      await env.DB.prepare(
        "select count(*) n from games where is_placeholder = 1",
      ).first<number>("n"),
    ).toBe(0);
    const description = await env.DB.prepare(
      "select description from games where slug = 'snake'",
    ).first<string>("description");
    expect(description).not.toContain("<script");
    expect(description).toContain("<p>");
  });

  it("stores demo passwords hashed, verifiable with the listed password only", async () => {
    await seedDatabase(env.DB);
    const writer = DEMO_ACCOUNTS[0];
    const row = await env.DB.prepare(
      "select password_hash, can_write from users where email = ?",
    )
      .bind(writer.email)
      .first<{ password_hash: string; can_write: number }>();
    expect(row!.can_write).toBe(1);
    expect(row!.password_hash).not.toContain(writer.password);
    expect(await verifyPassword(writer.password, row!.password_hash)).toBe(
      true,
    );
    expect(await verifyPassword("Wrong@2026", row!.password_hash)).toBe(false);
  });

  it("gives the demo players coins once, through the ledger, and has them follow each other", async () => {
    await seedDatabase(env.DB);
    await seedDatabase(env.DB);
    const rows = await env.DB.prepare(
      "select u.wallet, (select sum(amount) from ledger l where l.user_id = u.id) as total from users u where email in ('ava@playfeed.local', 'ben@playfeed.local')",
    ).all<{ wallet: number; total: number }>();
    expect(rows.results).toEqual([
      { wallet: DEMO_COINS, total: DEMO_COINS },
      { wallet: DEMO_COINS, total: DEMO_COINS },
    ]);
    expect(
      await env.DB.prepare("select count(*) as n from follows").first<number>(
        "n",
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it("refuses a negative wallet at the database", async () => {
    await seedDatabase(env.DB);
    await expect(
      env.DB.prepare("update users set wallet = -5 where email = ?")
        .bind(DEMO_ACCOUNTS[1].email)
        .run(),
    ).rejects.toThrow(/CHECK constraint/);
  });
});
