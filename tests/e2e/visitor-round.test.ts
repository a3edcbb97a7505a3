import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HighScore } from "#contract/scores";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  baseURL,
  endRound,
  launchBrowser,
  newAccount,
  openPage,
  waitForPlaying,
} from "./browser";
import { VISITOR_ROUND_NOTE } from "../../app/lib/play";
import { VISITOR_ROUND_MESSAGES } from "#contract/visitor-rounds";

let browser: Browser;
/** Mole Mash: the browser tests that expect an empty board look at other games. */
let game: Game;

beforeAll(async () => {
  browser = await launchBrowser();
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Game[]>();
  game = games.find((entry) => entry.slug === "mole-mash")!;
});
afterAll(() => browser?.close());

const highScore = async (userId: number) =>
  (
    await fetch(`${baseURL()}/api/scores/${game._id}/${userId}`)
  ).json<HighScore>();

/** A visitor's round of Mole Mash, played to its end: the round-over dialog offers to keep it. */
async function visitorRound(page: Page): Promise<number> {
  await page.goto(`/play/${game._id}`);
  await waitForPlaying(page, 15_000);
  const score = await endRound(page, "mole-mash", 2);
  const over = page.getByRole("dialog", { name: "Round over" });
  await expect.poll(() => over.innerText()).toContain(VISITOR_ROUND_NOTE.kept);
  expect(await over.getByTestId("final-score").innerText()).toBe(String(score));
  return score;
}

/** The result screen of the kept round, as after any round of the player's. */
async function resultShows(page: Page, score: number) {
  await page.waitForURL(`**/result/${game._id}`);
  await expect
    .poll(() => page.getByTestId("your-score").innerText())
    .toBe(String(score));
}

describe("a visitor's round kept after logging in or signing up", () => {
  it("keeps the round for the account a visitor logs in to from the round's end", async () => {
    const account = await newAccount("Kept Round");
    const { context, page, errors } = await openPage(browser, PHONE);
    const score = await visitorRound(page);

    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const popup = page.locator("dialog[open]");
    await popup.getByLabel("Email", { exact: true }).fill(account.user.email);
    await popup.getByLabel("Password", { exact: true }).fill("Secret@123");
    await popup.getByRole("button", { name: "Log in", exact: true }).click();

    await resultShows(page, score);
    expect((await highScore(account.user._id)).score).toBe(score);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says so when the server will not keep the round, and stays on the game", async () => {
    const account = await newAccount("Refused Round");
    const { context, page, errors } = await openPage(browser, PHONE);
    await visitorRound(page);
    // The tab's claim token no longer matches the round (as if it had been tampered with).
    await page.evaluate(() => {
      const kept = JSON.parse(
        sessionStorage.getItem("pf:visitor-round") ?? "{}",
      ) as Record<string, unknown>;
      sessionStorage.setItem(
        "pf:visitor-round",
        JSON.stringify({ ...kept, token: "A".repeat(43) }),
      );
    });

    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const popup = page.locator("dialog[open]");
    await popup.getByLabel("Email", { exact: true }).fill(account.user.email);
    await popup.getByLabel("Password", { exact: true }).fill("Secret@123");
    await popup.getByRole("button", { name: "Log in", exact: true }).click();

    const alert = page.locator(".kept-round-alert");
    await expect
      .poll(() => alert.innerText().catch(() => ""))
      .toBe(`Your round was not kept: ${VISITOR_ROUND_MESSAGES.unknown}`);
    expect(new URL(page.url()).pathname).toBe(`/play/${game._id}`);
    // The round's end no longer offers to log in: the next round counts.
    const over = page.getByRole("dialog", { name: "Round over" });
    await expect
      .poll(() => over.innerText())
      .toContain(VISITOR_ROUND_NOTE.signedIn);
    expect(await over.getByRole("button", { name: "Log in" }).count()).toBe(0);
    expect((await highScore(account.user._id)).score).toBe(0);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => alert.count()).toBe(0);
    // The one refusal Chromium logs is the claim's 404.
    expect(
      errors.filter(
        (error) =>
          !/Failed to load resource: the server responded with a status of 404\b/.test(
            error,
          ),
      ),
    ).toEqual([]);
    await context.close();
  });

  it("keeps the round for the account a visitor signs up for from the round's end, with no bonus over its result", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP, {
      dailyBonus: true,
    });
    const score = await visitorRound(page);
    // Issue #31: what the page showed from here on, seen as it happens rather than sampled.
    await page.evaluate(
      ([signedInNote]) => {
        const seen = { signedInNote: false, bonusOnResult: false };
        Object.assign(window, { __seen: seen });
        new MutationObserver(() => {
          if (document.body.innerText.includes(signedInNote))
            seen.signedInNote = true;
          if (
            location.pathname.startsWith("/result/") &&
            document.getElementById("daily-bonus-title")
          )
            seen.bonusOnResult = true;
        }).observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      },
      [VISITOR_ROUND_NOTE.signedIn],
    );

    await page.getByRole("button", { name: "Sign up to keep it" }).click();
    const popup = page.locator("dialog[open]");
    const email = `kept.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
    await popup.getByLabel("Name", { exact: true }).fill("New Keeper");
    await popup.getByLabel("Email", { exact: true }).fill(email);
    await popup.getByLabel("Phone number", { exact: true }).fill("9876512345");
    await popup.getByLabel("Password", { exact: true }).fill("Secret#123");
    await popup.getByLabel("Female", { exact: true }).check();
    await popup.getByRole("button", { name: "Create Account" }).click();

    await resultShows(page, score);
    const me = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem("userData") ?? "null") as {
          _id: number;
        } | null,
    );
    expect(me).not.toBeNull();
    expect((await highScore(me!._id)).score).toBe(score);
    // The new account's first bonus waits until the player leaves the result, then shows.
    await page.locator("a.back-link").click();
    await page.waitForURL(`**/detail/${game._id}`);
    await page.locator("#daily-bonus-title").waitFor();
    expect(
      await page.evaluate(
        () => (window as unknown as { __seen: object }).__seen,
      ),
    ).toEqual({ signedInNote: false, bonusOnResult: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
