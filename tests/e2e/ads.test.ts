import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import { PHONE, launchBrowser, openPage, playPhase } from "./browser";
import { AD_RECORDER, type AdCall } from "./fixtures/ad-recorder";
import {
  AD_CLIENT as CLIENT,
  AD_SCRIPT as SCRIPT,
  startAdServer,
} from "./ad-server";

/**
 * Issue #19: with AD_CLIENT_ID set, ad slots and ad breaks use Google's network. This file runs a server of its own
 * with the id set (the other browser tests expect house ads and no ad host in the page policy), and serves a recorder
 * in place of Google's script (tests/e2e/fixtures/ad-recorder.ts), so the test sees every call the pages make.
 */

let server: Awaited<ReturnType<typeof startAdServer>> | undefined;
let adsURL: string;
let browser: Browser;
let poki: Game;

beforeAll(async () => {
  // A game written for Poki's SDK, whose breaks and rewarded ad reach the platform through our SDK.
  server = await startAdServer("ads", [
    {
      slug: "poki-test",
      name: "Poki Test Game",
      link: `${inject("fixtureURL")}/poki-game.html`,
    },
  ]);
  adsURL = server.url;
  poki = server.games.find((game) => game.slug === "poki-test")!;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

/** Google's script answered by the recorder, and every command the platform sends a game frame noted in that frame. */
async function withRecorder(context: BrowserContext) {
  await context.route(`${SCRIPT}?**`, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      // The page loads it with crossorigin="anonymous".
      headers: { "Access-Control-Allow-Origin": "*" },
      body: AD_RECORDER,
    }),
  );
  await context.addInitScript(() => {
    if (window === window.top) return;
    const commands: string[] = [];
    Object.assign(window, { __platformCommands: commands });
    window.addEventListener("message", (event: MessageEvent) => {
      const data = event.data as { source?: string; type?: string };
      if (data?.source === "playfeed-platform") commands.push(data.type ?? "");
    });
  });
}

const adLog = (page: Page) =>
  page.evaluate(() => window.__adRecorder?.log ?? ([] as AdCall[]));
const adShowing = (page: Page) =>
  page.evaluate(() => window.__adRecorder?.showing() ?? null);
const finishAd = (page: Page, outcome: "viewed" | "dismissed") =>
  page.evaluate((result) => window.__adRecorder.finish(result), outcome);
const breaks = async (page: Page) =>
  (await adLog(page)).filter((entry) => entry.call !== "slot");

async function platformCommands(page: Page): Promise<string[]> {
  const frame = page.frames().find((each) => each.url().includes("poki-game"));
  if (!frame) throw new Error("No game frame");
  return frame.evaluate(
    () =>
      (window as unknown as { __platformCommands: string[] })
        .__platformCommands,
  );
}

