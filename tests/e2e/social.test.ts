import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  pageFor,
  befriend,
  unique,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EMPTY_FRIENDS =
  "Your friend's list is empty. Go to Find People and start making friends";
/** Names are searched by prefix: a number makes each run's players easy to find. */

const chat = (page: Page) => page.getByTestId("chat-panel");
const messages = (page: Page) => chat(page).getByTestId("chat-message");
const messageTexts = (page: Page) =>
  messages(page).locator(".chat-msg__bubble").allInnerTexts();
/** The tick of the viewer's own message with this text: Sent, Delivered or Seen. */
const statusOf = (page: Page, text: string) =>
  messages(page)
    .filter({ hasText: text })
    .getByTestId("message-status")
    .getAttribute("aria-label");

/** Find People: search by name, Follow, and see Following, disabled (SPEC.md §4 Follow). */
async function follow(page: Page, name: string) {
  await page.getByRole("tab", { name: "Find People" }).click();
  await page.getByRole("searchbox", { name: "Search friend here" }).fill(name);
  const row = page.getByTestId("person").filter({ hasText: name });
  await row.getByRole("button", { name: `Follow ${name}` }).click();
  const following = row.getByRole("button", { name: "Following" });
  await following.waitFor();
  expect(await following.isDisabled()).toBe(true);
  await page.getByRole("tab", { name: "Friends" }).click();
}

