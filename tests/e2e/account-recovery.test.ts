import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LINK_TEXT } from "#contract/account-links";
import { MESSAGES } from "#contract/validation";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newAccount,
  openPage,
  pageFor,
  sessionTied,
} from "./browser";
import { linkFromMail } from "./mail";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NEW_PASSWORD = "Changed@2026";

/**
 * A signed-in page whose header shows the player, its user socket connected. A public page: once signed out it
 * reloads its data as a visitor's (a page for players only would then answer 401, as it does to any visitor).
 * Resolves when the page has tied its session to its socket.
 */
async function signedInPage(page: Page): Promise<void> {
  const tied = sessionTied(page);
  await page.goto("/home");
  await page
    .locator(".site-header")
    .getByRole("button", { name: /^Your account, / })
    .waitFor();
  expect((await tied).status()).toBe(200);
}

async function logInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

describe("a forgotten password", () => {
  it("is reset through the mailed link in a third browser: the other two are signed out live, the old password stops working", async () => {
    const account = await newAccount(`Forgetful Fay ${Date.now() % 100_000}`);
    const email = account.user.email;
    const first = await pageFor(browser, account, PHONE);
    const second = await pageFor(browser, account, DESKTOP);
    await Promise.all([signedInPage(first.page), signedInPage(second.page)]);

    const third = await openPage(browser, PHONE);
    const { page } = third;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    // The address bar changes before the page does: until the new page is on screen, "Email" is the log-in form's.
    await page
      .getByRole("heading", { name: "Forgot password?", level: 1 })
      .waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(ACCOUNT_LINK_TEXT.resetSent).waitFor();

    const link = await linkFromMail(email, /new Playfeed password/);
    await page.goto(new URL(link).pathname);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL("**/login?password=changed");
    await page.getByText(ACCOUNT_LINK_TEXT.passwordChanged).waitFor();

    // Their sockets are closed by the server; each page reloads its data and shows a visitor's header.
    for (const other of [first.page, second.page])
      await other
        .locator(".site-header")
        .getByRole("button", { name: "Log in" })
        .waitFor();

    await logInOnPage(page, email, "Secret@123");
    await page.getByText(MESSAGES.loginFailed).waitFor();
    await logInOnPage(page, email, NEW_PASSWORD);
    await page.waitForURL("**/home");

    // The link worked once.
    await page.goto(new URL(link).pathname);
    await page.getByText(ACCOUNT_LINK_TEXT.linkUsed).waitFor();
    await page.getByRole("link", { name: "Send me a new link" }).waitFor();

    expect([...first.errors, ...second.errors]).toEqual([]);
    for (const opened of [first, second, third]) await opened.context.close();
  });
});

describe("a verified e-mail address", () => {
  it("is verified by the link mailed at sign-up, sent again from the profile", async () => {
    const account = await newAccount(`Verify Vera ${Date.now() % 100_000}`);
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    await page.goto("/user-info");
    await page.getByText(ACCOUNT_LINK_TEXT.notVerified).waitFor();
    await page.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText(ACCOUNT_LINK_TEXT.verifySent).waitFor();

    const link = await linkFromMail(account.user.email, /Verify your e-mail/);
    await page.goto(new URL(link).pathname);
    await page
      .getByRole("heading", { name: ACCOUNT_LINK_TEXT.emailVerified })
      .waitFor();
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await page.getByRole("heading", { name: "Edit your profile" }).waitFor();
    expect(await page.getByText(ACCOUNT_LINK_TEXT.notVerified).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
