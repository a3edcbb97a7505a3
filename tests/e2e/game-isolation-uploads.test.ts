import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import { bin, quietEnv, root } from "../../scripts/lib.mjs";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  openPage,
  signIn,
} from "./browser";
import { addExternalGames } from "./global-setup";

/**
 * Issue #33, item 3: developers' uploaded games are served from the games origin (ADR 039), in the app's own game
 * frame. Each tries to keep a value every way a page can (tests/fixtures/uploaded-game/game.js); none may, none sees
 * another's, and none reaches the app's cookies, storage or API as the player.
 */

interface Attempt {
  value?: unknown;
  refused?: string;
}
interface Probe {
  origin: string;
  sdk: string;
  found: Record<"localStorage" | "sessionStorage" | "cookie", Attempt>;
  kept: Record<
    | "localStorage"
    | "sessionStorage"
    | "cookie"
    | "indexedDB"
    | "serviceWorker"
    | "caches",
    Attempt
  >;
  level: Attempt;
}
declare global {
  interface Window {
    probe?: Probe;
  }
}

const FIXTURE = path.join(root, "tests/fixtures/uploaded-game");
const FILES = ["index.html", "game.js", "level.json"];
const token = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");

/** Two uploads of the fixture game, one in a top folder and one at its root, as the bundles service stores them. */
const UPLOADS = [
  { slug: "uploaded-a", name: "Uploaded A", folder: `9001-${token()}/keeper/` },
  { slug: "uploaded-b", name: "Uploaded B", folder: `9002-${token()}/` },
];
const addressOf = (upload: (typeof UPLOADS)[number]) =>
  `${inject("gamesURL")}/v/${upload.folder}index.html`;

let browser: Browser;
let games: Game[];

/** Puts the fixture's files into the test server's local R2, where the games origin reads them. */
function storeUploads() {
  const folder = mkdtempSync(path.join(tmpdir(), "pf-uploads-"));
  const list = path.join(folder, "objects.json");
  writeFileSync(
    list,
    JSON.stringify(
      UPLOADS.flatMap(({ folder: versionFolder }) =>
        FILES.map((name) => ({
          key: `bundles/${versionFolder}${name}`,
          file: path.join(FIXTURE, name),
        })),
      ),
    ),
  );
  try {
    execFileSync(
      bin("wrangler"),
      [
        ...["r2", "bulk", "put", "playfeed-media", "--local"],
        ...["--persist-to", inject("persistTo"), "--filename", list],
      ],
      { cwd: root, env: quietEnv, stdio: "ignore" },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  storeUploads();
  addExternalGames(
    inject("persistTo"),
    UPLOADS.map((upload) => ({ ...upload, link: addressOf(upload) })),
  );
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
}, 60_000);
afterAll(() => browser?.close());

const gameOf = (slug: string) => games.find((game) => game.slug === slug)!;

/** The play page's game frame once the uploaded game in it has probed. */
async function probed(page: Page, index: number): Promise<Frame> {
  const upload = UPLOADS[index];
  await page.goto(`/play/${gameOf(upload.slug)._id}`);
  let frame: Frame | undefined;
  await expect
    .poll(() => {
      frame = page.frames().find((f) => f.url() === addressOf(upload));
      return frame !== undefined;
    })
    .toBe(true);
  await frame!.waitForFunction(() => window.probe !== undefined);
  return frame!;
}
const probeOf = (frame: Frame) => frame.evaluate(() => window.probe!);

/**
 * What an opaque origin is refused outright. Web Storage is the exception: Chromium hands an opaque origin a store of
 * its own for the one document, gone with it, which the next load of any game (this one too) finds empty.
 */
function expectNothingKept(probe: Probe) {
  const { localStorage, sessionStorage, ...refused } = probe.kept;
  for (const [way, attempt] of Object.entries(refused))
    expect(attempt, way).toEqual({ refused: "SecurityError" });
  for (const attempt of [localStorage, sessionStorage])
    expect(["SecurityError", null]).toContain(
      attempt.refused ?? attempt.value ?? null,
    );
  expect(probe.found.cookie).toEqual({ refused: "SecurityError" });
}

/** Nothing any earlier load of a game kept is there. */
function expectNothingFound(probe: Probe) {
  expect(probe.found.localStorage.value ?? null).toBeNull();
  expect(probe.found.sessionStorage.value ?? null).toBeNull();
  expect(probe.found.cookie.value ?? "").toBe("");
}

/**
 * The browser's reports of what it refused the probes: the games origin's connect-src stopping a call to the app's
 * API, storage refused to a sandboxed document; anything else on the console still fails the test.
 */
const isRefusedProbe = (error: string) =>
  /violates the following Content Security Policy directive: "connect-src 'self'"|Refused to connect because it violates the document's Content Security Policy|The document is sandboxed and lacks the 'allow-same-origin' flag/.test(
    error,
  );

