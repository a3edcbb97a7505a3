import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, isDatabaseEmpty, PLACEHOLDER_GAMES, SEED_PUBLISHERS, seedDatabase } from "../../workers/db/seed";
import { verifyPassword } from "../../workers/services/password";

describe("seedDatabase", () => {
  it("fills an empty database once, and a second run changes nothing", async () => {
    expect(await isDatabaseEmpty(env.DB)).toBe(true);
    await seedDatabase(env.DB);
    await seedDatabase(env.DB);
    const counts = await env.DB.prepare(
      "select (select count(*) from users) users, (select count(*) from games) games, (select count(*) from publishers) publishers, (select count(*) from categories) categories",
    ).first();
    expect(counts).toEqual({ users: DEMO_ACCOUNTS.length, games: PLACEHOLDER_GAMES.length, publishers: SEED_PUBLISHERS.length, categories: 4 });
    expect(await isDatabaseEmpty(env.DB)).toBe(false);
  });

  it("marks every seeded game as a placeholder", async () => {
    await seedDatabase(env.DB);
    const real = await env.DB.prepare("select count(*) n from games where is_placeholder = 0").first<number>("n");
    expect(real).toBe(0);
  });

  it("stores demo passwords hashed, verifiable with the listed password only", async () => {
    await seedDatabase(env.DB);
    const writer = DEMO_ACCOUNTS[0];
    const row = await env.DB.prepare("select password_hash, can_write from users where email = ?").bind(writer.email).first<{ password_hash: string; can_write: number }>();
    expect(row!.can_write).toBe(1);
    expect(row!.password_hash).not.toContain(writer.password);
    expect(await verifyPassword(writer.password, row!.password_hash)).toBe(true);
    expect(await verifyPassword("Wrong@2026", row!.password_hash)).toBe(false);
  });

  it("refuses a negative wallet at the database", async () => {
    await seedDatabase(env.DB);
    await expect(env.DB.prepare("update users set wallet = -5 where email = ?").bind(DEMO_ACCOUNTS[1].email).run()).rejects.toThrow(/CHECK constraint/);
  });
});
