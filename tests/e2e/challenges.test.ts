import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COIN_MESSAGES } from "#contract/coins";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  baseURL,
  EMPTY_ROUND_LOG,
  endRound,
  launchBrowser,
  newAccount,
  nextFrames,
  pageFor,
  scriptsRequested,
  roundRequests,
  type Account,
  api,
  unique,
  waitForPlaying,
} from "./browser";

let browser: Browser;
let tower: Game;

beforeAll(async () => {
  browser = await launchBrowser();
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Game[]>();
  tower = games.find((game) => game.slug === "tower-stack")!;
});
afterAll(() => browser?.close());

const walletOf = async (account: Account) =>
  (await api<{ wallet: number }>(account, "/api/user/me")).wallet;
const coinChip = (page: Page) => page.getByTestId("coin-chip");
const chipValue = async (page: Page) =>
  Number((await coinChip(page).innerText()).replace(/\D/g, ""));

/** Collects today's daily bonus from the popup, and checks it is not offered again after a reload. */
async function collectDailyBonus(page: Page) {
  const popup = page.getByRole("dialog", { name: "Daily Bonus" });
  await popup.waitFor();
  await popup.getByRole("button", { name: "Collect" }).click();
  await popup.waitFor({ state: "detached" });
  await expect.poll(() => chipValue(page)).toBe(50);
  await page.reload();
  await page.waitForLoadState("networkidle");
  // The bonus is offered from an effect after hydration: hydrated and painted, it would be on screen by now.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector(".site-header") ?? {}).some((key) =>
      key.startsWith("__reactFiber"),
    ),
  );
  await nextFrames(page);
  expect(await popup.count()).toBe(0);
}

/** A round of the challenger's that scored 0: a play session opened and scored through the API. */
async function scoreZero(account: Account, gameId: number) {
  const stats = await api<{ _id: number }>(account, "/api/gamestats", {
    game_id: gameId,
    game_type: 0,
  });
  // A round that ended before its first step: its input log holds no input and no step.
  await api(account, "/api/scores", {
    score: 0,
    player_id: account.user._id,
    game_id: gameId,
    stats_id: stats._id,
    log: EMPTY_ROUND_LOG,
  });
}

/** Two new players, the first following the second with 50 coins and a round of 0: it challenges the second. */
async function challengeFromNewFriend(
  names: [string, string],
  bet: number,
  message: string,
) {
  const [a, b] = [
    await newAccount(`${names[0]} ${unique()}`),
    await newAccount(`${names[1]} ${unique()}`),
  ];
  await api(a, "/api/social/follow", { from: a.user._id, to: b.user._id });
  await api(a, "/api/wallet", { coins: 50 });
  await scoreZero(a, tower._id);
  const challenge = await api<{ _id: number }>(a, "/api/challenge", {
    game: tower._id,
    from: a.user._id,
    to: b.user._id,
    bet_amount: bet,
    message,
    score: 0,
  });
  return { a, b, challenge };
}

