import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import { OFFLINE_GRACE_MS, USER_SILENCE_MS } from "#contract/user-socket";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  pageFor,
  twoFriends,
} from "./browser";

/*
 * Issue #31 items 1, 2 and 13: a phone that loses its signal (no close reaches the server) is counted gone by its
 * silence, on friends' screens and in the lobby, and a reload never shows a friend offline for a moment.
 */

let browser: Browser;
let games: Game[];

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/** The join's answer said "waiting": the countdown shows its seconds ("Searching..." shows before the answer too). */
const searching = (page: Page) =>
  page.getByTestId("countdown").getByText(/^\d+$/).waitFor();

/** Records on the page whether the friend's Online dot ever went away, from now on. */
const watchForBlink = (page: Page, name: string) =>
  page.evaluate((friend) => {
    const w = window as unknown as { blinked: boolean };
    w.blinked = false;
    const dotOf = () =>
      [...document.querySelectorAll('[data-testid="friend"]')]
        .find((row) => row.textContent?.includes(friend))
        ?.querySelector('[role="img"][aria-label="Online"]');
    new MutationObserver(() => {
      if (!dotOf()) w.blinked = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, name);

describe("presence when a phone reloads or loses its signal", () => {
  it("keeps a reloading friend's dot on, and takes it off within the silence when their phone goes offline", async () => {
    const names: [string, string] = ["Desk Dana", "Phone Pia"];
    const {
      pages: [desk, phone],
    } = await twoFriends(browser, names);
    await desk.page.goto("/social");
    await phone.page.goto("/home");
    const piaRow = desk.page
      .getByTestId("friend")
      .filter({ hasText: names[1] });
    await piaRow.getByRole("img", { name: "Online" }).waitFor();

    // Pia reloads: her old socket closes and a new one opens. Dana's dot stays on throughout.
    await watchForBlink(desk.page, names[1]);
    const reconnected = phone.page.waitForEvent("websocket", {
      predicate: (socket) => socket.url().endsWith("/ws"),
    });
    await phone.page.reload();
    await (
      await reconnected
    ).waitForEvent("framereceived", {
      predicate: (frame) => String(frame.payload).includes('"connected"'),
    });
    // An "offline" would have been told by now (at the close, or once the grace ran out without a socket).
    await desk.page
      .waitForFunction(() => (window as { blinked?: boolean }).blinked, null, {
        timeout: OFFLINE_GRACE_MS + 1_000,
      })
      .catch(() => undefined);
    expect(
      await desk.page.evaluate(() => (window as { blinked?: boolean }).blinked),
    ).toBe(false);

    // Pia's phone loses its signal: no close reaches the server, only silence.
    await phone.context.setOffline(true);
    const wentAt = Date.now();
    await piaRow
      .getByRole("img", { name: "Online" })
      .waitFor({ state: "detached", timeout: USER_SILENCE_MS + 10_000 });
    expect(Date.now() - wentAt).toBeGreaterThan(USER_SILENCE_MS - 4_000);
    await phone.context.close();
    await desk.context.close();
  });

  it("does not pair anyone with a waiting player whose phone went offline", async () => {
    const game = games.find((candidate) => candidate.slug === "tower-stack")!;
    const [lost, next] = [
      await newAccount("Lost Lina"),
      await newAccount("Next Noor"),
    ];
    const phone = await pageFor(browser, lost, PHONE);
    const desk = await pageFor(browser, next, DESKTOP);
    await phone.page.goto(`/waiting/${game._id}`);
    await searching(phone.page);
    const waitedAt = Date.now();
    await phone.context.setOffline(true);
    // The phone's own pings go unanswered: it says so, by which time the server has not heard from it for 3 s.
    await phone.page.getByTestId("reconnecting").waitFor({ timeout: 10_000 });

    await desk.page.goto(`/waiting/${game._id}`);
    const found = desk.page.getByText("Opponent found!");
    await desk.page
      .getByTestId("countdown")
      .getByText(/^\d+$/)
      .or(found)
      .first()
      .waitFor();
    // Lina's 10 s wait was still on: without the rule she would have been paired.
    expect(Date.now() - waitedAt).toBeLessThan(10_000);
    expect(await desk.page.getByText("Opponent found!").count()).toBe(0);
    await phone.context.close();
    await desk.context.close();
  });
});
