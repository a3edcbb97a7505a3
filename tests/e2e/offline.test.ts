import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameDataAnswer } from "#contract/game-data";
import type { Game } from "#contract/types";
import {
  BACK_ONLINE_TEXT,
  OFFLINE_PAGE,
  OFFLINE_TEXT,
} from "../../app/lib/network";
import { PRACTICE_NOTICE } from "../../app/lib/play";
import {
  CHROMIUM_ARGS,
  DEMO_PASSWORD,
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  openPage,
  postFromGame,
  signIn,
  playPhase as phase,
} from "./browser";

let browser: Browser;
let games: Game[];
const bySlug = (slug: string) => games.find((game) => game.slug === slug)!;

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
  ]);
  if (!bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.subarray(12, 16).toString("ascii") !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * After one visit: the service worker is installed (its files and start pages kept) and controls the page. Answers
 * of 500 and over, the worker's own requests included, are noted in `errors`.
 */
async function visitOnce(page: Page, errors: string[]) {
  page.context().on("response", (response) => {
    if (response.status() >= 500)
      errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What the browser logs for the requests that cannot go out while offline; anything else is a real error. */
const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/;
const realErrors = (errors: string[]) =>
  errors.filter((error) => !OFFLINE_NOISE.test(error));

interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

describe("installing the app", () => {
  it("serves a web app manifest with its name, colours, start, scope and PNG icons of 192, 512 and a maskable one", async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain(
      "application/manifest+json",
    );
    const manifest = await response.json<WebAppManifest>();
    expect(manifest).toMatchObject({
      id: "/",
      name: "Playfeed",
      short_name: "Playfeed",
      description: expect.stringContaining("games") as string,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/) as string,
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/) as string,
    });
    expect(
      manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`),
    ).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const answer = await fetch(new URL(icon.src, baseURL()));
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(Buffer.from(await answer.arrayBuffer()))).toEqual({
        width,
        height,
      });
    }

    // Every page links it, with the same theme colour.
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto("/about");
    expect(
      await page.locator('link[rel="manifest"]').getAttribute("href"),
    ).toBe("/manifest.webmanifest");
    expect(
      await page.locator('meta[name="theme-color"]').getAttribute("content"),
    ).toBe(manifest.theme_color);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("passes Chromium's installability checks (Page.getInstallabilityErrors is empty)", async () => {
    // An off-the-record context is never installable: this check needs a profile on disk.
    const profile = mkdtempSync(path.join(tmpdir(), "playfeed-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
      baseURL: baseURL(),
      viewport: PHONE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      await visitOnce(page, errors);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send(
        "Page.getInstallabilityErrors",
      );
      expect(installabilityErrors).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe("offline, after one visit", () => {
  it("opens the home page, the feed with its posters and a game's page; a page never kept says it needs a connection", async () => {
    const { context, page, errors } = await openPage(browser, PHONE, {
      serviceWorker: true,
    });
    await visitOnce(page, errors);
    await context.setOffline(true);

    await page.goto("/");
    await expect
      .poll(() => page.getByRole("heading", { name: "Arcade" }).count())
      .toBe(1);
    await page.getByText(OFFLINE_TEXT).waitFor();

    await page.goto("/home-page");
    const poster = page
      .locator(".feed__slide[data-current] .feed-game__backdrop")
      .first();
    await poster.waitFor();
    await expect
      .poll(() =>
        poster.evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);

    // From the home page, a game's card still leads to its page, and on to play.
    await page.goto("/");
    const snake = bySlug("snake");
    await page.locator(`a[href^="/detail/${snake._id}?"]`).first().click();
    await page.waitForURL(new RegExp(`/detail/${snake._id}$`));
    await expect
      .poll(() =>
        page.getByRole("heading", { name: snake.name, level: 1 }).count(),
      )
      .toBe(1);

    // A personal page is never kept: it says so, instead of the browser's error page.
    await page.goto("/social");
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    expect(
      await page.getByRole("link", { name: "Go to the home page" }).count(),
    ).toBe(1);

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("plays a game as a practice round: said on screen, no play session, no round submitted or kept to send; what the game keeps goes to the server once back online", async () => {
    const { context, page, errors } = await openPage(browser, PHONE, {
      serviceWorker: true,
    });
    const player = await signIn(context, "ava@playfeed.local");
    await visitOnce(page, errors);
    const tower = bySlug("tower-stack");
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET")
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await context.setOffline(true);

    await page.goto(`/play/${tower._id}?type=0`);
    const notice = page.getByTestId("practice-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toBe(
      `Practice round: ${PRACTICE_NOTICE.offline}`,
    );
    // The game runs from the copy kept on this device.
    await expect.poll(() => phase(page), { timeout: 15_000 }).toBe("playing");
    // What the game keeps is kept in the player's copy on this device (ADR 031), to be sent once back online.
    const game = await (
      await page.locator("iframe.game-frame").elementHandle()
    )?.contentFrame();
    await game!.evaluate(() =>
      window.PlayfeedSDK.storage.setItem("practice", "kept offline"),
    );
    const copyKey = `pf_game:${player._id}:${tower.slug}`;
    await expect
      .poll(() =>
        page.evaluate(
          (key) => JSON.parse(localStorage.getItem(key) ?? "null") as unknown,
          copyKey,
        ),
      )
      .toMatchObject({
        data: expect.arrayContaining([["practice", "kept offline"]]) as unknown,
        changedAt: expect.any(Number) as unknown,
      });
    await postFromGame(
      page,
      { type: "game_score", value: 4 },
      { type: "final_score", value: 4 },
    );
    const over = page.getByTestId("practice-over");
    await over.waitFor();
    expect(await over.getByTestId("final-score").innerText()).toBe("4");
    expect(await over.innerText()).toContain(PRACTICE_NOTICE.over);

    // Play again is another practice round.
    await over.getByRole("button", { name: "Play again" }).click();
    await expect.poll(() => phase(page)).toBe("playing");
    expect(await notice.isVisible()).toBe(true);
    await postFromGame(page, { type: "final_score", value: 2 });
    await over.waitFor();

    // Nothing went out and nothing waits to: no session, no score, no play record, an empty outbox.
    expect(writes).toEqual([]);
    expect(
      await page.evaluate(() => localStorage.getItem("pf:round-outbox")),
    ).toBeNull();

    // Back online, the screen says the next round counts, and what the game kept goes to the server.
    await context.setOffline(false);
    await expect
      .poll(() => over.innerText())
      .toContain(PRACTICE_NOTICE.overOnline);
    const { token } = await (
      await fetch(`${baseURL()}/api/user/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: "ava@playfeed.local",
          password: DEMO_PASSWORD,
        }),
      })
    ).json<{ token: string }>();
    await expect
      .poll(
        async () =>
          (
            await (
              await fetch(`${baseURL()}/api/game/${tower._id}/data`, {
                headers: { Authorization: `Bearer ${token}` },
              })
            ).json<GameDataAnswer>()
          ).data,
        { timeout: 10_000 },
      )
      .toContainEqual(["practice", "kept offline"]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("right after a first visit, before the worker controls the page: a game card and Play say the page needs a connection, never an error page", async () => {
    // The worker blocked: the first seconds of a first visit, while it installs and controls nothing yet.
    const { context, page, errors } = await openPage(browser, PHONE);
    // Every file this page or its workers finished fetching, with how it was asked for: the warm-up fetches in a
    // dedicated worker (ADR 061), whose requests are not in the page's own performance timeline.
    const finished: Array<{ path: string; type: string }> = [];
    page.on("requestfinished", (request) => {
      if (request.failure() === null)
        finished.push({
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
        });
    });
    const routeFiles = (fragment: string) =>
      page.evaluate((name) => {
        const routes = (
          window as {
            __remixManifest?: {
              routes: Record<string, { module: string; imports?: string[] }>;
            };
          }
        ).__remixManifest?.routes;
        const route = Object.values(routes ?? {}).find((candidate) =>
          candidate.module.includes(name),
        );
        return route ? [route.module, ...(route.imports ?? [])] : [];
      }, fragment);
    /**
     * Waits until this page has the code of the route at `fragment` (a name in the build's assets) in the browser's
     * cache: its module and every chunk it imports, each fetched, by the page or by the warm-up's worker.
     */
    const routeCodeLoaded = async (fragment: string) => {
      // Remix learns a link's route moments after rendering it.
      await expect
        .poll(() => routeFiles(fragment), { timeout: 15_000 })
        .not.toEqual([]);
      const files = await routeFiles(fragment);
      await expect
        .poll(
          () =>
            files.filter((file) => !finished.some((one) => one.path === file)),
          { timeout: 15_000 },
        )
        .toEqual([]);
      return files;
    };
    const offlinePage = async () => {
      await page.getByRole("heading", { name: OFFLINE_PAGE.title }).waitFor();
      expect(await page.getByText(OFFLINE_PAGE.text).count()).toBe(1);
      expect(page.url()).toMatch(/^http/);
      expect(await page.getByText("Something went wrong").count()).toBe(0);
    };

    await page.goto("/");
    // The code of its links' routes comes once the person starts using the page (issue #36): here, a scroll.
    await page.mouse.wheel(0, 120);
    const detailFiles = await routeCodeLoaded("/detail._id-");
    // Fetched into the browser's cache, never run: a page not open costs the main thread nothing (ADR 057).
    expect(
      finished
        .filter((one) => one.path === detailFiles[0])
        .map((one) => one.type),
    ).toEqual(["fetch"]);
    await context.setOffline(true);
    await page.locator('a[href^="/detail/"]').first().click();
    await offlinePage();

    await context.setOffline(false);
    const snake = bySlug("snake");
    await page.goto(`/detail/${snake._id}`);
    await page.mouse.wheel(0, 120);
    await routeCodeLoaded("/play._id-");
    await context.setOffline(true);
    await page.locator(`a[href^="/play/${snake._id}"]`).first().click();
    await offlinePage();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("loses the network while a game loads: the game comes from this device's copy instead of the splash waiting on", async () => {
    const { context, page, errors } = await openPage(browser, PHONE, {
      serviceWorker: true,
    });
    await visitOnce(page, errors);
    const tower = bySlug("tower-stack");
    // The game's page is on its way when the signal goes: its answer never comes.
    let held: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (held = resolve));
    await page.route(`**/games/${tower.slug}/`, (route) => {
      if (route.request().resourceType() === "document") held();
      else return route.continue();
    });
    await page.goto(`/play/${tower._id}?type=0`);
    await requested;
    await context.setOffline(true);
    // Well before the splash's slow-load message (20 s), the round runs from the kept copy.
    await expect.poll(() => phase(page), { timeout: 10_000 }).toBe("playing");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("says politely when the network goes, and when it is back, then goes quiet", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto("/home");
    await page.waitForFunction(() => "__remixRouter" in window);
    const notice = page.getByTestId("offline-notice");
    expect(await notice.getAttribute("role")).toBe("status");
    expect(await notice.getAttribute("aria-live")).toBe("polite");
    expect(await notice.innerText()).toBe("");

    await context.setOffline(true);
    await expect.poll(() => notice.innerText()).toBe(OFFLINE_TEXT);
    expect(await notice.isVisible()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => notice.innerText()).toBe(BACK_ONLINE_TEXT);
    await expect.poll(() => notice.innerText(), { timeout: 10_000 }).toBe("");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
