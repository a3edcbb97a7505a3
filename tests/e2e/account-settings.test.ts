import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newAccount,
  openPage,
  pageFor,
  sessionTied,
  unique,
} from "./browser";
import { linkFromMail, mailsTo } from "./mail";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = "Secret@123";

const section = (page: Page, name: string) =>
  page.getByRole("region", { name });

/** Logs in through the /login page, as a person on another device does. */
async function logInOnPage(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login?redirectTo=/settings");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL("**/settings");
}

describe("account settings in the browser", () => {
  it("changes the e-mail address through the link mailed to it, then logs in with the new address", async () => {
    const account = await newAccount(`Mover ${unique()}`);
    const oldEmail = account.user.email;
    const newEmail = `moved.${unique()}@example.com`;
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    await page.goto("/settings");
    const email = section(page, "E-mail address");
    await email.getByLabel("New e-mail address").fill(newEmail);
    await email.getByLabel("Current password").fill(PASSWORD);
    await email
      .getByRole("button", { name: "Send a confirmation link" })
      .click();
    await email
      .getByText(
        `We sent a link to ${newEmail}. Confirm it to finish the change.`,
      )
      .first()
      .waitFor();
    const notice = await mailsTo(oldEmail);
    expect(notice[0].text).toContain(
      `Your Playfeed e-mail address is being changed to ${newEmail}`,
    );

    // The link is opened where the mail is read: a browser that is not signed in.
    const link = await linkFromMail(newEmail, /Confirm your new/);
    const mailbox = await openPage(browser, PHONE);
    await mailbox.page.goto(link);
    await mailbox.page
      .getByRole("button", { name: "Confirm this address" })
      .click();
    await mailbox.page
      .getByRole("heading", { name: "Your e-mail address is changed" })
      .waitFor();
    const changed = await linkFromMail(oldEmail, /was changed/);
    expect(changed).toContain("/contact");

    await mailbox.page.getByRole("link", { name: "Log in" }).click();
    await logInOnPage(mailbox.page, newEmail);
    await section(mailbox.page, "E-mail address").getByText(newEmail).waitFor();
    expect(errors).toEqual([]);
    expect(mailbox.errors).toEqual([]);
    await Promise.all([context.close(), mailbox.context.close()]);
  });

  it("signs out another device from the devices list, and that browser shows it is signed out", async () => {
    const account = await newAccount(`Two Phones ${unique()}`);
    const mine = await pageFor(browser, account, DESKTOP);
    const other = await openPage(browser, PHONE);
    // The other browser's user socket opens as soon as it is signed in.
    const opened = other.page.waitForEvent("websocket", {
      predicate: (socket) => new URL(socket.url()).pathname === "/ws",
    });
    // SPEC.md §7: the page ties its session to its socket 5 s after load; signed out before, that post is refused.
    const tied = sessionTied(other.page);
    await logInOnPage(other.page, account.user.email);
    const socket = await opened;
    expect((await tied).status()).toBe(200);
    const closed = new Promise<void>((resolve) =>
      socket.on("close", () => resolve()),
    );

    await mine.page.goto("/settings");
    const devices = section(mine.page, "Signed-in devices");
    await devices.getByText("This device", { exact: true }).waitFor();
    const rows = devices.getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(2);
    await devices.getByRole("button", { name: /^Sign out Chrome/ }).click();
    await devices.getByText("That device is signed out.").waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await closed;
    // Told by its closed socket, the other browser reads its page again: /settings now sends it to log in.
    await other.page.waitForURL("**/login?redirectTo=%2Fsettings");
    await other.page.getByLabel("Email", { exact: true }).waitFor();
    // This browser is still signed in.
    await mine.page.reload();
    await devices.getByText("This device", { exact: true }).waitFor();
    expect(mine.errors).toEqual([]);
    // Chromium logs a ping sent in the instant between the server's close and the client hearing it
    // (app/lib/socket-client.ts `transmit`); the socket client already treats that as the socket going away.
    expect(
      other.errors.filter(
        (error) =>
          !error.endsWith("WebSocket is already in CLOSING or CLOSED state."),
      ),
    ).toEqual([]);
    await Promise.all([mine.context.close(), other.context.close()]);
  });
});
