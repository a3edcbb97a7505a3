import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import { bin, quietEnv, root, run } from "../../scripts/lib.mjs";
import {
  DESKTOP,
  baseURL,
  launchBrowser,
  newAccount,
  pageFor,
  playPhase,
  unique,
  type Account,
} from "./browser";
import { addExternalGame } from "./global-setup";

/**
 * Issue #33: what a game does on the play screen reaches its developers' numbers the same day: the round, the ad
 * break it asked for and the error it threw (reported by our SDK, from inside the game's frame).
 */

let browser: Browser;
let game: Game;
let developer: Account;
const slug = `stats-sheep-${unique()}`;

beforeAll(async () => {
  addExternalGame(
    inject("persistTo"),
    slug,
    "Stats Sheep",
    `${inject("fixtureURL")}/external-game.html`,
  );
  developer = await newAccount("Dana Numbers");
  // A developer of the game's publisher, as accepting an invitation would make them.
  run(
    bin("wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      inject("persistTo"),
      "--command",
      `insert into publisher_members (publisher_id, user_id) select publisher_id, ${developer.user._id} from games where slug = '${slug}'`,
    ],
    { cwd: root, env: quietEnv },
  );
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Game[]>();
  game = games.find((each) => each.slug === slug)!;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The figure a summary tile of the stats page shows. */
const tile = (page: Page, label: string) =>
  page
    .locator(".game-stats__tile")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .innerText();

describe("a game's numbers", () => {
  it("count the round a player plays, the ad break the game asks for and the error it throws, the same day", async () => {
    const player = await newAccount("Pia Player");
    const { page, errors } = await pageFor(browser, player);
    await page.goto(`/play/${game._id}`);
    await expect
      .poll(() => playPhase(page), { timeout: 15_000 })
      .toBe("playing");
    const frame = await (
      await page.locator("iframe.game-frame").elementHandle()
    )?.contentFrame();
    // The game asks for a break as Poki's commercialBreak() does through our SDK, then throws an error it does not catch.
    await frame!.evaluate(() => {
      window.parent.postMessage(
        { source: "playfeed-game", type: "commercial_break" },
        "*",
      );
      setTimeout(() => {
        throw new Error("Sheep ran off");
      });
    });

    const dashboard = await pageFor(browser, developer, DESKTOP);
    const stats = `/developer/games/${game._id}/stats`;
    await expect
      .poll(
        async () => {
          await dashboard.page.goto(stats);
          return [
            await tile(dashboard.page, "Rounds started"),
            await tile(dashboard.page, "Ad breaks"),
            await tile(dashboard.page, "Errors"),
          ];
        },
        { timeout: 20_000 },
      )
      .toEqual(["1", "1", "1"]);
    const table = dashboard.page.getByRole("table", {
      name: "Errors the game reported, by day",
    });
    await expect
      .poll(() => table.locator("tfoot").innerText())
      .toMatch(/Last 30 days\s+1/);
    expect(dashboard.errors).toEqual([]);
    // The game's own error is the one this test threw.
    expect(errors.filter((line) => !line.includes("Sheep ran off"))).toEqual(
      [],
    );
  });

  it("are not shown to a player who is not one of its developers", async () => {
    const outsider = await newAccount("Otto Outside");
    const { page, errors } = await pageFor(browser, outsider);
    const response = await page.goto(`/developer/games/${game._id}/stats`);
    expect(response?.status()).toBe(403);
    await page
      .getByRole("heading", {
        name: "These numbers are for the game's developers",
      })
      .waitFor();
    // The page's own 403 is the one console line the browser writes for it.
    expect(errors.filter((line) => !line.includes("status of 403"))).toEqual(
      [],
    );
  });
});
