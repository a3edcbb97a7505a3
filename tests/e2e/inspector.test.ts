import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bin, quietEnv, root } from "../../scripts/lib.mjs";
import {
  DESKTOP,
  PHONE,
  type Account,
  launchBrowser,
  newAccount,
  pageFor,
} from "./browser";

/**
 * Issue #33: a developer plays a draft version (here a link, type 2, to tests/e2e/fixtures/inspector-game.ts) beside
 * the SDK inspector. Each checklist item the game satisfies turns green, its one uncaught error turns its item red,
 * and the size toggle judges both sizes from the game's own layout reports.
 */

const run = promisify(execFile);
const FIXTURE_ERROR = "The fixture's one error";

let browser: Browser;
let developer: Account;
let versionId: number;

/** A publisher of the developer's, with a game whose first version is a link to the fixture game: as the service makes one. */
async function linkVersion(ownerId: number, link: string): Promise<number> {
  const name = `Inspector Studio ${Date.now()}`;
  const meta = JSON.stringify({
    name: "Inspector Test Game",
    description: "",
    howToPlay: "",
    categoryId: 1,
    orientation: "any",
    timed: false,
    maximumGameTime: 60,
    sendsScores: true,
    leaderboardType: 1,
    icon: null,
    video: null,
  });
  const sql = `insert into publishers (name, about, icon, banner) values ('${name}', '', '', '');
insert into publisher_members (publisher_id, user_id) values ((select id from publishers where name = '${name}'), ${ownerId});
insert into games (slug, name, category_id, publisher_id, description, how_to_play, icon, game_modes, type, external_link, is_published)
  values ('inspector-${Date.now()}', 'Inspector Test Game', (select id from categories order by id limit 1),
    (select id from publishers where name = '${name}'), '', '', '/favicon.svg', 1, 2, '${link}', 0);
insert into game_versions (game_id, publisher_id, created_by, kind, external_link, meta)
  values ((select max(id) from games), (select id from publishers where name = '${name}'), ${ownerId}, 'link', '${link}', '${meta}');
select max(id) as id from game_versions;`;
  const { stdout } = await run(
    bin("wrangler"),
    [
      ...["d1", "execute", "DB", "--local", "--json"],
      ...["--persist-to", inject("persistTo"), "--command", sql],
    ],
    { cwd: root, env: quietEnv },
  );
  const results = JSON.parse(stdout) as Array<{
    results: Array<{ id: number }>;
  }>;
  return results[results.length - 1].results[0].id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  developer = await newAccount("Ines Inspector");
  versionId = await linkVersion(
    developer.user._id,
    `${inject("fixtureURL")}/inspector-game.html`,
  );
});
afterAll(() => browser?.close());

const item = (page: Page, id: string): Locator =>
  page.locator(`[data-check="${id}"]`);

async function expectStatus(page: Page, id: string, status: string) {
  await expect
    .poll(() => item(page, id).getAttribute("data-status"), { timeout: 15_000 })
    .toBe(status);
}

async function openInspector(viewport = DESKTOP) {
  const opened = await pageFor(browser, developer, viewport);
  await opened.page.goto(`/developer/versions/${versionId}/play`);
  return opened;
}

describe("the SDK inspector", () => {
  it("turns the checklist green as the game does its part, red on its error, and judges both sizes", async () => {
    const { page, context, errors } = await openInspector();
    const game = page.frameLocator("iframe.game-frame");
    await expectStatus(page, "loading", "passed");
    await expectStatus(page, "gameplay-start", "passed");
    await expectStatus(page, "errors", "passed");
    expect(await item(page, "gameplay-stop").getAttribute("data-status")).toBe(
      "waiting",
    );
    await game.getByRole("button", { name: "Stop" }).click();
    await expectStatus(page, "gameplay-stop", "passed");

    await page.getByRole("button", { name: "Phone size" }).click();
    await expectStatus(page, "fits-phone", "passed");
    await page.getByRole("button", { name: "Desktop size" }).click();
    await expectStatus(page, "fits-desktop", "passed");

    // Back to the whole place: a frame shrunk to fit by a transform is no place to click at.
    await page.getByRole("button", { name: "Fill" }).click();
    await game.getByRole("button", { name: "Throw" }).click();
    await expectStatus(page, "errors", "failed");
    await expect
      .poll(() => item(page, "errors").textContent())
      .toContain("1 error thrown");

    // The log saw each of it, both ways, with the data the game wrote and its error.
    const log = page.getByRole("log");
    for (const type of [
      "hello",
      "welcome",
      "loading",
      "ready",
      "start",
      "gameplay_start",
      "gameplay_stop",
      "final_score",
      "storage_set",
      "layout",
      "game_error",
    ])
      expect(
        await log.locator(`[data-type="${type}"]`).count(),
      ).toBeGreaterThan(0);
    expect(
      await log.locator('[data-type="game_error"]').textContent(),
    ).toContain(FIXTURE_ERROR);
    expect(
      await log.locator('[data-type="storage_set"]').textContent(),
    ).toContain("5 ch");

    // A page taller than its frame fails the size it is checked at.
    await game.getByRole("button", { name: "Grow" }).click();
    await page.getByRole("button", { name: "Phone size" }).click();
    await expectStatus(page, "fits-phone", "failed");

    // The game's own error is the only one, and it was the game's.
    expect(errors.filter((line) => !line.includes(FIXTURE_ERROR))).toEqual([]);
    await context.close();
  });

  it("shows a phone the checklist or the messages under the game", async () => {
    const { page, context, errors } = await openInspector(PHONE);
    await expectStatus(page, "loading", "passed");
    await expect.poll(() => page.getByRole("log").isVisible()).toBe(false);
    await page.getByRole("button", { name: /^Messages/ }).click();
    await expect.poll(() => page.getByRole("log").isVisible()).toBe(true);
    expect(await item(page, "loading").isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is not found for another player", async () => {
    const other = await newAccount("Otto Other");
    const { page, context } = await pageFor(browser, other, DESKTOP);
    const response = await page.goto(`/developer/versions/${versionId}/play`);
    expect(response?.status()).toBe(404);
    await context.close();
  });
});
