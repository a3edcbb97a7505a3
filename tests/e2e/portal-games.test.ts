import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import {
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  openPage,
  pageFor,
  roundRequests,
} from "./browser";

/**
 * Issue #19: a game written for another portal runs on Playfeed by swapping one script tag. The two games in
 * tests/e2e/fixtures/portal-games.ts call only Poki's SDK v2 or CrazyGames' SDK v3 (plus the score, which no portal
 * has); played here, each reports its gameplay to the play screen and its round to the play session.
 */

declare global {
  interface Window {
    __noteGameMessage(type: string): void;
  }
}

let browser: Browser;
let games: Game[];
const bySlug = (slug: string) => games.find((game) => game.slug === slug)!;

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/** The type of every SDK message the platform page receives from a game of the fixture origin, in order. */
async function recordGameMessages(page: Page): Promise<string[]> {
  const types: string[] = [];
  await page.exposeFunction("__noteGameMessage", (type: string) =>
    types.push(type),
  );
  await page.addInitScript((gameOrigin) => {
    if (window !== window.top) return;
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; type?: string };
      if (event.origin === gameOrigin && data?.source === "playfeed-game")
        window.__noteGameMessage(data.type ?? "");
    });
  }, inject("fixtureURL"));
  return types;
}

const gameplay = (page: Page) =>
  page.locator(".player").getAttribute("data-gameplay");

/**
 * Plays one round of a portal game as a signed-in player: Play, three taps, the rewarded ad offered at game over
 * (without an ad network there is none, so no reward), Finish; the round goes to the play session and the result screen follows.
 */
async function playRound(page: Page, game: Game) {
  const submitted = roundRequests(page);
  await page.goto(`/play/${game._id}`);
  await page.waitForSelector('[data-phase="playing"]', { timeout: 15_000 });
  const frame = page.frameLocator("iframe.game-frame");
  await frame.locator("#play").click();
  await expect.poll(() => gameplay(page)).toBe("on");
  for (let tap = 0; tap < 3; tap++) await frame.locator("#tap").click();
  await expect.poll(() => page.getByTestId("live-score").innerText()).toBe("3");
  await expect.poll(() => gameplay(page)).toBe("off");
  await frame.locator("#continue").click();
  await expect
    .poll(() => frame.locator("#status").innerText())
    .toBe("No reward");
  await frame.locator("#finish").click();
  await page.waitForURL(/\/result\//, { timeout: 15_000 });
  expect(submitted).toHaveLength(1);
  expect(submitted[0]).toMatchObject({
    request: "POST /api/scores",
    body: { score: 3, game_id: game._id },
  });
  expect(submitted[0].body.stats_id).toEqual(expect.any(Number));
}

describe("a game written for Poki's SDK v2", () => {
  it("plays on Playfeed: gameplay reaches the play screen, breaks end at once without an ad network, the round its play session", async () => {
    const game = bySlug("poki-test");
    const account = await newAccount("Poki Player");
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    const messages = await recordGameMessages(page);
    await playRound(page, game);
    expect(messages).toEqual([
      "ready",
      "commercial_break",
      "gameplay_start",
      "game_score",
      "game_score",
      "game_score",
      "gameplay_stop",
      "rewarded_break",
      "final_score",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a game written for CrazyGames' SDK v3", () => {
  it("plays on Playfeed with the signed-in player and its data kept by the platform", async () => {
    const game = bySlug("crazygames-test");
    const account = await newAccount("Crazy Player");
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    const messages = await recordGameMessages(page);
    await playRound(page, game);
    expect(messages).toEqual([
      "loading",
      "ready",
      "commercial_break",
      "gameplay_start",
      "game_score",
      "game_score",
      "game_score",
      "gameplay_stop",
      "happy_time",
      "storage_set",
      "rewarded_break",
      "final_score",
    ]);
    // The game's data is the platform's, under the game's slug in the Playfeed page's storage.
    expect(
      await page.evaluate(() =>
        window.localStorage.getItem("pf_game:crazygames-test"),
      ),
    ).toBe(JSON.stringify({ best: "3" }));

    // Played again, the game knows the player and its best from the moment it has loaded.
    await page.goto(`/play/${game._id}`);
    const frame = page.frameLocator("iframe.game-frame");
    await expect
      .poll(() => frame.locator("#user").innerText(), { timeout: 15_000 })
      .toBe("Hi Crazy Player");
    expect(await frame.locator("#best").innerText()).toBe("Best 3");
    expect(await frame.locator("body").getAttribute("data-environment")).toBe(
      "crazygames",
    );
    expect(await frame.locator("body").getAttribute("data-adblock")).toBe(
      "false",
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("greets a visitor as a guest", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`/play/${bySlug("crazygames-test")._id}`);
    const frame = page.frameLocator("iframe.game-frame");
    await expect
      .poll(() => frame.locator("#user").innerText(), { timeout: 15_000 })
      .toBe("Hi guest");
    expect(errors).toEqual([]);
    await context.close();
  });
});
