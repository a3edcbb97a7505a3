import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMPTY_ROUND_LOG,
  PHONE,
  baseURL,
  collectErrors,
  launchBrowser,
  newAccount,
  pageFor,
  sessionTied,
  type Account,
  api,
  unique,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const chipValue = async (page: Page) =>
  Number((await page.getByTestId("coin-chip").innerText()).replace(/\D/g, ""));
const bonusPopup = (page: Page) =>
  page.getByRole("dialog", { name: "Daily Bonus" });

/** Two tabs of one player: two pages of one browser context, so they share the session cookie and storage. */
async function twoTabs(account: Account) {
  const first = await pageFor(browser, account, PHONE, { dailyBonus: true });
  const second = await first.context.newPage();
  const errors = first.errors;
  collectErrors(second, errors);
  // The user socket is open once the session update (5 s after load) has gone out; until then no push can arrive.
  await Promise.all([
    sessionTied(first.page),
    first.page.goto("/home"),
    sessionTied(second),
    second.goto("/home"),
  ]);
  return { ...first, tabs: [first.page, second] as const, errors };
}

describe("one player, two tabs", () => {
  it("collecting the daily bonus in one tab updates the other's wallet and takes its bonus offer away within a second", async () => {
    const account = await newAccount(`Sync Sam ${unique()}`);
    const { context, tabs, errors } = await twoTabs(account);
    const [one, two] = tabs;
    await bonusPopup(one).waitFor();
    await bonusPopup(two).waitFor();

    await bonusPopup(one).getByRole("button", { name: "Collect" }).click();
    await bonusPopup(one).waitFor({ state: "detached" });
    const collected = Date.now();
    await bonusPopup(two).waitFor({ state: "detached", timeout: 1_000 });
    await expect
      .poll(() => chipValue(two), { timeout: 1_000 - (Date.now() - collected) })
      .toBe(50);
    // The collecting tab reloads its data too (its request may still be under way when the other tab has it).
    await expect.poll(() => chipValue(one)).toBe(50);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("coins coming back (a friend declines a challenge) show in both tabs within a second", async () => {
    const [ada, bo] = [
      await newAccount(`Sync Ada ${unique()}`),
      await newAccount(`Sync Bo ${unique()}`),
    ];
    // A game no other browser test expects to have an empty leaderboard: the round below leaves a score on it.
    const game = (
      await (
        await fetch(`${baseURL()}/api/game/published`)
      ).json<Array<{ _id: number; slug: string }>>()
    ).find((entry) => entry.slug === "color-flood")!._id;
    await api(ada, "/api/wallet", { coins: 50 });
    await api(ada, "/api/social/follow", {
      from: ada.user._id,
      to: bo.user._id,
    });
    const stats = await api<{ _id: number }>(ada, "/api/gamestats", {
      game_id: game,
      game_type: 0,
    });
    await api(ada, "/api/scores", {
      score: 0,
      player_id: ada.user._id,
      game_id: game,
      stats_id: stats._id,
      log: EMPTY_ROUND_LOG,
    });
    const challenge = await api<{ _id: number }>(ada, "/api/challenge", {
      game,
      from: ada.user._id,
      to: bo.user._id,
      bet_amount: 50,
      message: "Beat me",
      score: 0,
    });

    const { context, tabs, errors } = await twoTabs(ada);
    for (const tab of tabs) expect(await chipValue(tab)).toBe(0);
    await api(bo, `/api/challenge/decline/${challenge._id}`, {});
    const declined = Date.now();
    for (const tab of tabs)
      await expect
        .poll(() => chipValue(tab), {
          timeout: Math.max(100, 1_000 - (Date.now() - declined)),
        })
        .toBe(50);
    expect(errors).toEqual([]);
    await context.close();
  });
});