describe("a challenge between two friends", () => {
  // B's round of Tower Stack lasts until a block misses: up to a minute of tapping.
  it(
    "A bets 50 coins, B is told live, accepts, plays and wins: both wallets move by 50 on both screens",
    { timeout: 150_000 },
    async () => {
      const [a, b] = [
        await newAccount(`Chal Ada ${unique()}`),
        await newAccount(`Chal Bo ${unique()}`),
      ];
      await api(a, "/api/social/follow", { from: a.user._id, to: b.user._id });
      const one = await pageFor(browser, a, DESKTOP, { dailyBonus: true });
      const two = await pageFor(browser, b, PHONE, { dailyBonus: true });

      // Both collect the daily bonus once: 50 coins each.
      await one.page.goto("/home");
      await collectDailyBonus(one.page);
      await two.page.goto("/home");
      await collectDailyBonus(two.page);
      expect([await walletOf(a), await walletOf(b)]).toEqual([50, 50]);
      // A second claim the same day is refused and credits nothing.
      const again = await fetch(`${baseURL()}/api/wallet`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${a.token}`,
        },
        body: JSON.stringify({ coins: 100 }),
      });
      expect(again.status).toBe(409);

      // A's challenge round is over: on the result screen, A picks B, a bet and a message.
      await scoreZero(a, tower._id);
      await one.page.goto(`/result/${tower._id}?type=1`);
      await one.page.getByRole("tab", { name: "Challenge" }).click();
      await one.page
        .getByRole("link", { name: `Challenge ${b.user.name}` })
        .click();
      const dialog = one.page.getByRole("dialog", {
        name: `Challenge ${b.user.name}`,
      });
      await dialog.getByRole("button", { name: "Send challenge" }).click();
      expect(await dialog.getByText(COIN_MESSAGES.addCoins).isVisible()).toBe(
        true,
      );
      for (let step = 0; step < 10; step++)
        await dialog.getByRole("button", { name: "5 coins more" }).click();
      expect(await dialog.getByLabel("Bet").inputValue()).toBe("50");
      await dialog.getByRole("button", { name: "Send challenge" }).click();
      expect(
        await dialog.getByText(COIN_MESSAGES.enterMessage).isVisible(),
      ).toBe(true);
      await dialog.getByLabel("Message").fill("Beat my tower!");
      await dialog.getByRole("button", { name: "Send challenge" }).click();
      await dialog.waitFor({ state: "detached" });
      const challenged = one.page.getByRole("button", {
        name: `${b.user.name}: ${COIN_MESSAGES.challenged}`,
      });
      await challenged.waitFor();
      expect(await challenged.isDisabled()).toBe(true);
      await expect.poll(() => chipValue(one.page)).toBe(0);

      // B is told live, accepts and plays the challenge round.
      const notice = two.page.getByRole("dialog", {
        name: `${a.user.name} challenged you`,
      });
      await notice.waitFor({ timeout: 10_000 });
      await expect.poll(() => notice.innerText()).toContain("Beat my tower!");
      const sent = roundRequests(two.page);
      await notice.getByRole("button", { name: "Accept" }).click();
      await two.page.waitForURL(/\/play\/\d+\?challengeId=\d+/);
      await expect.poll(() => walletOf(b)).toBe(0);
      await waitForPlaying(two.page, 15_000);
      const played = await endRound(two.page, "tower-stack", 1);
      await two.page.waitForURL(
        new RegExp(`/result/${tower._id}\\?challengeId=\\d+`),
        { timeout: 20_000 },
      );

      // B's result: 'You' against A, both scores, and the win.
      const outcome = two.page.getByTestId("challenge-outcome");
      await outcome.waitFor();
      expect(await two.page.getByTestId("h2h-own-score").innerText()).toBe(
        String(played),
      );
      expect(await two.page.getByTestId("h2h-their-score").innerText()).toBe(
        "0",
      );
      expect(await outcome.innerText()).toBe(COIN_MESSAGES.won(50));
      // The round's one request stored the score and settled the challenge.
      expect(sent.map((one) => one.request)).toEqual(["POST /api/scores"]);
      expect(sent[0].body).toMatchObject({
        score: played,
        challenge_id: expect.any(Number) as number,
        log: expect.any(String) as string,
      });
      await expect.poll(() => chipValue(two.page)).toBe(100);

      // Both wallets moved by 50, on the server and on both screens.
      expect([await walletOf(a), await walletOf(b)]).toEqual([0, 100]);
      await one.page.goto("/challenges");
      expect(await chipValue(one.page)).toBe(0);
      expect(
        await one.page
          .getByRole("link", {
            name: new RegExp(`You challenged ${b.user.name}`),
          })
          .innerText(),
      ).toContain("Lost");
      expect(one.errors).toEqual([]);
      expect(two.errors).toEqual([]);
      await one.context.close();
      await two.context.close();
    },
  );

  it("shows an accept failure's message in red under the challenge info, and 'You have no challenges' when there are none", async () => {
    const { b, challenge } = await challengeFromNewFriend(
      ["Chal Cy", "Chal Di"],
      50,
      "Go!",
    );

    const { context, page, errors } = await pageFor(browser, b, PHONE);
    await page.goto(`/detail/${tower._id}?challengeId=${challenge._id}`);
    await page.getByRole("button", { name: "Accept Challenge" }).click();
    const error = page.locator(".challenge-info__error");
    await error.waitFor();
    expect(await error.innerText()).toBe(COIN_MESSAGES.insufficient);
    expect(await error.evaluate((node) => getComputedStyle(node).color)).toBe(
      "rgb(248, 113, 113)",
    );
    expect(await walletOf(b)).toBe(0);
    // The refused accept is the one error the page may log: the browser reports the 409 itself.
    expect(
      errors.filter(
        (line) => !/the server responded with a status of 409\b/.test(line),
      ),
    ).toEqual([]);

    const fresh = await newAccount(`Chal Eve ${unique()}`);
    const other = await pageFor(browser, fresh, DESKTOP);
    await other.page.goto("/challenges");
    expect(
      await other.page
        .getByRole("heading", { name: COIN_MESSAGES.noChallenges })
        .isVisible(),
    ).toBe(true);
    expect(other.errors).toEqual([]);
    await context.close();
    await other.context.close();
  });

  it("shows a challenge on the game's page with its code loaded for that visit alone: the challenged player declines it", async () => {
    const { a, b, challenge } = await challengeFromNewFriend(
      ["Chal Fay", "Chal Gus"],
      20,
      "Beat this",
    );

    const { context, page, errors } = await pageFor(browser, b, PHONE);
    const scripts = scriptsRequested(page);
    const challengeCode = () =>
      scripts.filter((path) => /\/ChallengeInfo-/.test(path));
    await page.goto(`/detail/${tower._id}`, { waitUntil: "networkidle" });
    expect(challengeCode()).toEqual([]);

    await page.goto(`/detail/${tower._id}?challengeId=${challenge._id}`);
    // Drawn by the server; its buttons work once its code has arrived and React has taken it over.
    const info = page.locator(".challenge-info");
    await info.getByText("Beat this").waitFor();
    await expect.poll(() => challengeCode().length).toBe(1);
    await page.waitForFunction(() =>
      Object.keys(document.querySelector(".challenge-info button") ?? {}).some(
        (key) => key.startsWith("__reactFiber"),
      ),
    );
    await info.getByRole("button", { name: "Decline" }).click();
    await info
      .getByText("Declined: the bet went back to the challenger.")
      .waitFor();
    expect(page.url()).toContain(`challengeId=${challenge._id}`);
    expect(await walletOf(a)).toBe(50);
    expect(errors).toEqual([]);
    await context.close();
  });
});
