import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  apiRound,
  baseURL,
  launchBrowser,
  newAccount,
  openPage,
  postFromGame,
  waitForPlaying,
} from "./browser";

let browser: Browser;
let games: Game[];
const bySlug = (slug: string) => games.find((game) => game.slug === slug)!;

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

describe("runs replayed", () => {
  it("plays a run back from the leaderboard, at 4×, and ends it at the score the server stored", async () => {
    // Dash Runner: the browser tests that expect an empty board look at other games.
    const runner = bySlug("dash-runner");
    const wren = await newAccount(`Wren Replay ${Date.now() % 100_000}`);
    const { score } = await apiRound(wren, runner, 4);

    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`/detail/${runner._id}`);
    await page
      .getByRole("link", { name: `Watch ${wren.user.name}'s run` })
      .first()
      .click();
    // A run's address is its random public id, never the sequential session id.
    await page.waitForURL(/\/watch\/[A-Za-z0-9_-]{16,32}$/);
    await page.getByRole("button", { name: "4×" }).click();
    expect(
      await page
        .getByRole("button", { name: "4×" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    const ended = page.getByTestId("watch-ended");
    await ended.waitFor({ state: "visible", timeout: 30_000 });
    expect(await ended.getByRole("heading").innerText()).toBe("End of the run");
    expect(await page.getByTestId("watch-score").innerText()).toBe(
      String(score),
    );
    expect(await ended.innerText()).toContain(String(score));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives the game the keyboard on desktop when the round starts: Space scores without pressing Tab first", async () => {
    const tower = bySlug("tower-stack");
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`/play/${tower._id}`);
    await waitForPlaying(page, 15_000);
    // The first block moves over the tower: dropped within a second of the start it always lands on it.
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.getByTestId("live-score").innerText())
      .not.toBe("0");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("plays the next round after Play again: the game is not left paused from the round before", async () => {
    const tower = bySlug("tower-stack");
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`/play/${tower._id}`);
    await waitForPlaying(page, 15_000);
    const frame = await (
      await page.locator("iframe.game-frame").elementHandle()
    )?.contentFrame();
    if (!frame) throw new Error("The play page has no game frame");
    const startedAt = () =>
      frame.evaluate(
        () =>
          (window as { __playfeedStart?: { at: number } }).__playfeedStart
            ?.at ?? 0,
      );
    const firstStart = await startedAt();
    // The round ends from the game's side; the page pauses the game behind its overlay.
    await postFromGame(page, { type: "final_score", value: 0 });
    await page.getByRole("button", { name: "Play again" }).click();
    await waitForPlaying(page);
    // The next round begins once the server has dealt its seed (a visitor's too, ADR 030).
    await expect.poll(startedAt).not.toBe(firstStart);
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.getByTestId("live-score").innerText())
      .not.toBe("0");
    expect(errors).toEqual([]);
    await context.close();
  });
});
