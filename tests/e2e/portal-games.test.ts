import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { GameData, GameDataAnswer } from "#contract/game-data";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  type Account,
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

/** The player's data for the game as the server keeps it. */
async function serverData(game: Game, account: Account): Promise<GameData> {
  const response = await fetch(`${baseURL()}/api/game/${game._id}/data`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json<GameDataAnswer>()).data;
}

/** Opens the CrazyGames test game, which greets the player by name and shows its best once it has loaded. */
async function expectGreeting(
  page: Page,
  game: Game,
  greeting: string,
  best: string,
) {
  await page.goto(`/play/${game._id}`);
  const frame = page.frameLocator("iframe.game-frame");
  await expect
    .poll(() => frame.locator("#user").innerText(), { timeout: 15_000 })
    .toBe(greeting);
  expect(await frame.locator("#best").innerText()).toBe(best);
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
  it("plays on Playfeed with the signed-in player, whose data the platform keeps for them on any device", async () => {
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
    // The game's data is the player's (ADR 031): on the server, and in this device's copy under the player's id.
    await expect
      .poll(() => serverData(game, account), { timeout: 10_000 })
      .toEqual([["best", "3"]]);
    expect(
      await page.evaluate(
        (key) =>
          JSON.parse(window.localStorage.getItem(key) ?? "null") as unknown,
        `pf_game:${account.user._id}:${game.slug}`,
      ),
    ).toMatchObject({ data: [["best", "3"]], changedAt: null });
    expect(
      await page.evaluate(() =>
        window.localStorage.getItem("pf_game:crazygames-test"),
      ),
    ).toBeNull();

    // Played again, the game knows the player and its best from the moment it has loaded.
    await expectGreeting(page, game, "Hi Crazy Player", "Best 3");
    const frame = page.frameLocator("iframe.game-frame");
    expect(await frame.locator("body").getAttribute("data-environment")).toBe(
      "crazygames",
    );
    expect(await frame.locator("body").getAttribute("data-adblock")).toBe(
      "false",
    );

    // The same player on another device: nothing of it in that browser, and the game still greets them with their best.
    const other = await pageFor(browser, account, DESKTOP);
    await expectGreeting(other.page, game, "Hi Crazy Player", "Best 3");
    expect(other.errors).toEqual([]);
    await other.context.close();

    // Another account signed in on the first device sees none of it.
    const next = await newAccount("Next Player");
    await context.addCookies([
      {
        name: "pf_session",
        value: next.token,
        url: baseURL(),
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    await context.addInitScript(
      (stored) =>
        window === window.top &&
        window.localStorage.setItem("userData", stored),
      JSON.stringify({ ...next.user, token: undefined }),
    );
    await expectGreeting(page, game, "Hi Next Player", "Best 0");
    expect(await serverData(game, next)).toEqual([]);
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
