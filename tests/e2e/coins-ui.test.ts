import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  nextFrames,
  openPage,
  pageFor,
  type Account,
  unique,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const bonusPopup = (page: Page) =>
  page.getByRole("dialog", { name: "Daily Bonus" });
const coinChip = (page: Page) => page.getByTestId("coin-chip");

/**
 * React has taken over the header (the bonus is offered from an effect after that), the page has settled, and it has
 * painted since: a bonus that is due would be on screen now.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector(".site-header");
    return (
      !!header &&
      Object.keys(header).some((key) => key.startsWith("__reactFiber"))
    );
  });
  await page.waitForLoadState("networkidle");
  await nextFrames(page);
}

/** The minutes a countdown shows ("5 h 12 min", "12 min", "3 h"). */
function minutesOf(countdown: string): number {
  if (countdown === "less than a minute") return 0;
  const match = /^(?:(\d+) h)? ?(?:(\d+) min)?$/.exec(countdown);
  if (!match) throw new Error(`Not a countdown: ${countdown}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

async function me(account: Account) {
  const response = await fetch(`${baseURL()}/api/user/me`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  return await response.json<{
    wallet: number;
    login_day: number;
    daily_bonus_status: number;
  }>();
}

describe("coins UI", () => {
  it("offers a new player the daily bonus once: Collect credits 50, the header shows it and a reload does not offer it again", async () => {
    const account = await newAccount(`Cora Coins ${unique()}`);
    const { context, page, errors } = await pageFor(browser, account, PHONE, {
      dailyBonus: true,
    });
    await page.goto("/home");
    const popup = bonusPopup(page);
    await popup.waitFor();
    const cards = popup.getByTestId("bonus-card");
    expect(await cards.count()).toBe(6);
    expect(
      await cards.evaluateAll((items) =>
        items.map((item) => (item as HTMLElement).dataset.state),
      ),
    ).toEqual(["collect", "locked", "locked", "locked", "locked", "locked"]);
    expect(await cards.first().innerText()).toContain("50");

    await popup.getByRole("button", { name: "Collect" }).click();
    await popup.waitFor({ state: "detached" });
    await expect.poll(() => coinChip(page).innerText()).toContain("50");
    expect(await me(account)).toMatchObject({
      wallet: 50,
      daily_bonus_status: 1,
    });
    expect(
      (
        JSON.parse(
          (await page.evaluate(() => localStorage.getItem("userData"))) ?? "{}",
        ) as { wallet?: number }
      ).wallet,
    ).toBe(50);

    await page.reload();
    await hydrated(page);
    expect(await bonusPopup(page).count()).toBe(0);
    expect(await coinChip(page).innerText()).toContain("50");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a closed daily bonus away for the rest of the day, without crediting it", async () => {
    const account = await newAccount(`Cleo Closer ${unique()}`);
    const { context, page, errors } = await pageFor(browser, account, DESKTOP, {
      dailyBonus: true,
    });
    await page.goto("/home");
    await bonusPopup(page).waitFor();
    await bonusPopup(page).getByRole("button", { name: "Close" }).click();
    await bonusPopup(page).waitFor({ state: "detached" });

    await page.goto("/shop");
    await hydrated(page);
    expect(await bonusPopup(page).count()).toBe(0);
    expect(await me(account)).toMatchObject({
      wallet: 0,
      daily_bonus_status: 0,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the three coin packs, and a player's balance and challenge limit", async () => {
    const visitor = await openPage(browser, PHONE);
    await visitor.page.goto("/shop");
    for (const title of ["Buy 250 coins", "Buy 1500 coins", "Buy 5000 coins"]) {
      await visitor.page
        .getByRole("heading", { name: title, exact: true })
        .waitFor();
    }
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const { context, page, errors } = await pageFor(
      browser,
      await newAccount(`Sam Shopper ${unique()}`),
      DESKTOP,
    );
    await page.goto("/shop");
    await expect
      .poll(() => page.getByTestId("challenge-limit").innerText())
      .toBe("5,000 of 5,000 coins left");
    expect(await page.getByTestId("shop-balance").innerText()).toContain(
      "0 coins",
    );
    expect(
      await page
        .getByRole("heading", { level: 2 })
        .filter({ hasText: /^Buy / })
        .count(),
    ).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says when the next bonus comes, counting down and in the player's own time, in the popup and the shop", async () => {
    const account = await newAccount(`Isha Early ${unique()}`);
    // The server's HTML names no local time: only 00:00 UTC, which is true everywhere.
    const html = await (
      await fetch(`${baseURL()}/shop`, {
        headers: { Accept: "text/html", Cookie: `pf_session=${account.token}` },
      })
    ).text();
    expect(html.replaceAll("<!-- -->", "")).toContain(
      "Next bonus at <strong>00:00 UTC</strong>",
    );
    expect(html).not.toContain("where you are");

    // A player in India: the day turns at 05:30 on their clock.
    const { context, page, errors } = await pageFor(browser, account, PHONE, {
      dailyBonus: true,
      timezoneId: "Asia/Kolkata",
    });
    await page.goto("/home");
    const popup = bonusPopup(page);
    await popup.waitFor();
    const localTime = popup.getByTestId("bonus-local-time");
    await expect
      .poll(() => localTime.innerText())
      .toMatch(/^(today|tomorrow) at 5:30\sAM GMT\+5:30$/);
    const turn = new Date().setUTCHours(24, 0, 0, 0);
    const shown = minutesOf(
      await popup.getByTestId("bonus-countdown-time").innerText(),
    );
    expect(Math.abs((turn - Date.now()) / 60_000 - shown)).toBeLessThan(3);
    expect(await popup.getByTestId("bonus-rule").innerText()).toMatch(
      /^A new bonus day starts at 00:00 UTC \(5:30\sAM GMT\+5:30 where you are\)\. Collect once every day to keep your streak: if a whole day goes by without collecting, it starts again at Day 1\.$/,
    );
    await popup.getByRole("button", { name: "Collect" }).click();
    await popup.waitFor({ state: "detached" });

    await page.goto("/shop");
    await expect
      .poll(() => page.getByTestId("bonus-status").innerText())
      .toBe("Collected today: Day 1, 50 coins.");
    await expect
      .poll(() => page.getByTestId("bonus-local-time").innerText())
      .toMatch(/^(today|tomorrow) at 5:30\sAM GMT\+5:30$/);
    expect(
      minutesOf(await page.getByTestId("bonus-countdown-time").innerText()),
    ).toBeCloseTo(shown, -1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("collects the daily bonus from the shop, which works before the page has hydrated too", async () => {
    const account = await newAccount(`Shay Shop ${unique()}`);
    const { context, page, errors } = await pageFor(browser, account, DESKTOP);
    await page.goto("/shop");
    await expect
      .poll(() => page.getByTestId("bonus-status").innerText())
      .toBe("Day 1: 50 coins to collect today.");
    await page.getByRole("button", { name: "Collect" }).click();
    await expect
      .poll(() => page.getByTestId("bonus-status").innerText())
      .toBe("Collected today: Day 1, 50 coins.");
    await expect.poll(() => coinChip(page).innerText()).toContain("50");
    expect(await me(account)).toMatchObject({
      wallet: 50,
      daily_bonus_status: 1,
    });
    expect(errors).toEqual([]);
    await context.close();

    // Without JavaScript the form posts to the shop's action and comes back to the shop.
    const other = await newAccount(`Noah Nojs ${unique()}`);
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: baseURL(),
    });
    await plain.addCookies([
      {
        name: "pf_session",
        value: other.token,
        url: baseURL(),
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    const noJs = await plain.newPage();
    await noJs.goto("/shop");
    await noJs.getByRole("button", { name: "Collect" }).click();
    await noJs.waitForURL(/\/shop$/);
    expect(await noJs.getByTestId("bonus-status").innerText()).toBe(
      "Collected today: Day 1, 50 coins.",
    );
    expect(await me(other)).toMatchObject({ wallet: 50 });
    await plain.close();
  });

  it("shows a new player an empty notifications page and a bell without a count; visitors get the login popup", async () => {
    const { context, page, errors } = await pageFor(
      browser,
      await newAccount(`Nia Notes ${unique()}`),
      PHONE,
    );
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "No notifications yet" }).waitFor();
    expect(
      await page.getByTestId("notification-bell").getAttribute("aria-label"),
    ).toBe("Notifications");
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await openPage(browser, PHONE);
    await visitor.page.goto("/notifications");
    await visitor.page
      .getByRole("dialog")
      .getByRole("heading", { name: /log in/i })
      .waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
