import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CATALOGUE, CATEGORIES, PUBLISHERS } from "../../workers/db/catalogue";
import { catalogueSql, loadCatalogue } from "../../workers/seed/catalogue-sql";

const CATALOGUE_TABLES = ["categories", "games", "publishers"];

/** Every table the migrations made, with its row count. */
async function rowCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations' order by name",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of results)
    counts[name] = (await env.DB.prepare(
      `select count(*) n from "${name}"`,
    ).first<number>("n"))!;
  return counts;
}

/** Every row of the catalogue's tables, in id order. */
async function catalogueRows() {
  const rows: Record<string, unknown[]> = {};
  for (const table of CATALOGUE_TABLES)
    rows[table] = (
      await env.DB.prepare(`select * from "${table}" order by id`).all()
    ).results;
  return rows;
}

describe("the catalogue (npm run db:catalogue)", () => {
  it("gives a fresh database the 12 games with their categories and publishers, and nothing else: no users", async () => {
    const before = await rowCounts();
    expect(Object.values(before).every((n) => n === 0)).toBe(true);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([...CATALOGUE_TABLES, "users", "ledger"]),
    );

    await loadCatalogue(env.DB);

    const after = await rowCounts();
    expect(after).toEqual({
      ...before,
      categories: CATEGORIES.length,
      publishers: PUBLISHERS.length,
      games: 12,
    });
    expect(after.users).toBe(0);

    const { results } = await env.DB.prepare(
      "select g.slug, g.name, c.name category, p.name publisher, g.is_published published from games g join categories c on c.id = g.category_id join publishers p on p.id = g.publisher_id order by g.slug",
    ).all();
    expect(results).toEqual(
      CATALOGUE.map(({ slug, meta }) => ({
        slug,
        name: meta.name,
        category: meta.category,
        publisher: PUBLISHERS.find((p) => p.slug === meta.publisher)!.name,
        published: 1,
      })).sort((a, b) => a.slug.localeCompare(b.slug)),
    );
  });

  it("loaded twice gives the same rows, ids included", async () => {
    await loadCatalogue(env.DB);
    const once = await catalogueRows();
    await loadCatalogue(env.DB);
    expect(await catalogueRows()).toEqual(once);
  });

  it("brings a changed game up to date and keeps its id and what players made (likes, ratings)", async () => {
    await loadCatalogue(env.DB);
    const before = await env.DB.prepare(
      "select * from games where slug = 'snake'",
    ).first();
    // As if the row came from an older meta.json, and players had liked and rated the game since.
    await env.DB.prepare(
      "update games set name = 'Old Snake', maximum_game_time = 60, game_modes = 1, total_likes = 3, rating_sum = 9, rating_count = 2 where slug = 'snake'",
    ).run();
    await loadCatalogue(env.DB);
    expect(
      await env.DB.prepare("select * from games where slug = 'snake'").first(),
    ).toEqual({ ...before, total_likes: 3, rating_sum: 9, rating_count: 2 });
  });

  it("writes only the catalogue's tables, one statement a row, as the file `wrangler d1 execute` runs", () => {
    const statements = catalogueSql();
    expect(statements).toHaveLength(
      CATEGORIES.length + PUBLISHERS.length + CATALOGUE.length,
    );
    for (const statement of statements)
      expect(statement).toMatch(
        /^insert into "(categories|publishers|games)" .* on conflict /,
      );
  });
});
