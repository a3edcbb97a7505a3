import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bin, quietEnv, root, run } from "../../scripts/lib.mjs";
import {
  baseURL,
  DESKTOP,
  launchBrowser,
  newAccount,
  openPage,
  pageFor,
  PHONE,
  twoFriends,
  unique,
  type Account,
} from "./browser";

/**
 * Issue #34, the moderation queue (ADR 045): a player reports a friend's chat message from the chat; a moderator, in a
 * third browser, hides it with a reason; both players' open chats show "Message removed" at once and the reporter
 * hears the outcome live. A suspended player cannot log in and is told why.
 */

let browser: Browser;
let moderator: Account;

const chat = (page: Page) => page.getByTestId("chat-panel");
const messages = (page: Page) => chat(page).getByTestId("chat-message");

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await newAccount("Mod Mira");
  // A moderator is made as `npm run moderator` makes one: a role on the account, straight in the database.
  run(
    bin("wrangler"),
    [
      ...["d1", "execute", "DB", "--local"],
      ...["--persist-to", inject("persistTo")],
      ...[
        "--command",
        `update users set role = 'moderator' where id = ${moderator.user._id}`,
      ],
    ],
    { cwd: root, env: quietEnv, stdio: "ignore" },
  );
}, 60_000);

afterAll(() => browser?.close());

describe("a reported chat message", () => {
  it("is hidden by a moderator: both open chats show it removed and the reporter hears the outcome live", async () => {
    const rude = `You play like a potato ${unique()}`;
    const { accounts, pages } = await twoFriends(browser, [
      "Rowdy Rex",
      "Patient Pia",
    ]);
    const [rex, pia] = accounts;
    const [a, b] = pages;
    await a.page.goto(`/social?chat=${pia.user._id}`);
    await b.page.goto(`/social?chat=${rex.user._id}`);
    const field = chat(a.page).getByRole("textbox", {
      name: "Message Patient Pia",
    });
    await field.fill(rude);
    await field.press("Enter");
    const received = messages(b.page).filter({ hasText: rude });
    await received.waitFor();

    await received.getByRole("button", { name: /^Report/ }).click();
    const dialog = b.page.getByRole("dialog", { name: "Report message" });
    await dialog.getByRole("textbox").fill("Insulting me in chat");
    await dialog.getByRole("button", { name: "Report" }).click();
    await b.page
      .getByRole("heading", { name: "Thanks for telling us" })
      .waitFor();
    await b.page.getByRole("button", { name: "Done" }).click();

    const mod = await pageFor(browser, moderator, DESKTOP);
    await mod.page.goto("/moderation");
    await mod.page.getByRole("link", { name: new RegExp(rude) }).click();
    await mod.page.waitForURL(/\/moderation\/reports\/message\//);
    await mod.page.getByText("Patient Pia").first().waitFor();
    await mod.page
      .getByLabel(/^Reason/)
      .fill("Insults are against the chat rules");
    await mod.page.getByRole("button", { name: "Hide message" }).click();
    await mod.page
      .getByText("The message is removed for both players")
      .waitFor();

    for (const page of [a.page, b.page])
      await expect
        .poll(() =>
          messages(page).getByText("Message removed", { exact: true }).count(),
        )
        .toBe(1);
    expect(await messages(a.page).filter({ hasText: rude }).count()).toBe(0);
    expect(await messages(b.page).filter({ hasText: rude }).count()).toBe(0);
    await expect
      .poll(() => b.page.getByTestId("notification-toast").innerText())
      .toContain("A moderator reviewed your report of a chat message");

    // After a reload the history says the same.
    await b.page.reload();
    await messages(b.page)
      .getByText("Message removed", { exact: true })
      .waitFor();
  });

  it("lets a moderator suspend a player, who then cannot log in and is told why", async () => {
    const target = await newAccount("Banned Bo");
    const reporter = await newAccount("Careful Cy");
    // The profile report door is part 4's; this report is stored as that door stores one.
    run(
      bin("wrangler"),
      [
        ...["d1", "execute", "DB", "--local"],
        ...["--persist-to", inject("persistTo")],
        ...[
          "--command",
          `insert into reports (reporter_id, reported_user_id, target_type, target_id, content, reason) values (${reporter.user._id}, ${target.user._id}, 'profile', '${target.user._id}', 'Banned Bo', 'Cheats and insults')`,
        ],
      ],
      { cwd: root, env: quietEnv, stdio: "ignore" },
    );
    // The moderator's browser runs no scripts: the page and its form work the same without them.
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseURL(),
      javaScriptEnabled: false,
    });
    await context.addCookies([
      {
        name: "pf_session",
        value: moderator.token,
        url: baseURL(),
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    const modPage = await context.newPage();
    await modPage.goto(`/moderation/reports/profile/${target.user._id}`);
    await modPage.getByLabel(/^Reason/).fill("Repeated cheating");
    await modPage.getByRole("button", { name: "Suspend account" }).click();
    await modPage
      .getByText("The account is suspended and signed out everywhere")
      .waitFor();
    await modPage.getByRole("button", { name: "Unsuspend" }).waitFor();
    await context.close();

    const { page } = await openPage(browser, PHONE);
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(target.user.email);
    await page.getByLabel("Password", { exact: true }).fill("Secret@123");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page
      .getByText("Your account has been suspended: Repeated cheating")
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
