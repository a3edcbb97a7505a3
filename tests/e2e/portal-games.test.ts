import type { Browser, FrameLocator, Locator, Page } from "playwright-core";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
} from "vitest";
import type { GameData, GameDataAnswer } from "#contract/game-data";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  type Account,
  baseURL,
  launchBrowser,
  newAccount,
  nextFrames,
  openPage,
  pageFor,
  roundRequests,
  waitForPlaying,
} from "./browser";
import { HOLD_GREETING_HEADER } from "./fixtures/portal-games/index";

/**
 * Issue #19: a game written for another portal runs on Playfeed by swapping one script tag. The two games in
 * tests/e2e/fixtures/portal-games/first-ports.ts call only Poki's SDK v2 or CrazyGames' SDK v3 (plus the score, which no portal
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
  // Layout reports (ADR 040) come whenever the page is laid out, so they are no part of a game's own sequence.
  await page.exposeFunction(
    "__noteGameMessage",
    (type: string) => type !== "layout" && types.push(type),
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
  await waitForPlaying(page, 15_000);
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
      "hello",
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
      "hello",
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
    // The device's copy is marked saved once the page has the server's answer, a moment after the server has the data.
    await expect
      .poll(() =>
        page.evaluate(
          (key) =>
            JSON.parse(window.localStorage.getItem(key) ?? "null") as unknown,
          `pf_game:${account.user._id}:${game.slug}`,
        ),
      )
      .toMatchObject({ data: [["best", "3"]], changedAt: null });
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

/**
 * Issue #30: games that real Poki and CrazyGames games are modelled on (tests/e2e/fixtures/portal-games/, each names
 * the real game it copies the calls of), served from localhost, which is cross-site from the platform on 127.0.0.1:
 * the browser blocks their own storage as it would on a game's own host. Each is played on a phone and on a desktop.
 */

it("the portal games' host is cross-site: this browser blocks a frame's own storage there", async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  await page.goto("/about");
  await page.evaluate(
    (src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.appendChild(frame);
    },
    `${inject("portalURL")}/portal/storage-probe.html`,
  );
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.url().endsWith("storage-probe.html"))
        ?.title(),
    )
    .toBe("storage blocked: SecurityError");
  await context.close();
});