describe("social", () => {
  it("shows a new player the empty friends list, no people for an unknown name, and their invite link", async () => {
    const { context, page, errors } = await pageFor(
      browser,
      await newAccount(`Nova Fresh ${unique()}`),
      PHONE,
    );
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: baseURL(),
    });
    await page.goto("/social");
    await page.getByText(EMPTY_FRIENDS).waitFor();

    await page.getByRole("link", { name: "Find People" }).click();
    expect(
      await page
        .getByRole("tab", { name: "Find People" })
        .getAttribute("aria-selected"),
    ).toBe("true");
    await page
      .getByRole("searchbox", { name: "Search friend here" })
      .fill("Qqzzx nobody");
    await page.getByText("You don't have people").waitFor();

    await page.getByRole("tab", { name: "Invite" }).click();
    const link = page.getByTestId("invite-url");
    await expect
      .poll(() => link.inputValue())
      .toMatch(new RegExp(`^${baseURL()}/invite/[a-z0-9]{6,24}$`));
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await link.inputValue(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets two players follow each other and chat live: typing, delivered then seen, an alert, and messages kept while one is offline", async () => {
    const id = unique();
    const [ada, bea] = [
      await newAccount(`Ada Social ${id}`),
      await newAccount(`Bea Social ${id}`),
    ];
    const [adaName, beaName] = [ada.user.name, bea.user.name];
    const a = await pageFor(browser, ada, DESKTOP);
    let b = await pageFor(browser, bea, PHONE);

    // Each finds the other through Find People and follows.
    await Promise.all([a.page.goto("/social"), b.page.goto("/social")]);
    await Promise.all([
      a.page.getByText(EMPTY_FRIENDS).waitFor(),
      b.page.getByText(EMPTY_FRIENDS).waitFor(),
    ]);
    await follow(a.page, beaName);
    // Until Bea follows back, Ada's list says the chat waits for that.
    await a.page
      .getByTestId("friend")
      .filter({ hasText: beaName })
      .getByText("Not following you back yet")
      .waitFor();
    await follow(b.page, adaName);

    // Both are online: each sees the other in Friends with the green dot.
    const beaRow = a.page.getByTestId("friend").filter({ hasText: beaName });
    await beaRow.getByRole("img", { name: "Online" }).waitFor();
    await b.page
      .getByTestId("friend")
      .filter({ hasText: adaName })
      .getByRole("img", { name: "Online" })
      .waitFor();
    // On the phone the row's buttons are icons, named for screen readers, so the name keeps room to be read.
    const room = await b.page
      .getByTestId("friend")
      .filter({ hasText: adaName })
      .evaluate(
        (row) =>
          row.querySelector(".person__text")!.getBoundingClientRect().width /
          row.getBoundingClientRect().width,
      );
    expect(room).toBeGreaterThan(0.3);

    // Ada opens the chat and writes; Bea, on her friends list, gets the message alert: delivered, not yet seen.
    await beaRow.getByRole("button", { name: `Chat with ${beaName}` }).click();
    await chat(a.page).getByRole("heading", { name: beaName }).waitFor();
    expect(new URL(a.page.url()).search).toBe(`?chat=${bea.user._id}`);
    const adaField = chat(a.page).getByRole("textbox", {
      name: `Message ${beaName}`,
    });
    await adaField.fill("   ");
    await adaField.press("Enter");
    expect(await messages(a.page).count()).toBe(0);
    await adaField.fill("Hello Bea!");
    await adaField.press("Enter");
    await expect.poll(() => messageTexts(a.page)).toEqual(["Hello Bea!"]);
    const alert = b.page.getByTestId("message-alert");
    await alert.waitFor();
    expect(await alert.innerText()).toContain(adaName);
    expect(await alert.innerText()).toContain("Hello Bea!");
    await expect.poll(() => statusOf(a.page, "Hello Bea!")).toBe("Delivered");

    // Bea taps the alert: her chat opens with the message, and Ada sees it seen.
    await alert.getByRole("link").click();
    await b.page.waitForURL(`**/social?chat=${ada.user._id}`);
    await expect.poll(() => messageTexts(b.page)).toEqual(["Hello Bea!"]);
    await expect.poll(() => statusOf(a.page, "Hello Bea!")).toBe("Seen");
    expect(await messages(b.page).first().locator("time").innerText()).toMatch(
      /^\d{2}:\d{2} (AM|PM) \d{2}-[A-Z][a-z]{2}-\d{4}$/,
    );

    // Ada types: Bea sees 'Typing...', which clears a few seconds after Ada stops.
    await adaField.pressSequentially("Rematch at", { delay: 120 });
    await chat(b.page).getByText("Typing...").waitFor();
    const stoppedAt = Date.now();
    await expect
      .poll(() => chat(b.page).getByText("Typing...").count(), {
        timeout: 6_000,
      })
      .toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);

    // Ada sends; Bea's open chat shows it at once, and it is seen straight away.
    await adaField.pressSequentially(" tower stack?");
    await chat(a.page).getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => messageTexts(b.page))
      .toEqual(["Hello Bea!", "Rematch at tower stack?"]);
    await expect
      .poll(() => statusOf(a.page, "Rematch at tower stack?"))
      .toBe("Seen");
    expect(await b.page.getByTestId("message-alert").count()).toBe(0);

    // Bea goes offline; Ada sees it live and writes twice, which stays 'Sent'.
    await b.context.close();
    await chat(a.page).getByText("Offline", { exact: true }).waitFor();
    expect(await beaRow.getByRole("img", { name: "Online" }).count()).toBe(0);
    for (const text of [
      "First while you were away",
      "Second while you were away",
    ]) {
      await adaField.fill(text);
      await adaField.press("Enter");
    }
    await expect
      .poll(() => statusOf(a.page, "Second while you were away"))
      .toBe("Sent");
    expect(await statusOf(a.page, "First while you were away")).toBe("Sent");

    // Bea comes back in a new browser and opens the chat: everything is there, in order; Ada sees both seen.
    b = await pageFor(browser, bea, PHONE);
    await b.page.goto(`/social?chat=${ada.user._id}`);
    await expect
      .poll(() => messageTexts(b.page))
      .toEqual([
        "Hello Bea!",
        "Rematch at tower stack?",
        "First while you were away",
        "Second while you were away",
      ]);
    await expect
      .poll(() => statusOf(a.page, "Second while you were away"))
      .toBe("Seen");
    expect(await statusOf(a.page, "First while you were away")).toBe("Seen");

    // Bea reports one of Ada's messages, then blocks her: the chat closes and Ada leaves her friends list.
    await messages(b.page)
      .filter({ hasText: "Second while you were away" })
      .getByRole("button", { name: /^Report/ })
      .click();
    const report = b.page.getByRole("dialog", { name: "Report message" });
    await report.getByRole("textbox").fill("Testing the report button");
    await report.getByRole("button", { name: "Report" }).click();
    await b.page
      .getByRole("heading", { name: "Thanks for telling us" })
      .waitFor();
    await b.page.getByRole("button", { name: "Done" }).click();
    await messages(b.page)
      .filter({ hasText: "Second while you were away" })
      .getByText("Reported")
      .waitFor();

    await chat(b.page)
      .getByRole("button", { name: `More for ${adaName}` })
      .click();
    await chat(b.page).getByRole("button", { name: "Block" }).click();
    await b.page
      .getByRole("dialog", { name: `Block ${adaName}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await expect.poll(() => chat(b.page).count()).toBe(0);
    expect(new URL(b.page.url()).search).toBe("");
    await b.page.getByText(EMPTY_FRIENDS).waitFor();

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("closes the chat with Esc and gives focus back to the Chat button", async () => {
    const id = unique();
    const [cy, dee] = [
      await newAccount(`Cy Keys ${id}`),
      await newAccount(`Dee Keys ${id}`),
    ];
    // Chat is between friends who follow each other.
    await befriend(cy, dee);
    const { context, page, errors } = await pageFor(browser, cy, DESKTOP);
    await page.goto("/social");
    const chatButton = page.getByRole("button", {
      name: `Chat with ${dee.user.name}`,
    });
    await chatButton.click();
    // With a keyboard at hand the message field has focus.
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.getAttribute("placeholder"),
        ),
      )
      .toBe("Type a message");
    await chat(page).getByText(`Say hi to ${dee.user.name}`).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => chat(page).count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    expect(
      await chatButton.evaluate((button) => button === document.activeElement),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
