import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  nextFrames,
  openPage,
  waitForPlaying,
} from "./browser";

interface Recorded {
  origin: string;
  data: { source?: string; type?: string; value?: number };
}

declare global {
  interface Window {
    __recorded: Recorded[];
    /** The games' record-mode hooks (games/shared/runtime.ts). */
    __playfeed?: {
      start(seed: number): void;
      step(frames: number): void;
      rngTrace(): number[];
    };
  }
}

let browser: Browser;
let games: Game[];

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/** Records, in the platform page, every message any frame posts to it (the bridge filters its own copy). */
async function recordMessages(page: Page) {
  await page.addInitScript(() => {
    window.__recorded = [];
    window.addEventListener("message", (event) =>
      window.__recorded.push({
        origin: event.origin,
        data: event.data as Recorded["data"],
      }),
    );
  });
}

/** Our own games run sandboxed, so their messages come from an opaque origin. */
const OWN_GAME_ORIGIN = "null";

/** Messages of one type from the game, i.e. from the game's origin (one of our own games unless given). */
const fromGame = (page: Page, type: string, origin = OWN_GAME_ORIGIN) =>
  page.evaluate(
    ({ wanted, from }) =>
      window.__recorded.filter(
        (m) =>
          m.origin === from &&
          m.data?.source === "playfeed-game" &&
          m.data.type === wanted,
      ),
    { wanted: type, from: origin },
  );

async function sendToGame(page: Page, command: Record<string, unknown>) {
  await page.evaluate((message) => {
    const frame =
      document.querySelector<HTMLIFrameElement>("iframe.game-frame")!;
    // An opaque origin cannot be named as a target.
    frame.contentWindow!.postMessage(
      { source: "playfeed-platform", ...message },
      "*",
    );
  }, command);
}

/** Runs `task` over `items`, at most `width` at once; the first failure fails the whole. */
async function inTurns<T>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** Taps, clicks and keys every game understands one way or another. */
async function playALittle(page: Page) {
  const box = (await page.locator("iframe.game-frame").boundingBox())!;
  const frame = (await (
    await page.locator("iframe.game-frame").elementHandle()
  )?.contentFrame())!;
  const keys = [
    "Space",
    "ArrowLeft",
    "ArrowUp",
    "ArrowRight",
    "ArrowDown",
    "Enter",
    "Digit1",
    "Digit5",
  ];
  for (let i = 0; i < 8; i++) {
    await page.mouse.click(
      box.x + box.width * (0.3 + (i % 3) * 0.2),
      box.y + box.height * (0.35 + (i % 4) * 0.15),
    );
    await page.keyboard.press(keys[i]);
    // The game takes input on its own loop: let it run a step before the next input.
    await nextFrames(frame);
  }
}

