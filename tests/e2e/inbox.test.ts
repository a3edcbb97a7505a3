import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, baseURL, launchBrowser, twoFriends, unique } from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Social in the menu that page shows: the bottom bar on a phone, the side menu on a desktop. */
const socialLink = (page: Page, menu: "Primary" | "Main") =>
  page
    .getByRole("navigation", { name: menu })
    .getByRole("link", { name: /^Social/ });

const socialName = (page: Page, menu: "Primary" | "Main") =>
  socialLink(page, menu).getAttribute("aria-label");
const badgeText = async (page: Page, menu: "Primary" | "Main") => {
  const badge = socialLink(page, menu).getByTestId("unread-messages-badge");
  return (await badge.count()) > 0 ? badge.innerText() : null;
};

describe("the chat inbox", () => {
  it("shows a friend's messages unread in Messages and on Social in both menus, in every tab, and clears them when the chat is opened", async () => {
    const id = unique();
    const {
      accounts: [ada, bea],
      pages: [a, b],
    } = await twoFriends(browser, [`Ada Inbox ${id}`, `Bea Inbox ${id}`]);

    // Ada has no conversation yet.
    await a.page.goto("/social?tab=messages");
    await a.page.getByText("No messages yet").waitFor();
    expect(await socialName(a.page, "Main")).toBeNull();
    // A second tab of Ada, at phone size: the bottom bar.
    const other = await a.context.newPage();
    await other.setViewportSize(PHONE);
    await other.goto("/home");
    expect(await socialName(other, "Primary")).toBe("Social");

    // Bea writes twice from her chat with Ada.
    await b.page.goto(`/social?chat=${ada.user._id}`);
    const field = b.page
      .getByTestId("chat-panel")
      .getByRole("textbox", { name: `Message ${ada.user.name}` });
    for (const text of ["Are you there?", "Rematch at tower stack?"]) {
      await field.fill(text);
      await field.press("Enter");
    }

    // Both of Ada's tabs count them live, without a reload.
    await expect
      .poll(() => socialName(a.page, "Main"))
      .toBe("Social, 2 unread messages");
    expect(await badgeText(a.page, "Main")).toBe("2");
    await expect
      .poll(() => socialName(other, "Primary"))
      .toBe("Social, 2 unread messages");
    expect(await badgeText(other, "Primary")).toBe("2");
    const row = a.page
      .getByTestId("inbox-row")
      .filter({ hasText: bea.user.name });
    await expect
      .poll(() => row.innerText())
      .toMatch(/Rematch at tower stack\?\s*2\s*unread messages/);
    await row.getByRole("img", { name: "Online" }).waitFor();

    // A page drawn by the server says the same (the loaders read the hub).
    await other.reload();
    expect(await badgeText(other, "Primary")).toBe("2");

    // Without JavaScript the server draws the same row.
    const html = await (
      await fetch(`${baseURL()}/social?tab=messages`, {
        headers: { Cookie: `pf_session=${ada.token}` },
      })
    ).text();
    expect(html).toContain('data-testid="inbox-row"');
    expect(html).toContain("Rematch at tower stack?");
    expect(html).toContain('aria-label="Social, 2 unread messages"');

    // The second tab opens Messages too, which lists the conversation.
    await other.goto("/social?tab=messages");
    await other
      .getByTestId("inbox-row")
      .filter({ hasText: bea.user.name })
      .waitFor();

    // Ada opens the chat from its row: the messages are seen, and the count and badge clear in both tabs.
    await row.click();
    await a.page.waitForURL(new RegExp(`/social\\?chat=${bea.user._id}$`));
    await a.page
      .getByTestId("chat-panel")
      .getByText("Rematch at tower stack?")
      .waitFor();
    await expect.poll(() => badgeText(a.page, "Main")).toBeNull();
    expect(await socialName(a.page, "Main")).toBeNull();
    await expect.poll(() => badgeText(other, "Primary")).toBeNull();
    expect(await socialName(other, "Primary")).toBe("Social");
    await expect.poll(() => row.innerText()).not.toMatch(/unread/);

    // Bea's chat shows them seen.
    await expect
      .poll(() =>
        b.page
          .getByTestId("chat-message")
          .filter({ hasText: "Rematch at tower stack?" })
          .getByTestId("message-status")
          .getAttribute("aria-label"),
      )
      .toBe("Seen");

    // Ada answers from the other tab: the row shows her answer and counts nothing.
    const otherRow = other
      .getByTestId("inbox-row")
      .filter({ hasText: bea.user.name });
    await otherRow.click();
    const answer = other
      .getByTestId("chat-panel")
      .getByRole("textbox", { name: `Message ${bea.user.name}` });
    await answer.fill("On my way");
    await answer.press("Enter");
    await expect.poll(() => row.innerText()).toMatch(/You: On my way/);
    expect(await badgeText(a.page, "Main")).toBeNull();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
