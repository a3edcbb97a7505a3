import type { Browser, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PONG_FRAME } from "#contract/protocol-plain";
import { RECEIPT_SILENCE_MS } from "#contract/user-socket-plain";
import { DESKTOP, PHONE, launchBrowser, twoFriends, unique } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const chat = (page: Page) => page.getByTestId("chat-panel");

/**
 * Routes the page's user socket (`/ws`) through the test. Once `wedged` is set, the socket behaves like one the
 * runtime wedged (ADR 055): the pongs to the page's pings still arrive, nothing else the hub sends does. A socket
 * opened after the server closes the wedged one is whole again. Records how the server closed each socket.
 */
async function routeUserSocket(page: Page) {
  const state = {
    wedged: false,
    opened: 0,
    closedByServer: [] as { code?: number; reason?: string }[],
  };
  await page.routeWebSocket(
    (url) => url.pathname === "/ws",
    (socket: WebSocketRoute) => {
      state.opened++;
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (state.wedged && message !== PONG_FRAME) return;
        socket.send(message);
      });
      server.onClose((code, reason) => {
        state.closedByServer.push({ code, reason });
        state.wedged = false;
        void socket.close({ code, reason });
      });
    },
  );
  return state;
}

describe("a chat tab whose socket carries pongs and nothing else (ADR 055)", () => {
  it("is closed by the server once what it was sent goes unacknowledged, reconnects on its own and gets the message once; the sender then sees it delivered", async () => {
    const id = unique();
    const {
      accounts: [ada, bea],
      pages: [a, b],
    } = await twoFriends(
      browser,
      [`Ada Wedge ${id}`, `Bea Wedge ${id}`],
      [DESKTOP, PHONE],
    );
    const beaSocket = await routeUserSocket(b.page);
    await a.page.goto(`/social?chat=${bea.user._id}`);
    await b.page.goto(`/social?chat=${ada.user._id}`);
    for (const page of [a.page, b.page])
      await chat(page)
        .getByText(/^Say hi/)
        .waitFor();

    beaSocket.wedged = true;
    const field = chat(a.page).getByRole("textbox");
    await field.fill("Can you hear me?");
    await field.press("Enter");
    const sent = chat(a.page).getByTestId("chat-message").last();
    await sent.getByRole("img", { name: "Sent", exact: true }).waitFor();

    // Nothing reaches Bea's tab, though its pings are answered: after RECEIPT_SILENCE_MS the hub closes the socket.
    await expect
      .poll(() => beaSocket.closedByServer, {
        timeout: RECEIPT_SILENCE_MS + 20_000,
        interval: 250,
      })
      .toEqual([{ code: 4002, reason: "Nothing acknowledged" }]);
    expect(await chat(b.page).getByText("Can you hear me?").count()).toBe(0);
    expect(await sent.getByRole("img", { name: "Sent" }).count()).toBe(1);

    // Her page opens a new socket by itself and gets the message; Ada sees it delivered (seen: Bea's chat is open).
    await chat(b.page)
      .getByText("Can you hear me?")
      .waitFor({ timeout: 20_000 });
    await sent
      .getByRole("img", { name: /^(Delivered|Seen)$/ })
      .waitFor({ timeout: 10_000 });
    expect(beaSocket.opened).toBe(2);
    expect(await chat(b.page).getByText("Can you hear me?").count()).toBe(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 90_000);
});
