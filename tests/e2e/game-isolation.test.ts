import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  openPage,
  signIn,
  waitForPlaying,
} from "./browser";

/**
 * Issue #15: our own games run in a sandboxed frame with an opaque origin. A script inside the frame must not reach
 * the page around it, the player's cookie or storage, or the API as the player; the game's data goes through the SDK.
 */

declare global {
  interface Window {
    /** The part of public/sdk/playfeed-sdk.js these tests use from inside the game frame. */
    PlayfeedSDK: {
      storage: {
        readonly loaded: boolean;
        getItem(key: string): string | null;
        setItem(key: string, value: string): void;
        removeItem(key: string): void;
      };
    };
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

/** Opens the play page and waits for the round, which starts only once the game and the platform talk. */
async function playing(page: Page, game: Game): Promise<Frame> {
  await page.goto(`/play/${game._id}`);
  await waitForPlaying(page, 15_000);
  const frame = page
    .frames()
    .find((candidate) => candidate.url().includes(`/games/${game.slug}/`));
  if (!frame) throw new Error(`no frame for ${game.slug}`);
  return frame;
}

/** What the game's storage holds, read inside the frame through the SDK. */
const storedInGame = (frame: Frame, key: string) =>
  frame.evaluate((name) => window.PlayfeedSDK.storage.getItem(name), key);

/** The browser's own reports of the probe's refused requests; anything else on the console still fails the test. */
const isRefusedProbe = (error: string) =>
  /blocked by CORS policy|Failed to load resource: (net::ERR_FAILED|net::ERR_BLOCKED_BY_RESPONSE[.\w]*|the server responded with a status of 40[13])/.test(
    error,
  );

describe("a game's frame", () => {
  it("cannot read the page, the cookie or the player's storage, nor call the API as the player", async () => {
    const game = bySlug("merge-tiles"); // it waits for the player, so the round stays open
    const { context, page, errors } = await openPage(browser, PHONE);
    const player = await signIn(context, "ben@playfeed.local");
    // A cookie and a stored value the page itself can see, to look for from inside the frame.
    await context.addCookies([
      { name: "pf_probe", value: "page-cookie", url: baseURL() },
    ]);
    await context.addInitScript(
      () =>
        window === window.top &&
        window.localStorage.setItem("pf_probe", "page-storage"),
    );
    const frame = await playing(page, game);

    const likedByPlayer = () =>
      page.evaluate(async (id) => {
        const liked = await (
          await fetch("/api/game/liked", { credentials: "include" })
        ).json<Array<{ _id: number }>>();
        return liked.some((entry) => entry._id === id);
      }, game._id);
    // The page itself is signed in and sees both.
    expect(await page.evaluate(() => document.cookie)).toContain(
      "pf_probe=page-cookie",
    );
    expect(
      await page.evaluate(() => window.localStorage.getItem("pf_probe")),
    ).toBe("page-storage");
    const me = await page.evaluate(
      async () =>
        await (
          await fetch("/api/user/me", { credentials: "include" })
        ).json<{ email: string }>(),
    );
    expect(me.email).toBe(player.email);
    expect(await likedByPlayer()).toBe(false);

    const probe = await frame.evaluate(
      async ({ gameId, userId }) => {
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
            return {
              status: response.status,
              type: response.type,
              body: response.type === "opaque" ? "" : await response.text(),
            };
          } catch (error) {
            return { refused: (error as Error).name };
          }
        };
        const like = { game_id: gameId, user_id: userId, type: "like" };
        return {
          origin: window.origin,
          cookie: attempt(() => document.cookie),
          parentDocument: attempt(() => window.parent.document.title),
          parentStorage: attempt(() =>
            window.parent.localStorage.getItem("pf_probe"),
          ),
          topLocation: attempt(() => window.top!.location.href),
          storage: attempt(() => window.localStorage.getItem("pf_probe")),
          me: await request("/api/user/me", { credentials: "include" }),
          like: await request("/api/game/like", {
            method: "POST",
            credentials: "include",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(like),
          }),
          // A "simple" request is sent without asking CORS first; only the server can refuse it.
          blindLike: await request("/api/game/like", {
            method: "POST",
            mode: "no-cors",
            credentials: "include",
            body: JSON.stringify(like),
          }),
        };
      },
      { gameId: game._id, userId: player._id },
    );

    expect(probe.origin).toBe("null");
    // The cookie jar is closed to an opaque origin (an empty string would do as well).
    expect(probe.cookie.value ?? "").toBe("");
    expect(probe.parentDocument).toEqual({ refused: "SecurityError" });
    expect(probe.parentStorage).toEqual({ refused: "SecurityError" });
    expect(probe.topLocation).toEqual({ refused: "SecurityError" });
    expect(probe.storage.value ?? null).not.toBe("page-storage");
    // Reading the player's account: the browser hides the answer from an opaque origin, or the server says who?
    expect(probe.me).not.toMatchObject({ status: 200 });
    expect(JSON.stringify(probe.me)).not.toContain(player.email);
    expect(probe.like).not.toMatchObject({ status: 200 });
    expect(probe.blindLike).not.toMatchObject({ status: 200 });
    // The server agrees: the player has not liked the game.
    expect(await likedByPlayer()).toBe(false);

    expect(errors.filter((error) => !isRefusedProbe(error))).toEqual([]);
    await context.close();
  });
});

describe("a game's storage through the SDK", () => {
  it("survives a reload of the play page, and no other game sees it", async () => {
    const game = bySlug("merge-tiles");
    const other = bySlug("snake");
    const { context, page, errors } = await openPage(browser, DESKTOP);
    const player = await signIn(context, "ben@playfeed.local");

    let frame = await playing(page, game);
    expect(await frame.evaluate(() => window.PlayfeedSDK.storage.loaded)).toBe(
      true,
    );
    expect(await storedInGame(frame, "settings")).toBeNull();
    await frame.evaluate(() => {
      window.PlayfeedSDK.storage.setItem(
        "settings",
        JSON.stringify({ hints: false }),
      );
      window.PlayfeedSDK.storage.setItem("scratch", "gone soon");
      window.PlayfeedSDK.storage.removeItem("scratch");
    });
    // The game reads its own change at once; the platform keeps it for the player (ADR 031), with a copy in the
    // page's storage under the player's id and the game's slug.
    expect(await storedInGame(frame, "settings")).toBe('{"hints":false}');
    await expect
      .poll(() =>
        page.evaluate(
          (key) =>
            JSON.parse(window.localStorage.getItem(key) ?? "null") as unknown,
          `pf_game:${player._id}:${game.slug}`,
        ),
      )
      .toMatchObject({ data: [["settings", '{"hints":false}']] });

    // Limits hold inside the game as a thrown error, before anything is posted.
    const refused = await frame.evaluate(() => {
      try {
        window.PlayfeedSDK.storage.setItem("k".repeat(101), "1");
        return null;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(refused).toBe("RangeError");

    await page.reload();
    frame = await playing(page, game);
    expect(await storedInGame(frame, "settings")).toBe('{"hints":false}');
    expect(await storedInGame(frame, "scratch")).toBeNull();

    frame = await playing(page, other);
    expect(await frame.evaluate(() => window.PlayfeedSDK.storage.loaded)).toBe(
      true,
    );
    expect(await storedInGame(frame, "settings")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
