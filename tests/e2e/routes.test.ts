import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  firstGameId,
  launchBrowser,
  openPage,
} from "./browser";

let browser: Browser;
let gameId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  gameId = await firstGameId();
});
afterAll(() => browser?.close());

/** Every route of SPEC.md §2, with the heading or text that proves the right page rendered. */
const routes = () => [
  { path: "/", text: "Arcade" },
  { path: "/home-page", text: "Neon Snake" },
  { path: "/home", text: "Games" },
  { path: "/registration", text: "Create Account" },
  { path: `/detail/${gameId}`, text: "Neon Snake" },
  { path: `/detail/${gameId}?challengeId=5&_sF=likes`, text: "Neon Snake" },
  { path: `/play/${gameId}?type=0`, text: "Neon Snake" },
  { path: `/waiting/${gameId}`, text: "Log in to play against others" },
  { path: `/result/${gameId}`, text: "Your score" },
  { path: "/saved-games", text: "All Games" },
  { path: "/likes", text: "Likes" },
  { path: "/recently-played", text: "Recently Played Games" },
  { path: "/user-info", text: "Profile" },
  { path: "/social", text: "Social" },
  { path: "/shop", text: "Buy 250 coins" },
  { path: "/challenges", text: "Log in to see your challenges" },
  { path: "/challenge/1", text: "Challenge" },
  { path: "/blog", text: "Blog" },
  { path: "/blog/welcome-to-playfeed", text: "Welcome to Playfeed" },
  { path: "/contact", text: "Message" },
  { path: "/terms", text: "15 days" },
  { path: "/privacy", text: "Privacy" },
  { path: "/about", text: "Playfeed" },
  { path: "/editor/1", text: "Editor" },
];

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("every route at %s size", (_name, viewport) => {
  it("answers 200 with its page and no console error", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    for (const { path, text } of routes()) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect
        .poll(() => page.locator("main").innerText(), { message: path })
        .toContain(text);
      // Hydration finished: client-side navigation is wired.
      await page.waitForFunction(
        () =>
          (window as unknown as { __remixContext?: unknown }).__remixContext !==
          undefined,
      );
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("not found", () => {
  it.each([
    "/no-such-page",
    "/detail/999999",
    "/detail/not-an-id",
    "/play/abc",
    "/summary/999999",
    "/blog/no-such-post",
  ])("%s is a designed 404 page", async (path) => {
    const { context, page, errors } = await openPage(browser, PHONE);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.locator("body").innerText())
      .toMatch(/not found/i);
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    await context.close();
  });
});
