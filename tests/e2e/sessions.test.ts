import type { Browser, WebSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PHONE,
  launchBrowser,
  newAccount,
  pageFor,
  sessionTied,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("sessions end everywhere", () => {
  it("closes the socket of a tab left open when the player logs out in another tab, and that tab then shows a visitor", async () => {
    const account = await newAccount(`Two Tab Tess ${Date.now() % 100_000}`);
    const {
      context,
      page: idle,
      errors,
    } = await pageFor(browser, account, PHONE);
    const sockets: WebSocket[] = [];
    idle.on("websocket", (socket) => {
      if (new URL(socket.url()).pathname === "/ws") sockets.push(socket);
    });
    const opened = idle.waitForEvent("websocket", {
      predicate: (socket) => new URL(socket.url()).pathname === "/ws",
    });
    const tied = sessionTied(idle);
    await idle.goto("/social");
    const socket = await opened;
    expect((await tied).status()).toBe(200);
    const closed = new Promise<void>((resolve) =>
      socket.on("close", () => resolve()),
    );

    const other = await context.newPage();
    await other.goto("/");
    const loggedOut = await other.evaluate(
      async () => (await fetch("/auth/logout", { method: "POST" })).status,
    );
    expect(loggedOut).toBe(200);

    await closed;
    // The idle tab learns it from the socket and reloads its data: the header offers to log in again.
    await idle
      .locator(".site-header")
      .getByRole("button", { name: "Log in" })
      .waitFor();
    // It does not knock on the door again: the one socket it had is the only one it ever opened.
    expect(sockets).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
