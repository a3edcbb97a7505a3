import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EVENTS_PATH } from "../../app/lib/analytics";
import {
  DESKTOP,
  PHONE,
  browserAndGames,
  newAccount,
  openPage,
  pageFor,
  scriptsRequested,
} from "./browser";

const shared = browserAndGames();
const SHELL_PROFILE_PATH = "/api/user/me";

/**
 * Every request the page makes to the JSON API after its document, other than analytics (POST /api/events, which is
 * client-side by design) and the app shell's own profile read for a signed-in player (GET /api/user/me, in
 * AccountProvider on every page, not the detail page's). Issue #32: the leaderboard and house ad come with the loader.
 */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (
      pathname.startsWith("/api/") &&
      pathname !== EVENTS_PATH &&
      pathname !== SHELL_PROFILE_PATH
    )
      seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector(".detail") ?? {}).some((key) =>
      key.startsWith("__reactFiber"),
    ),
  );
}

describe("the detail page reads through its loader", () => {
  it("shows its leaderboard and ad with no request to /api after the document, for a visitor and a player", async () => {
    const { browser, games } = shared;
    const game = games.find((entry) => entry.slug === "sky-hopper")!;
    const player = await newAccount(`Dora Detail ${Date.now() % 100_000}`);
    for (const viewport of [PHONE, DESKTOP]) {
      for (const opened of [
        await openPage(browser, viewport),
        await pageFor(browser, player, viewport),
      ]) {
        const { context, page, errors } = opened;
        const requests = apiRequests(page);
        await page.goto(`/detail/${game._id}`, { waitUntil: "networkidle" });
        await hydrated(page);
        const board = page.getByTestId("leaderboard");
        expect(await board.getAttribute("aria-busy")).toBe("false");
        expect(await board.innerText()).not.toContain("Loading scores");
        expect(await page.locator(".detail__ad").count()).toBe(1);
        expect(requests).toEqual([]);

        // A tournament tab reads its board through the boards route's loader, not the JSON API.
        const boards = page.waitForRequest((request) =>
          new URL(request.url()).pathname.startsWith(`/boards/${game._id}`),
        );
        await board.getByRole("tab", { name: "Daily" }).click();
        await boards;
        await board.getByTestId("tournament-daily").waitFor();
        expect(requests).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it("loads the rate form's code only on a visit that shows it: the page under ?rate rates, and so does the popup", async () => {
    const { browser, games } = shared;
    const game = games.find((entry) => entry.slug === "tower-stack")!;
    const player = await newAccount(`Rory Rate ${Date.now() % 100_000}`);
    const { context, page, errors } = await pageFor(browser, player, PHONE);
    const scripts = scriptsRequested(page);
    const rateCode = () => scripts.filter((path) => /\/RatePopup-/.test(path));
    await page.goto(`/detail/${game._id}`, { waitUntil: "networkidle" });
    await hydrated(page);
    expect(rateCode()).toEqual([]);

    // The Rate button's address without JavaScript: the server draws the form, the browser then loads its code.
    await page.goto(`/detail/${game._id}?rate=1`);
    const form = page.locator(".card.rate-popup");
    await form.getByRole("heading", { name: "Rate This Game" }).waitFor();
    await expect.poll(() => rateCode().length).toBe(1);
    await form.locator("label.star-rating__star").nth(1).click();
    await form.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Rated 2" }).waitFor();

    // With script, the Rate button opens the popup.
    await page.goto(`/detail/${game._id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Rated 2" }).click();
    const popup = page.locator("dialog[open]");
    await popup.locator("label.star-rating__star").nth(4).click();
    await popup.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Rated 5" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws the board from the server and brings it to life only as it comes near the screen, where it does not move", async () => {
    const { browser, games } = shared;
    const game = games.find((entry) => entry.slug === "sky-hopper")!;
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await openPage(browser, viewport);
      await page.goto(`/detail/${game._id}`, { waitUntil: "networkidle" });
      await hydrated(page);
      // Not among the scripts asked for before the load event (once the page is idle, the route-code warm-up of
      // issue #31 may bring the same file for the pages it links to).
      const boardCodeBeforeLoad = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType(
          "navigation",
        ) as PerformanceNavigationTiming[];
        return performance
          .getEntriesByType("resource")
          .filter(
            (entry) =>
              /\/assets\/Leaderboard-[^/]*\.js$/.test(entry.name) &&
              entry.startTime <= navigation.loadEventStart,
          ).length;
      });
      expect(boardCodeBeforeLoad).toBe(0);
      const board = page.getByTestId("leaderboard");
      const live = () =>
        board.evaluate((node) =>
          Object.keys(node).some((key) => key.startsWith("__reactFiber")),
        );
      const size = () =>
        board.evaluate((node) => {
          const { width, height } = node.getBoundingClientRect();
          return { width, height };
        });
      // On a phone the board is far below the first screen (more than the 300 px its code loads ahead): the server's
      // board, styled, not yet run by React. On a desktop it is near enough to come to life at once.
      const far = await board.evaluate(
        (node) => node.getBoundingClientRect().top > window.innerHeight + 300,
      );
      expect(far).toBe(viewport === PHONE);
      const drawn = await size();
      expect(drawn.height).toBeGreaterThan(100);
      if (far) expect(await live()).toBe(false);

      await board.scrollIntoViewIfNeeded();
      await expect.poll(live).toBe(true);
      expect(await size()).toEqual(drawn);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
