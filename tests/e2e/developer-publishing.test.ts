import { strToU8, zipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bin, quietEnv, root, run } from "../../scripts/lib.mjs";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newAccount,
  openPage,
  pageFor,
  unique,
  type Account,
} from "./browser";
import { inspectorGame } from "./fixtures/inspector-game";
import { solidPng } from "./png";

/**
 * Issue #33 end to end, through the pages as people use them: a developer makes a publisher, uploads a .zip of a
 * small game, sees the inspector's checklist turn green and submits it; a moderator approves it; a visitor finds it
 * on the home page and plays it from the games origin; the developer sees that play on the dashboard the same day.
 */

let browser: Browser;
let developer: Account;
let moderator: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  [developer, moderator] = await Promise.all([
    newAccount("Devi Maker"),
    newAccount("Mona Review"),
  ]);
  // The first moderator is granted as `npm run moderator` does it: a role on the account, straight in the database.
  run(
    bin("wrangler"),
    [
      ...["d1", "execute", "DB", "--local"],
      ...["--persist-to", inject("persistTo")],
      ...[
        "--command",
        `update users set role = 'moderator' where id = ${moderator.user._id}`,
      ],
    ],
    { cwd: root, env: quietEnv, stdio: "ignore" },
  );
}, 60_000);

afterAll(() => browser?.close());

/** The game as a developer zips it: index.html at the archive's root, loading our SDK from its own origin. */
const gameZip = () =>
  Buffer.from(zipSync({ "index.html": strToU8(inspectorGame("")) }));

const file = (name: string, mimeType: string, buffer: Buffer) => ({
  name,
  mimeType,
  buffer,
});

const checkItem = (page: Page, id: string) =>
  page.locator(`[data-check="${id}"]`).getAttribute("data-status");

async function createPublisher(page: Page, name: string) {
  await page.goto("/developer");
  await page.locator('input[name="name"]').fill(name);
  await page.locator('textarea[name="about"]').fill("Small games for the bus.");
  await page
    .locator('input[name="icon"]')
    .setInputFiles(file("icon.png", "image/png", solidPng(256, [20, 90, 200])));
  await page.getByRole("button", { name: "Create publisher" }).click();
  await page.waitForURL(/\/developer\/publishers\/\d+$/);
}

async function submitGame(page: Page, name: string): Promise<number> {
  await page.getByRole("link", { name: "Submit a new game" }).click();
  await page.waitForURL(/\/new-game$/);
  await page.locator("#kind-upload").check();
  await page
    .locator('input[name="bundle"]')
    .setInputFiles(file("lantern.zip", "application/zip", gameZip()));
  await page.locator('input[name="name"]').fill(name);
  await page
    .locator('textarea[name="description"]')
    .fill("Hop from lantern to lantern.");
  await page.locator('textarea[name="howToPlay"]').fill("Tap to hop.");
  await page.locator('select[name="categoryId"]').selectOption({ index: 1 });
  await page
    .locator('input[name="icon"]')
    .setInputFiles(
      file("icon.png", "image/png", solidPng(256, [240, 180, 20])),
    );
  await page.locator('button[type="submit"]').last().click();
  await page.waitForURL(/\/developer\/games\/\d+$/, { timeout: 30_000 });
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function inspect(page: Page) {
  await page.getByRole("link", { name: "Test in the inspector" }).click();
  await page.waitForURL(/\/developer\/versions\/\d+\/play$/);
  for (const id of ["loading", "gameplay-start", "errors"])
    await expect
      .poll(() => checkItem(page, id), { timeout: 20_000 })
      .toBe("passed");
  // The fixture stops its gameplay on its Stop button.
  await page
    .frameLocator("iframe.game-frame")
    .getByRole("button", { name: "Stop" })
    .click();
  await expect.poll(() => checkItem(page, "gameplay-stop")).toBe("passed");
  for (const [button, id] of [
    ["Phone size", "fits-phone"],
    ["Desktop size", "fits-desktop"],
  ]) {
    await page.getByRole("button", { name: button }).click();
    await expect
      .poll(() => checkItem(page, id), { timeout: 15_000 })
      .toBe("passed");
  }
  const statuses = await page
    .locator("[data-check]")
    .evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-status")),
    );
  expect(statuses).toEqual(statuses.map(() => "passed"));
}

describe("a developer's own game, from upload to a visitor's play", () => {
  it("is uploaded, inspected, approved, found on home, played, and counted the same day", async () => {
    const name = `Lantern Hop ${unique()}`;
    const dev = await pageFor(browser, developer, DESKTOP);
    await createPublisher(dev.page, `Lantern Works ${unique()}`);
    const gameId = await submitGame(dev.page, name);
    await inspect(dev.page);
    await dev.page.goto(`/developer/games/${gameId}`);
    await dev.page.getByRole("button", { name: "Submit for review" }).click();
    await expect
      .poll(() => dev.page.getByText("Waiting for review").count())
      .toBeGreaterThan(0);

    const mod = await pageFor(browser, moderator, DESKTOP);
    await mod.page.goto("/moderation");
    await mod.page.getByRole("link", { name: new RegExp(name) }).click();
    await mod.page.waitForURL(/\/moderation\/versions\/\d+$/);
    await mod.page.getByRole("button", { name: "Approve and publish" }).click();
    await mod.page.waitForURL(/\/moderation(\?|$)/);
    await expect
      .poll(() =>
        mod.page.getByText(`${name} is approved and published`).count(),
      )
      .toBe(1);

    // A visitor on a phone finds it on the home page, under its category, and plays it from the games origin.
    const visitor = await openPage(browser, PHONE);
    await visitor.page.goto("/home");
    await visitor.page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await visitor.page.waitForURL(new RegExp(`/(detail|play)/${gameId}`));
    if (!visitor.page.url().includes("/play/"))
      await visitor.page.goto(`/play/${gameId}`);
    const frame = visitor.page.locator("iframe.game-frame");
    await expect
      .poll(() => frame.getAttribute("src"))
      .toMatch(new RegExp(`^${inject("gamesURL")}/v/`));
    await expect
      .poll(
        () =>
          visitor.page
            .frameLocator("iframe.game-frame")
            .locator("#state")
            .innerText(),
        { timeout: 20_000 },
      )
      .toBe("Playing");

    // The developer's dashboard counts that play today.
    await expect
      .poll(
        async () => {
          await dev.page.goto(`/developer/games/${gameId}/stats`);
          return dev.page
            .locator(".game-stats__tile")
            .filter({
              has: dev.page.getByText("Rounds started", { exact: true }),
            })
            .locator("dd")
            .innerText();
        },
        { timeout: 20_000 },
      )
      .toBe("1");

    expect(dev.errors).toEqual([]);
    expect(mod.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await Promise.all(
      [dev, mod, visitor].map(({ context }) => context.close()),
    );
  }, 180_000);
});