/** How long the idle game's greeting is held back in its frame. */
const HELD_GREETING_MS = 6000;

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  describe(`portal games on a ${device}, third-party storage blocked`, () => {
    let account: Account;
    let page: Page;
    let errors: string[];
    let close: () => Promise<void>;
    const frame = (): FrameLocator => page.frameLocator("iframe.game-frame");
    // A phone is tapped, a desktop clicked.
    const press = (target: Locator) =>
      viewport === PHONE ? target.tap() : target.click();
    const data = (slug: string) => serverData(bySlug(slug), account);
    const entry = async (slug: string, key: string) =>
      new Map(await data(slug)).get(key) ?? null;

    /** Opens the game's play page and waits until the platform has shown the game (the splash is gone). */
    async function open(slug: string) {
      await page.goto(`/play/${bySlug(slug)._id}`);
      await waitForPlaying(page, 20_000);
    }

    beforeAll(async () => {
      account = await newAccount(`Portal ${device}`);
      const opened = await pageFor(browser, account, viewport);
      ({ page, errors } = opened);
      close = () => opened.context.close();
    });
    afterAll(() => close?.());
    // Each test answers for the errors of its own games.
    beforeEach(() => {
      errors.length = 0;
    });

    it("a CrazyGames v2 module with .then on its loading calls plays a round and keeps its best in its own localStorage", async () => {
      const game = bySlug("cg-v2-bricks");
      const submitted = roundRequests(page);
      await open("cg-v2-bricks");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Ready: level 1");
      expect(await frame().locator("#best").innerText()).toBe("Best 0");
      await press(frame().locator("#play"));
      await expect.poll(() => gameplay(page)).toBe("on");
      for (let brick = 0; brick < 3; brick++)
        await press(frame().locator("#brick"));
      await page.waitForURL(/\/result\//, { timeout: 15_000 });
      expect(submitted).toMatchObject([
        { request: "POST /api/scores", body: { score: 3, game_id: game._id } },
      ]);
      // Its localStorage is the player's data for the game, kept by the platform.
      await expect
        .poll(() => entry("cg-v2-bricks", "bricks.best"), { timeout: 10_000 })
        .toBe("3");
      await open("cg-v2-bricks");
      await expect
        .poll(() => frame().locator("#best").innerText())
        .toBe("Best 3");
      expect(errors).toEqual([]);
    });

    it("a Poki v2 game that calls setPlaytestCanvas after gameLoadingFinished finishes its loader, plays, and keeps its sound setting", async () => {
      const game = bySlug("poki-playtest");
      await open("poki-playtest");
      await expect
        .poll(() => frame().locator("#mute").innerText())
        .toBe("Sound on");
      await press(frame().locator("#mute"));
      await expect
        .poll(() => frame().locator("#mute").innerText())
        .toBe("Sound off");
      await expect
        .poll(() => entry("poki-playtest", "savegame_asteroids_muted"), {
          timeout: 10_000,
        })
        .toBe("true");
      const submitted = roundRequests(page);
      await press(frame().locator("#start"));
      await expect.poll(() => frame().locator("#shoot").isVisible()).toBe(true);
      await expect.poll(() => gameplay(page)).toBe("on");
      for (let shot = 0; shot < 3; shot++)
        await press(frame().locator("#shoot"));
      await page.waitForURL(/\/result\//, { timeout: 15_000 });
      expect(submitted).toMatchObject([
        { request: "POST /api/scores", body: { score: 3, game_id: game._id } },
      ]);
      await open("poki-playtest");
      await expect
        .poll(() => frame().locator("#mute").innerText())
        .toBe("Sound off");
      expect(errors).toEqual([]);
    });

    it("an idle CrazyGames v3 game keeps its progress through a greeting 6 s late, and earns nothing while the exit dialog is open", async () => {
      await open("cg-v3-idle");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Earning");
      for (let click = 0; click < 25; click++)
        await press(frame().locator("#mine"));
      await press(frame().locator("#hire"));
      await press(frame().locator("#hire"));
      await expect.poll(() => frame().locator("#miners").innerText()).toBe("2");
      const save = async () =>
        JSON.parse((await entry("cg-v3-idle", "idle-save")) ?? "null") as {
          gold: number;
          miners: number;
        } | null;
      await expect
        .poll(async () => (await save())?.miners, { timeout: 10_000 })
        .toBe(2);
      const saved = (await save())!;

      // Played again, with every word from the platform held back 6 s in the game's frame.
      const gamePage = `${inject("portalURL")}/portal/cg-v3-idle.html`;
      await page.route(gamePage, (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            [HOLD_GREETING_HEADER]: String(HELD_GREETING_MS),
          },
        }),
      );
      await open("cg-v3-idle");
      await page.unroute(gamePage);
      await expect.poll(() => frame().locator("#miners").innerText()).toBe("2");
      expect(
        Number(await frame().locator("#gold").innerText()),
      ).toBeGreaterThanOrEqual(Math.floor(saved.gold));
      const released = () =>
        frame()
          .locator("body")
          .evaluate(
            () =>
              (window as { __greetingReleased?: number }).__greetingReleased,
          );
      await expect
        .poll(released, { timeout: HELD_GREETING_MS + 5000 })
        .toBeGreaterThan(0);
      // Autosaves since the greeting came keep building on the save, never a fresh game over it.
      await expect
        .poll(async () => (await save())?.gold ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(saved.gold);
      expect((await save())?.miners).toBe(2);

      // The exit dialog pauses the game the way its portal does: its page reads hidden and its frames wait.
      const exit = page.getByRole("button", { name: "Exit game" });
      await expect.poll(() => exit.isVisible(), { timeout: 15_000 }).toBe(true);
      await press(exit);
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Paused");
      const gold = () => frame().locator("#gold").innerText();
      const paused = await gold();
      for (let frames = 0; frames < 20; frames++) await nextFrames(page);
      expect(await gold()).toBe(paused);
      await press(page.getByRole("button", { name: "Cancel" }));
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Earning");
      await expect
        .poll(async () => Number(await gold()))
        .toBeGreaterThan(Number(paused));
      expect(errors).toEqual([]);
    });

    it("a game whose page waits on a large image has its data before the image has come", async () => {
      await open("cg-v3-slow-image");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Ready before load");
      const start = Number(await frame().locator("#level").innerText());
      await press(frame().locator("#next"));
      await press(frame().locator("#next"));
      await expect
        .poll(() => entry("cg-v3-slow-image", "level"), { timeout: 10_000 })
        .toBe(String(start + 2));
      await open("cg-v3-slow-image");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Ready before load");
      expect(await frame().locator("#level").innerText()).toBe(
        String(start + 2),
      );
      expect(errors).toEqual([]);
    });

    it("a rewarded CrazyGames ad that cannot be shown calls adError, and no reward is given", async () => {
      await open("cg-v3-rewarded");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Ready");
      await press(frame().locator("#watch"));
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("No ad: unfilled");
      expect(await frame().locator("#coins").innerText()).toBe("0");
      expect(await entry("cg-v3-rewarded", "coins")).toBeNull();
      expect(errors).toEqual([]);
    });

    it("a Poki game keeps its save in its own localStorage and resets it only when the player confirms", async () => {
      await open("poki-local-storage");
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Ready");
      expect(await frame().locator("#level").innerText()).toBe("1");
      await press(frame().locator("#next"));
      await press(frame().locator("#next"));
      await expect
        .poll(() => entry("poki-local-storage", "levels-save"), {
          timeout: 10_000,
        })
        .toBe('{"level":3}');
      await open("poki-local-storage");
      await expect.poll(() => frame().locator("#level").innerText()).toBe("3");

      // confirm() is the browser's own dialog, as on the portals: Cancel keeps the save, OK resets it.
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await press(frame().locator("#reset"));
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Kept");
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await press(frame().locator("#reset"));
      await expect
        .poll(() => frame().locator("#status").innerText())
        .toBe("Reset");
      expect(asked).toEqual(["Reset your progress?", "Reset your progress?"]);
      expect(await frame().locator("#level").innerText()).toBe("1");
      await expect
        .poll(() => entry("poki-local-storage", "levels-save"), {
          timeout: 10_000,
        })
        .toBeNull();
      expect(errors).toEqual([]);
    });
  });
}
