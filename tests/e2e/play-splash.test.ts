import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SLOW_GAME } from "../../app/lib/play";
import {
  PHONE,
  browserAndGames,
  nextFrames,
  openPage,
  playPhase,
  waitForPlaying,
} from "./browser";

// The play screen around a game that never gets going, and the frame's size while one plays (issue #30).
const shared = browserAndGames();
/** What axe finds serious or critical on the page as it is (the game's frame left out, as in accessibility.test.ts). */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const { violations } = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      iframes: false,
      resultTypes: ["violations"],
    }),
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}`);
}

const gameId = (slug: string) =>
  shared.games.find((game) => game.slug === slug)!._id;

describe("the play splash", () => {
  it("offers Exit from its first moment, which leaves for the game's page", async () => {
    const { context, page, errors } = await openPage(shared.browser, PHONE);
    const id = gameId("never-ready-test");
    await page.goto(`/play/${id}`);
    const splash = page.getByTestId("play-splash");
    const exit = splash.getByRole("button", { name: "Exit" });
    await exit.waitFor();
    // Still the splash's 2 s: no game has had time to be ready.
    expect(await playPhase(page)).toBe("splash");
    expect(await seriousFindings(page)).toEqual([]);
    await exit.tap();
    await page.waitForURL(new RegExp(`/detail/${id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says a game that is not ready after 20 s is taking too long, and offers Retry, which loads the game again, and Exit", async () => {
    const { context, page, errors } = await openPage(shared.browser, PHONE);
    const id = gameId("never-ready-test");
    await page.goto(`/play/${id}`);
    await page.locator("iframe.game-frame").waitFor({ state: "attached" });
    await page.evaluate(() =>
      document
        .querySelector("iframe.game-frame")!
        .setAttribute("data-first", ""),
    );
    const slow = page.getByTestId("splash-slow");
    await slow.waitFor({ timeout: 30_000 });
    expect(await slow.getByRole("heading").innerText()).toBe(SLOW_GAME.heading);
    expect(await seriousFindings(page)).toEqual([]);
    // Retry takes the keyboard's focus, so Enter tries again.
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
    ).toBe("Retry");
    await page.keyboard.press("Enter");
    await slow.waitFor({ state: "detached" });
    // A new frame, loading the game's own page again; the play screen itself was not reloaded.
    const frame = page.locator("iframe.game-frame");
    expect(await frame.getAttribute("data-first")).toBeNull();
    await expect
      .poll(() =>
        page.frames().some((f) => f.url().endsWith("/never-ready.html")),
      )
      .toBe(true);
    expect(await playPhase(page)).toBe("splash");
    await page
      .getByTestId("play-splash")
      .getByRole("button", { name: "Exit" })
      .tap();
    await page.waitForURL(new RegExp(`/detail/${id}$`));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("an external game's data", () => {
  it("is in the frame's name before the game's first line runs", async () => {
    const { context, page, errors } = await openPage(shared.browser, PHONE);
    // A visitor's data for the game, kept by this browser (lib/game-bridge.ts gameStorageKey).
    await context.addInitScript(() => {
      if (window === window.top)
        localStorage.setItem(
          "pf_game:never-ready-test",
          JSON.stringify({ gold: "310" }),
        );
    });
    await page.goto(`/play/${gameId("never-ready-test")}`);
    const nameAtStart = () =>
      page
        .frames()
        .find((frame) => frame.url().endsWith("/never-ready.html"))
        ?.evaluate(() => (window as { nameAtStart?: string }).nameAtStart)
        .catch(() => undefined);
    await expect
      .poll(nameAtStart, { timeout: 15_000 })
      .toBe('playfeed-data:[["gold","310"]]');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("an untimed external game", () => {
  it("keeps its frame one size when the Exit button appears, and its clock counts up", async () => {
    const { context, page, errors } = await openPage(shared.browser, PHONE);
    await page.goto(`/play/${gameId("external-test")}`);
    await waitForPlaying(page, 20_000);
    const clock = page.getByTestId("play-clock");
    expect(await clock.getAttribute("aria-label")).toBe("Time played");
    const size = () =>
      page.evaluate(() => {
        const { width, height, top } = document
          .querySelector("iframe.game-frame")!
          .getBoundingClientRect();
        return { width, height, top };
      });
    const before = await size();
    expect(await page.locator(".player__exit").count()).toBe(0);
    await page
      .getByRole("button", { name: "Exit game" })
      .waitFor({ timeout: 20_000 });
    await nextFrames(page);
    expect(await size()).toEqual(before);
    expect(await clock.innerText()).toMatch(/^0:1\d$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