describe("with AD_CLIENT_ID", () => {
  it("names Google as the seller in ads.txt", async () => {
    expect(await (await fetch(`${adsURL}/ads.txt`)).text()).toBe(
      "google.com, pub-1234567890, DIRECT, f08c47fec0942fa0\n",
    );
  });

  it("loads Google's script once, with the page's nonce, and pushes each ad slot", async () => {
    const { context, page, errors } = await openPage(browser, PHONE, {
      baseURL: adsURL,
    });
    await withRecorder(context);
    await page.goto("/");
    const slots = page.locator("ins.adsbygoogle");
    await expect.poll(() => slots.count()).toBeGreaterThan(1);
    const count = await slots.count();
    await expect
      .poll(async () =>
        (await adLog(page)).filter((entry) => entry.call === "slot"),
      )
      .toEqual(
        Array.from({ length: count }, () => ({ call: "slot", client: CLIENT })),
      );
    expect(
      await page
        .locator('ins.adsbygoogle:not([data-adsbygoogle-status="done"])')
        .count(),
    ).toBe(0);
    // Every slot stays the network's: none fell back to a house ad.
    expect(await page.locator('.ad-slot[data-filled="network"]').count()).toBe(
      count,
    );
    expect(await page.locator(".house-ad").count()).toBe(0);

    const scripts = await page.evaluate((src) => {
      const pageNonce =
        document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      return [...document.querySelectorAll<HTMLScriptElement>("script[src]")]
        .filter((script) => script.src.startsWith(src))
        .map((script) => ({
          src: script.src,
          nonced: !!script.nonce && script.nonce === pageNonce,
          crossOrigin: script.crossOrigin,
        }));
    }, SCRIPT);
    expect(scripts).toEqual([
      {
        src: `${SCRIPT}?client=${CLIENT}`,
        nonced: true,
        crossOrigin: "anonymous",
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("breaks between rounds, pauses and mutes the game for an ad, and grants a reward only for an ad viewed", async () => {
    const { context, page, errors } = await openPage(browser, PHONE, {
      baseURL: adsURL,
    });
    await withRecorder(context);
    await page.goto(`/play/${poki._id}`);
    await expect
      .poll(() => playPhase(page), { timeout: 15_000 })
      .toBe("playing");
    const frame = page.frameLocator("iframe.game-frame");
    const status = () => frame.locator("#status").innerText();
    const gameplay = () =>
      page.locator(".player").getAttribute("data-gameplay");

    // The first round of the visit starts without an ad; the placement API is configured once.
    await expect
      .poll(() => breaks(page))
      .toEqual([{ call: "adConfig", preloadAdBreaks: "on", sound: "on" }]);

    // The game's Play button asks for a commercial break (Poki's commercialBreak): before any gameplay, "start".
    await frame.locator("#play").click();
    await expect.poll(() => adShowing(page)).toBe("start");
    // Poki's onStart ran as the ad began; the game waits until the break is over.
    expect(await status()).toBe("Ad");
    await finishAd(page, "viewed");
    await expect.poll(gameplay).toBe("on");
    for (let tap = 0; tap < 3; tap++) await frame.locator("#tap").click();
    await expect.poll(gameplay).toBe("off");

    // A rewarded break (Poki's rewardedBreak): no reward while the ad is on screen, the reward once it was viewed.
    await frame.locator("#continue").click();
    await expect.poll(() => adShowing(page)).toBe("reward");
    expect(await status()).toBe("Game over: 3");
    await finishAd(page, "viewed");
    await expect.poll(status).toBe("Reward");
    expect(await platformCommands(page)).toEqual([
      "welcome",
      "start",
      // The start break: muted, and paused with the play clock, while the ad is on screen.
      "ad_break_start",
      "mute",
      "pause",
      "unmute",
      "resume",
      "ad_break_done",
      // The rewarded break.
      "ad_break_start",
      "mute",
      "pause",
      "unmute",
      "resume",
      "ad_break_done",
    ]);

    // The round ends; Play again shows an interstitial before the next round, which starts only after it.
    await frame.locator("#finish").click();
    await page.getByRole("dialog", { name: "Round over" }).waitFor();
    await page.getByRole("button", { name: "Play again" }).click();
    await expect.poll(() => adShowing(page)).toBe("next");
    expect(await playPhase(page)).toBe("over");
    await finishAd(page, "viewed");
    await expect.poll(() => playPhase(page)).toBe("playing");
    expect((await platformCommands(page)).slice(14)).toEqual([
      // The round's end pauses the game; the ad between rounds only mutes it.
      "pause",
      "mute",
      "unmute",
      "start",
    ]);

    // Second round: the game's break is now a "next" one, and a rewarded ad closed early gives no reward.
    await frame.locator("#play").click();
    await expect.poll(() => adShowing(page)).toBe("next");
    await finishAd(page, "viewed");
    await expect.poll(gameplay).toBe("on");
    for (let tap = 0; tap < 3; tap++) await frame.locator("#tap").click();
    await frame.locator("#continue").click();
    await expect.poll(() => adShowing(page)).toBe("reward");
    await finishAd(page, "dismissed");
    await expect.poll(status).toBe("No reward");

    expect(await breaks(page)).toEqual([
      { call: "adConfig", preloadAdBreaks: "on", sound: "on" },
      { call: "adBreak", type: "start", name: "game-break" },
      { call: "ad shown", type: "start" },
      { call: "ad over", type: "start", outcome: "viewed" },
      { call: "adBreak", type: "reward", name: "game-reward" },
      { call: "ad shown", type: "reward" },
      { call: "ad over", type: "reward", outcome: "viewed" },
      { call: "adBreak", type: "next", name: "play-again" },
      { call: "ad shown", type: "next" },
      { call: "ad over", type: "next", outcome: "viewed" },
      { call: "adBreak", type: "next", name: "game-break" },
      { call: "ad shown", type: "next" },
      { call: "ad over", type: "next", outcome: "viewed" },
      { call: "adBreak", type: "reward", name: "game-reward" },
      { call: "ad shown", type: "reward" },
      { call: "ad over", type: "reward", outcome: "dismissed" },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
