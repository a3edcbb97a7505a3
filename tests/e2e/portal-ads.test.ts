import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  openPage,
  waitForPlaying,
} from "./browser";
import { AD_RECORDER } from "./fixtures/ad-recorder";
import { AD_SCRIPT as SCRIPT, startAdServer } from "./ad-server";

/**
 * Issue #30: a CrazyGames game's rewarded ad (tests/e2e/fixtures/portal-games/crazygames-v3-rewarded.ts, after
 * DodecaDragons) on a server with an ad network, whose script a recorder answers (as in tests/e2e/ads.test.ts): the
 * reward comes in `adFinished` only for an ad watched to its end, and an ad closed early is the game's `adError`.
 */

const SLUG = "cg-v3-rewarded";

let server: Awaited<ReturnType<typeof startAdServer>> | undefined;
let adsURL: string;
let browser: Browser;
let game: Game;

beforeAll(async () => {
  server = await startAdServer("portal-ads", [
    {
      slug: SLUG,
      name: "Coins",
      link: `${inject("portalURL")}/portal/${SLUG}.html`,
    },
  ]);
  adsURL = server.url;
  game = server.games.find((each) => each.slug === SLUG)!;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

async function withRecorder(context: BrowserContext) {
  await context.route(`${SCRIPT}?**`, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      headers: { "Access-Control-Allow-Origin": "*" },
      body: AD_RECORDER,
    }),
  );
}

const adShowing = (page: Page) =>
  page.evaluate(() => window.__adRecorder?.showing() ?? null);
const finishAd = (page: Page, outcome: "viewed" | "dismissed") =>
  page.evaluate((result) => window.__adRecorder.finish(result), outcome);

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const)
  it(`on a ${device}: a watched rewarded ad is the game's adFinished and its reward, one closed early its adError`, async () => {
    const { context, page, errors } = await openPage(browser, viewport, {
      baseURL: adsURL,
    });
    await withRecorder(context);
    await page.goto(`/play/${game._id}`);
    await waitForPlaying(page);
    const frame = page.frameLocator("iframe.game-frame");
    const status = () => frame.locator("#status").innerText();
    const watch = frame.locator("#watch");
    await expect.poll(status).toBe("Ready");

    await (viewport === PHONE ? watch.tap() : watch.click());
    await expect.poll(() => adShowing(page)).toBe("reward");
    await expect.poll(status).toBe("Ad on screen");
    expect(await frame.locator("#coins").innerText()).toBe("0");
    await finishAd(page, "viewed");
    await expect.poll(status).toBe("Rewarded");
    expect(await frame.locator("#coins").innerText()).toBe("100");

    await (viewport === PHONE ? watch.tap() : watch.click());
    await expect.poll(() => adShowing(page)).toBe("reward");
    await finishAd(page, "dismissed");
    await expect.poll(status).toBe("No ad: other");
    expect(await frame.locator("#coins").innerText()).toBe("100");
    expect(errors).toEqual([]);
    await context.close();
  });