describe("every game in the platform frame", () => {
  it("is a catalogue of 12 or more games, all playable", () => {
    expect(
      games.filter((game) => game.type !== 2).length,
    ).toBeGreaterThanOrEqual(12);
  });

  it("says ready, takes a seeded start, reports live scores and a final score", async () => {
    const ownGames = games.filter((game) => game.type !== 2);
    // Each game in a context of its own; three at a time, since most of a game's turn is its splash and its round.
    await inTurns(ownGames, 3, async (game, index) => {
      const { context, page, errors } = await openPage(
        browser,
        index % 2 ? DESKTOP : PHONE,
      );
      await recordMessages(page);
      await page.goto(`/play/${game._id}?seed=42`);
      await expect
        .poll(() => fromGame(page, "ready"), {
          message: `${game.slug} ready`,
          timeout: 15_000,
        })
        .toHaveLength(1);
      // The page starts its round once the splash is over; this start ends the round by itself after 3 s.
      await waitForPlaying(page, 15_000);
      await sendToGame(page, { type: "start", seed: 42, duration: 3 });
      await playALittle(page);
      await expect
        .poll(() => fromGame(page, "game_score"), {
          message: `${game.slug} game_score`,
        })
        .not.toHaveLength(0);
      await expect
        .poll(() => fromGame(page, "final_score"), {
          message: `${game.slug} final_score`,
          timeout: 15_000,
        })
        .not.toHaveLength(0);
      const [final] = (await fromGame(page, "final_score")).slice(-1);
      expect(final.origin).toBe(OWN_GAME_ORIGIN);
      await expect
        .poll(() => page.getByTestId("final-score").innerText(), {
          message: game.slug,
        })
        .toBe(String(final.data.value));
      expect(errors, game.slug).toEqual([]);
      await context.close();
    });
  }, 150_000); // twelve games, each behind its 2 s splash

  it("plays an external game (type 2) from its own origin", async () => {
    const external = games.find((game) => game.slug === "external-test")!;
    expect(external.external_link).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/external-game\.html$/,
    );
    const { context, page, errors } = await openPage(browser, PHONE);
    await recordMessages(page);
    await page.goto(`/play/${external._id}`);
    await expect
      .poll(() => fromGame(page, "ready", inject("fixtureURL")), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    await waitForPlaying(page, 15_000);
    const frame = page.frameLocator("iframe.game-frame");
    for (let i = 0; i < 3; i++) await frame.locator("#tap").click();
    await expect
      .poll(() => page.getByTestId("live-score").innerText())
      .toBe("3");
    expect(await fromGame(page, "ready")).toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("messages from another origin", () => {
  it("are ignored by the platform and by the game", async () => {
    // A game that waits for the player, so nothing ends the round but a forged message.
    const patient = games.find((game) => game.slug === "merge-tiles")!;
    const { context, page } = await openPage(browser, PHONE);
    await recordMessages(page);
    await page.goto(`/play/${patient._id}?seed=5`);
    await expect
      .poll(() => fromGame(page, "gameplay_start"), { timeout: 15_000 })
      .toHaveLength(1);

    // A frame from another origin impersonates the game towards the page and the page towards the game.
    await page.evaluate(
      (src) => {
        const hostile = document.createElement("iframe");
        hostile.src = src;
        hostile.style.display = "none";
        document.body.appendChild(hostile);
      },
      `${inject("fixtureURL")}/hostile.html`,
    );
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            window.__recorded.filter((m) => m.data?.value === 999999).length,
        ),
      )
      .toBe(1);
    // The hostile frame's last message to the game is the pause; once the game has it, the game marks the end of its
    // own messages: whatever it answered to the forged start (nothing, if it is right) arrives before the marker.
    const game = page
      .frames()
      .find(
        (frame) =>
          frame.parentFrame() === page.mainFrame() &&
          frame.url().includes("/games/"),
      )!;
    await expect
      .poll(() =>
        game.evaluate(() =>
          window.__recorded.some(
            (m) =>
              m.data?.source === "playfeed-platform" && m.data.type === "pause",
          ),
        ),
      )
      .toBe(true);
    await game.evaluate(() =>
      window.parent.postMessage({ source: "test-marker" }, "*"),
    );
    await expect
      .poll(() =>
        page.evaluate(() =>
          window.__recorded.some((m) => m.data?.source === "test-marker"),
        ),
      )
      .toBe(true);
    await nextFrames(page);

    // The platform believed none of it: no round-over card, no forged score.
    expect(await page.getByTestId("final-score").count()).toBe(0);
    expect(await page.getByTestId("live-score").innerText()).not.toContain(
      "888888",
    );
    // The game believed none of it: no second round started, so no round of 1 s ended either.
    expect(await fromGame(page, "gameplay_start")).toHaveLength(1);
    expect(await fromGame(page, "final_score")).toHaveLength(0);
    await context.close();
  });
});

describe("seeds", () => {
  it("give every game the same opening sequence for the same seed, and another for another seed", async () => {
    const page = await browser.newPage({
      viewport: { width: 360, height: 640 },
    });
    for (const game of games.filter((g) => g.type !== 2)) {
      const opening = async (seed: number) => {
        await page.goto(`${baseURL()}/games/${game.slug}/index.html?record=1`);
        return page.evaluate((value) => {
          window.__playfeed!.start(value);
          window.__playfeed!.step(90);
          return {
            trace: window.__playfeed!.rngTrace(),
            frame: document.querySelector("canvas")!.toDataURL(),
          };
        }, seed);
      };
      const first = await opening(1234);
      const again = await opening(1234);
      expect(
        first.trace.length,
        `${game.slug} draws from its seed`,
      ).toBeGreaterThan(0);
      expect(again, game.slug).toEqual(first);
      expect((await opening(99)).trace, game.slug).not.toEqual(first.trace);
    }
    await page.close();
  });
});

describe("promo videos", () => {
  it("every game's promo plays in Chromium, 6 to 10 s long, with its poster", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto("/about");
    for (const game of games.filter((g) => g.type !== 2)) {
      const result = await page.evaluate(
        async ({ video, poster }) => {
          const element = document.createElement("video");
          element.muted = true;
          element.src = `/media/${video}`;
          document.body.appendChild(element);
          await new Promise((resolve, reject) => {
            element.addEventListener("loadeddata", resolve, { once: true });
            element.addEventListener(
              "error",
              () => reject(new Error(`cannot play ${video}`)),
              { once: true },
            );
          });
          await element.play();
          while (element.currentTime === 0)
            await new Promise((resolve) =>
              element.addEventListener("timeupdate", resolve, { once: true }),
            );
          const posterResponse = await fetch(`/media/${poster}`);
          return {
            duration: element.duration,
            time: element.currentTime,
            width: element.videoWidth,
            height: element.videoHeight,
            poster: posterResponse.status,
          };
        },
        { video: game.video!, poster: game.poster! },
      );
      expect(result.duration, game.slug).toBeGreaterThanOrEqual(6);
      expect(result.duration, game.slug).toBeLessThanOrEqual(10);
      expect(result.time, `${game.slug} advances`).toBeGreaterThan(0);
      expect(result.height, `${game.slug} is portrait`).toBeGreaterThan(
        result.width,
      );
      expect(result.poster, `${game.slug} poster`).toBe(200);
    }
    await context.close();
  });
});
