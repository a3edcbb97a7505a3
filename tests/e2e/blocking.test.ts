import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Friend } from "#contract/types";
import {
  PHONE,
  api,
  baseURL,
  launchBrowser,
  newAccount,
  twoFriends,
  unique,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const friendRow = (page: Page, name: string) =>
  page.getByTestId("friend").filter({ hasText: name });

describe("blocking", () => {
  it("drops the blocker from the blocked player's open /social at once, and the blocker unblocks from Blocked people", async () => {
    const id = unique();
    const {
      accounts: [ada, bea],
      pages: [a, b],
    } = await twoFriends(browser, [`Ada Blocker ${id}`, `Bea Blocked ${id}`]);
    // Ada is online (her socket is open) before Bea's page reads who is.
    await a.page.goto("/social");
    await expect
      .poll(
        async () =>
          (await api<Friend[]>(bea, `/api/social/friends/${bea.user._id}`))[0]
            ?.is_online,
      )
      .toBe(true);
    await b.page.goto("/social");

    // Both are online: each sees the other in Friends with the green dot, and Bea's list offers a chat with Ada.
    const adaOnBea = friendRow(b.page, ada.user.name);
    await adaOnBea.getByRole("img", { name: "Online" }).waitFor();
    await friendRow(a.page, bea.user.name)
      .getByRole("img", { name: "Online" })
      .waitFor();
    expect(
      await adaOnBea
        .getByRole("button", { name: `Chat with ${ada.user.name}` })
        .count(),
    ).toBe(1);
    // Marks Bea's document: a reload would lose it.
    await b.page.evaluate(() =>
      Object.assign(window, { __sameDocument: true }),
    );

    // Ada blocks Bea from her friends list.
    await friendRow(a.page, bea.user.name)
      .getByRole("button", { name: `More for ${bea.user.name}` })
      .click();
    await a.page.getByRole("button", { name: "Block", exact: true }).click();
    await a.page
      .getByRole("dialog", { name: `Block ${bea.user.name}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await expect.poll(() => friendRow(a.page, bea.user.name).count()).toBe(0);

    // Bea's open page drops Ada (row, presence and Chat button) without a reload.
    await expect.poll(() => adaOnBea.count()).toBe(0);
    await b.page
      .getByText(
        "Your friend's list is empty. Go to Find People and start making friends",
      )
      .waitFor();
    expect(await b.page.getByRole("img", { name: "Online" }).count()).toBe(0);
    expect(
      await b.page.evaluate(
        () => (window as { __sameDocument?: boolean }).__sameDocument,
      ),
    ).toBe(true);

    // Ada finds Bea under Blocked people and unblocks her there.
    await a.page.getByRole("tab", { name: "Blocked" }).click();
    const beaBlocked = a.page
      .getByTestId("blocked-person")
      .filter({ hasText: bea.user.name });
    await beaBlocked.waitFor();
    await beaBlocked
      .getByRole("button", { name: `Unblock ${bea.user.name}` })
      .click();
    await a.page.getByText(`${bea.user.name} is unblocked.`).waitFor();
    await expect.poll(() => beaBlocked.count()).toBe(0);
    await a.page.getByText("You have not blocked anyone").waitFor();
    expect(await api<number[]>(ada, "/api/social/blocked")).toEqual([]);

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("lists blocks and unblocks without JavaScript: the form posts to /social and comes back to the tab", async () => {
    const id = unique();
    const [cy, dee] = [
      await newAccount(`Cy Plain ${id}`),
      await newAccount(`Dee Plain ${id}`),
    ];
    await api(cy, "/api/social/block", { user_id: dee.user._id });
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseURL(),
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    await context.addCookies([
      {
        name: "pf_session",
        value: cy.token,
        url: baseURL(),
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    const page = await context.newPage();
    await page.goto("/social");
    await page.getByRole("tab", { name: "Blocked" }).click();
    await page.waitForURL("**/social?tab=blocked");
    const row = page
      .getByTestId("blocked-person")
      .filter({ hasText: dee.user.name });
    await row.getByRole("button", { name: `Unblock ${dee.user.name}` }).click();
    await page.waitForURL("**/social?tab=blocked");
    await page.getByText("You have not blocked anyone").waitFor();
    expect(await api<number[]>(cy, "/api/social/blocked")).toEqual([]);
    await context.close();
  });
});
