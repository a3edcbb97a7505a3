import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { quietEnv, root, run } from "../../scripts/lib.mjs";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newAccount,
  pageFor,
  twoFriends,
  type Account,
} from "./browser";

/**
 * Issue #34 through the pages: the first admin is granted as `npm run admin` does it, grants moderator to a player in
 * /admin, and that player then finds Moderation in the account menu; a player reports a friend's profile from the
 * social page.
 */

let browser: Browser;
let admin: Account;
let helper: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, helper] = await Promise.all([
    newAccount("Ada Boss"),
    newAccount("Pip Helper"),
  ]);
  run(
    "node",
    [
      "scripts/grant-moderator.mjs",
      "--role",
      "admin",
      admin.user.email,
      "--persist-to",
      inject("persistTo"),
    ],
    { cwd: root, env: quietEnv, stdio: "ignore" },
  );
}, 60_000);

afterAll(() => browser?.close());

describe("roles", () => {
  it("an admin grants moderator to a player, who then sees Moderation in the menu and opens the queue", async () => {
    const player = await pageFor(browser, helper, PHONE);
    await player.page.goto("/");
    await player.page
      .getByRole("button", { name: "Your account, Pip Helper" })
      .click();
    await expect
      .poll(() => player.page.locator(".account-menu__panel").isVisible())
      .toBe(true);
    expect(
      await player.page.getByRole("link", { name: "Moderation" }).count(),
    ).toBe(0);

    const boss = await pageFor(browser, admin, DESKTOP);
    await boss.page.goto("/");
    await boss.page
      .getByRole("button", { name: "Your account, Ada Boss" })
      .click();
    await boss.page.getByRole("link", { name: "Admin" }).click();
    await boss.page.waitForURL("**/admin");
    await boss.page.getByLabel("E-mail of the account").fill(helper.user.email);
    await boss.page.getByLabel("Moderator", { exact: true }).check();
    await boss.page
      .getByLabel("Reason", { exact: true })
      .fill("Answers players' questions in the chat");
    await boss.page.getByRole("button", { name: "Grant role" }).click();
    await boss.page
      .getByText("Pip Helper is now a moderator")
      .waitFor({ state: "visible" });
    await boss.page.getByText(helper.user.email).waitFor({ state: "visible" });

    await boss.page.getByRole("link", { name: "Audit log" }).click();
    await boss.page
      .getByText("Answers players' questions in the chat")
      .waitFor({ state: "visible" });
    await boss.page
      .getByText("By Ada Boss · Pip Helper")
      .waitFor({ state: "visible" });

    await player.page.reload();
    await player.page
      .getByRole("button", { name: "Your account, Pip Helper" })
      .click();
    await player.page.getByRole("link", { name: "Moderation" }).click();
    await player.page.waitForURL("**/moderation");
    await player.page
      .getByRole("heading", { level: 1 })
      .waitFor({ state: "visible" });
    expect(await player.page.getByText("Page not found").count()).toBe(0);

    expect(boss.errors).toEqual([]);
    expect(player.errors).toEqual([]);
    await boss.context.close();
    await player.context.close();
  });
});

describe("reports", () => {
  it("a player reports a friend's profile from the social page, once", async () => {
    const {
      accounts: [, target],
      pages: [reporter, other],
    } = await twoFriends(
      browser,
      ["Rae Reporter", "Rowdy Name"],
      [PHONE, DESKTOP],
    );
    await other.context.close();
    const { page, errors } = reporter;
    await page.goto("/social");
    await page.getByRole("button", { name: "More for Rowdy Name" }).click();
    await page
      .getByTestId("friend")
      .getByRole("button", { name: "Report", exact: true })
      .click();
    await page.waitForURL(`**/report/player/${target.user._id}`);
    await page.getByRole("heading", { name: "Report a player" }).waitFor();
    await page.getByText("Offensive name").click();
    await page.getByLabel(/^Details/).fill("The name insults people");
    await page.getByRole("button", { name: "Send report" }).click();
    await page
      .getByText("Thanks. A moderator will look at it.")
      .waitFor({ state: "visible" });
    await page.reload();
    await page
      .getByText("You have already reported this.")
      .waitFor({ state: "visible" });
    expect(errors).toEqual([]);
    await reporter.context.close();
  });
});
