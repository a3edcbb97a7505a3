import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newAccount,
  pageFor,
  twoFriends,
  api,
  unique,
} from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const chat = (page: Page) => page.getByTestId("chat-panel");
const bubbles = (page: Page) =>
  chat(page).locator(".chat-msg__bubble").allInnerTexts();
const field = (page: Page) => chat(page).getByRole("textbox");
const notSentYet = (page: Page) =>
  chat(page).getByRole("img", { name: "Not sent yet" }).count();

type Frame = {
  event?: string;
  id?: string;
  ack?: string;
  data?: { id?: string; msg_id?: string };
};

/** The frames of the page's user socket (`/ws`), both ways, from its next connection on. */
function userSocketFrames(page: Page) {
  const frames = { sent: [] as Frame[], received: [] as Frame[] };
  const parse = (payload: string | Buffer): Frame | null => {
    try {
      return JSON.parse(payload.toString()) as Frame;
    } catch {
      return null;
    }
  };
  page.on("websocket", (socket) => {
    if (!new URL(socket.url()).pathname.endsWith("/ws")) return;
    socket.on("framesent", ({ payload }) => {
      const frame = parse(payload);
      if (frame) frames.sent.push(frame);
    });
    socket.on("framereceived", ({ payload }) => {
      const frame = parse(payload);
      if (frame) frames.received.push(frame);
    });
  });
  return frames;
}

/** Whether the element's middle is what a tap there would hit (nothing covers it, no scroll clips it). */
const onTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(
      box.left + box.width / 2,
      box.top + box.height / 2,
    );
    return hit !== null && element.contains(hit);
  });

describe("chat order and state (issue #31 items 9, 10, 21)", () => {
  it("shows two players typing at once the same order on both screens, the stored one, and again after a reload", async () => {
    const id = unique();
    const {
      accounts: [ada, bea],
      pages: [a, b],
    } = await twoFriends(browser, [`Ada Order ${id}`, `Bea Order ${id}`]);
    const frames = userSocketFrames(b.page);
    await a.page.goto(`/social?chat=${bea.user._id}`);
    await b.page.goto(`/social?chat=${ada.user._id}`);
    await chat(a.page)
      .getByText(/^Say hi/)
      .waitFor();
    await chat(b.page)
      .getByText(/^Say hi/)
      .waitFor();

    // Item 21: beside the open chat on a desktop every Social tab is whole and can be clicked.
    for (const name of [
      "Friends",
      "Messages",
      "Find People",
      "Invite",
      "Blocked",
    ])
      expect(
        await onTop(a.page, `[role=tab]:text-is("${name}")`),
        `${name} tab`,
      ).toBe(true);

    const write = async (page: Page, who: string) => {
      for (let index = 1; index <= 4; index++) {
        await field(page).fill(`${who}${index}`);
        await field(page).press("Enter");
      }
    };
    await Promise.all([write(a.page, "A"), write(b.page, "B")]);
    await expect.poll(async () => (await bubbles(a.page)).length).toBe(8);
    await expect.poll(async () => (await bubbles(b.page)).length).toBe(8);
    await expect.poll(() => notSentYet(a.page)).toBe(0);
    await expect.poll(() => notSentYet(b.page)).toBe(0);
    const live = await bubbles(a.page);
    expect(await bubbles(b.page)).toEqual(live);

    // Typing notes, receipts and reports of seen go without an id, and the hub answers them with no ack
    // (UNQUEUED_USER_EVENTS, UNANSWERED_USER_EVENTS).
    const withoutId = frames.sent.filter(
      (frame) => frame.event !== "new_message" && frame.event !== "ping",
    );
    expect(new Set(withoutId.map((frame) => frame.event))).toEqual(
      new Set(["typing_note", "messages_received", "message_status"]),
    );
    expect(withoutId.filter((frame) => frame.id !== undefined)).toEqual([]);
    // Each of Bea's four messages is answered by one frame, its echo carrying the ack (ADR 058): her page gets no
    // ack frame at all.
    const sentMessages = frames.sent.filter(
      (frame) => frame.event === "new_message",
    );
    expect(sentMessages).toHaveLength(4);
    const echoes = frames.received.filter(
      (frame) => frame.event === "new_message" && frame.ack !== undefined,
    );
    expect(echoes.map((frame) => frame.ack).sort()).toEqual(
      sentMessages.map((frame) => frame.id).sort(),
    );
    expect(frames.received.filter((frame) => frame.event === "ack")).toEqual(
      [],
    );

    await b.page.reload();
    await expect.poll(() => bubbles(b.page)).toEqual(live);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("offline, shows a message as not sent yet above the notice instead of under it, then sent once back", async () => {
    const id = unique();
    const {
      accounts: [, bea],
      pages: [a],
    } = await twoFriends(
      browser,
      [`Ada Away ${id}`, `Bea Away ${id}`],
      [PHONE, PHONE],
    );
    await a.page.goto(`/social?chat=${bea.user._id}`);
    await chat(a.page)
      .getByText(/^Say hi/)
      .waitFor();
    await a.context.setOffline(true);
    await chat(a.page).getByText("You're offline.", { exact: false }).waitFor();
    await field(a.page).fill("Written in a tunnel");
    await field(a.page).press("Enter");
    const newest = chat(a.page).getByTestId("chat-message").last();
    await newest.getByRole("img", { name: "Not sent yet" }).waitFor();
    expect(
      await newest.getByRole("img", { name: "Sent", exact: true }).count(),
    ).toBe(0);
    expect(
      await onTop(
        a.page,
        "[data-testid=chat-message]:last-child .chat-msg__bubble",
      ),
    ).toBe(true);

    await a.context.setOffline(false);
    await newest.getByRole("img", { name: /^(Sent|Delivered)$/ }).waitFor();
    // Offline, the socket's reconnects and whatever the page asks for fail (how many depends on how long the machine
    // takes): those are the page's only console errors.
    expect(
      a.errors.filter(
        (line) =>
          !line.includes("WebSocket") &&
          !line.includes("net::ERR_INTERNET_DISCONNECTED"),
      ),
    ).toEqual([]);
    await a.context.close();
  });

  it("gives a stranger a disabled message field with the reason", async () => {
    const id = unique();
    const [cy, dee] = [
      await newAccount(`Cy Stranger ${id}`),
      await newAccount(`Dee Stranger ${id}`),
    ];
    // Cy follows Dee, who does not follow back.
    await api(cy, "/api/social/follow", {
      from: cy.user._id,
      to: dee.user._id,
    });
    const { context, page, errors } = await pageFor(browser, cy, DESKTOP);
    await page.goto(`/social?chat=${dee.user._id}`);
    await chat(page)
      .getByText(
        "You can chat with friends who follow you back. Follow each other to start a chat.",
      )
      .waitFor();
    expect(await field(page).isDisabled()).toBe(true);
    // The history's refusal (403) is the one console line.
    expect(errors.filter((line) => !line.includes("403"))).toEqual([]);
    await context.close();
  });
});