describe("an uploaded game", () => {
  it("keeps nothing of its own, loads the SDK and its files, and cannot reach the app as the player", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    const player = await signIn(context, "ben@playfeed.local");
    await context.addCookies([
      { name: "pf_probe", value: "page-cookie", url: baseURL() },
    ]);
    await context.addInitScript(
      () =>
        window === window.top &&
        window.localStorage.setItem("pf_probe", "page-storage"),
    );
    const frame = await probed(page, 0);
    const probe = await probeOf(frame);

    // The game frame's sandbox, from the games origin's own header: an opaque origin, whatever the frame allows.
    expect(probe.origin).toBe("null");
    expect(probe.sdk).toBe("object");
    expect(probe.level).toEqual({ value: { level: 1, name: "Keeper" } });
    expectNothingKept(probe);

    const reach = await frame.evaluate(async (app) => {
      const attempt = (read: () => unknown) => {
        try {
          return { value: String(read()) };
        } catch (error) {
          return { refused: (error as Error).name };
        }
      };
      const request = async (input: string, init: RequestInit) => {
        try {
          const response = await fetch(input, init);
          return { status: response.status, body: await response.text() };
        } catch (error) {
          return { refused: (error as Error).name };
        }
      };
      return {
        parentStorage: attempt(() =>
          window.parent.localStorage.getItem("pf_probe"),
        ),
        parentCookie: attempt(() => window.parent.document.cookie),
        me: await request(`${app}/api/user/me`, { credentials: "include" }),
      };
    }, baseURL());
    expect(reach.parentStorage).toEqual({ refused: "SecurityError" });
    expect(reach.parentCookie).toEqual({ refused: "SecurityError" });
    expect(reach.me).toEqual({ refused: "TypeError" });
    expect(JSON.stringify(reach)).not.toContain(player.email);

    // Nothing the game tried to keep landed anywhere the browser keeps it.
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain("kept-by-game");
    expect(cookies.map((cookie) => cookie.domain)).not.toContain("localhost");
    expect(
      await page.evaluate(() => window.localStorage.getItem("kept-by-game")),
    ).toBeNull();
    expect(errors.filter((error) => !isRefusedProbe(error))).toEqual([]);
    await context.close();
  });

  it("sees nothing another uploaded game tried to keep, framed or opened on its own", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signIn(context, "ava@playfeed.local");
    expectNothingKept(await probeOf(await probed(page, 0)));
    const other = await probeOf(await probed(page, 1));
    expect(other.origin).toBe("null");
    expectNothingFound(other);
    // Nor does the same game, loaded again.
    expectNothingFound(await probeOf(await probed(page, 0)));

    // Opened as a page of its own, outside the app's frame, the header still sandboxes it.
    await page.goto(addressOf(UPLOADS[1]));
    await page.waitForFunction(() => window.probe !== undefined);
    const alone = await page.evaluate(() => window.probe!);
    expect(alone.origin).toBe("null");
    expectNothingKept(alone);
    expect(alone.level).toEqual({ value: { level: 1, name: "Keeper" } });
    expect(errors.filter((error) => !isRefusedProbe(error))).toEqual([]);
    await context.close();
  });
});
