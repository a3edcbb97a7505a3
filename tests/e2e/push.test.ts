import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { PushMessage } from "#contract/push";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  pageFor,
  type Account,
  befriend,
  holdEntryScript,
  unique,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A chat message from `from`, sent on their own user socket as their app would. */
async function sendMessage(from: Account, to: Account, content: string) {
  const socket = new WebSocket(`${baseURL().replace(/^http/, "ws")}/ws`, {
    headers: { Authorization: `Bearer ${from.token}`, Origin: baseURL() },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.on("message", (raw) => {
      const frame = JSON.parse((raw as Buffer).toString()) as { event: string };
      if (frame.event === "connected")
        socket.send(
          JSON.stringify({
            event: "new_message",
            id: "push-e2e",
            data: { to: to.user._id, content, msg_id: `m${unique()}x` },
          }),
        );
      if (frame.event === "ack" || frame.event === "new_message") resolve();
    });
  });
  socket.close();
}

/** What the tests read of the service worker's global scope (the tests' types have no worker library). */
interface WorkerScope {
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<unknown[]>;
  };
  registration: ServiceWorkerRegistration;
}

/** Waits until the app's service worker is installed and active on this page. */
const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== "activated")
      await new Promise<void>((resolve) =>
        worker.addEventListener("statechange", () => {
          if (worker.state === "activated") resolve();
        }),
      );
    return worker.state;
  });

describe("push notifications", () => {
  it("shows a pushed message as a notification with its screen, delivered through the DevTools protocol", async () => {
    const player = await newAccount(`Pax Push ${unique()}`);
    const { context, page, errors } = await pageFor(browser, player, PHONE, {
      serviceWorker: true,
    });
    await context.grantPermissions(["notifications"], { origin: baseURL() });
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      ({ registrations: all }) => {
        for (const { registrationId, scopeURL, isDeleted } of all)
          if (!isDeleted) registrations.set(scopeURL, registrationId);
      },
    );
    await cdp.send("ServiceWorker.enable");
    await page.goto("/home");
    expect(await workerReady(page)).toBe("activated");
    await expect
      .poll(() => registrations.get(`${baseURL()}/`), { timeout: 10_000 })
      .toBeTruthy();

    const message: PushMessage = {
      kind: "messages",
      title: "Ava Stone",
      body: "Rematch tonight?",
      url: "/social?chat=42",
      tag: "chat-42",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId: registrations.get(`${baseURL()}/`)!,
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        }));
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: "Ava Stone",
        body: "Rematch tonight?",
        tag: "chat-42",
        url: "/social?chat=42",
      },
    ]);

    // A push it cannot read still shows something, and never a link elsewhere.
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId: registrations.get(`${baseURL()}/`)!,
      data: JSON.stringify({ title: "Hi", url: "https://evil.example/" }),
    });
    // As long as the first: the worker may have been stopped in between and is started again for this push.
    await expect
      .poll(async () => (await shown()).map((n) => n.url), { timeout: 10_000 })
      .toEqual(["/social?chat=42", "/notifications"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("wakes the service worker with every page closed, and its notification's screen is the friend's chat", async () => {
    const [friend, player] = [
      await newAccount(`Fen Far ${unique()}`),
      await newAccount(`Pia Pocket ${unique()}`),
    ];
    await befriend(friend, player);
    const { context, page, errors } = await pageFor(browser, player, PHONE, {
      serviceWorker: true,
    });
    await context.grantPermissions(["notifications"], { origin: baseURL() });
    // DevTools reaches a browser context through one of its pages: a blank page, which is not one of ours.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      ({ registrations: all }) => {
        for (const { registrationId, scopeURL, isDeleted } of all)
          if (!isDeleted) registrations.set(scopeURL, registrationId);
      },
    );
    await cdp.send("ServiceWorker.enable");
    await page.goto("/home");
    expect(await workerReady(page)).toBe("activated");
    await expect
      .poll(() => registrations.get(`${baseURL()}/`), { timeout: 10_000 })
      .toBeTruthy();
    await page.close();

    // The worker, as the browser keeps it: no page of ours is open.
    const [worker] = context.serviceWorkers();
    const openWindows = () =>
      worker.evaluate(
        async () =>
          (
            await (self as unknown as WorkerScope).clients.matchAll({
              type: "window",
              includeUncontrolled: true,
            })
          ).length,
      );
    expect(await openWindows()).toBe(0);

    // The friend writes; the player has no socket open, so the hub pushes (ADR 029) what push-out.ts makes of it.
    await sendMessage(friend, player, "Are you there?");
    const message: PushMessage = {
      kind: "messages",
      title: friend.user.name,
      body: "Are you there?",
      url: `/social?chat=${friend.user._id}`,
      tag: `chat-${friend.user._id}`,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId: registrations.get(`${baseURL()}/`)!,
      data: JSON.stringify(message),
    });
    const shown = () =>
      worker.evaluate(async () =>
        (
          await (self as unknown as WorkerScope).registration.getNotifications()
        ).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([
        { title: friend.user.name, body: "Are you there?", url: message.url },
      ]);
    expect(await openWindows()).toBe(0);

    // Automation cannot click a notification (DevTools has no command for it, and clients.openWindow needs the click):
    // the tap opens its screen in a new window, as the worker does when no page of ours is open.
    const opened = await context.newPage();
    await opened.goto((await shown())[0].url);
    await opened
      .getByTestId("chat-panel")
      .getByText("Are you there?")
      .waitFor();
    expect(
      await opened
        .getByTestId("chat-panel")
        .getByRole("textbox", { name: `Message ${friend.user.name}` })
        .isVisible(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks after the first message, not on the first visit, and remembers Not now", async () => {
    const [friend, player] = [
      await newAccount(`Fay Friend ${unique()}`),
      await newAccount(`Pim Prompt ${unique()}`),
    ];
    await befriend(friend, player);
    const { context, page, errors } = await pageFor(browser, player, PHONE, {
      serviceWorker: true,
    });
    await page.goto("/home");
    expect(await workerReady(page)).toBe("activated");
    const prompt = page.getByRole("dialog", {
      name: "Get notified when friends challenge or message you",
    });
    expect(await prompt.count()).toBe(0);

    await sendMessage(friend, player, "First message!");
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Not now" }).click();
    await prompt.waitFor({ state: "detached" });

    await page.reload();
    await sendMessage(friend, player, "Second message!");
    await page.getByTestId("message-alert").first().waitFor();
    expect(await prompt.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps each kind's switch on the profile page, saved on the server", async () => {
    const player = await newAccount(`Tod Toggle ${unique()}`);
    const { context, page, errors } = await pageFor(browser, player, DESKTOP);
    await page.goto("/user-info");
    const messages = page.getByRole("switch", { name: "Chat messages" });
    const challenges = page.getByRole("switch", {
      name: "Challenges from friends",
    });
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    expect(await messages.isChecked()).toBe(true);
    await messages.click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await challenges.click();

    // Each change posts the whole form: the server ends with both switches off.
    const saved = async () =>
      (
        await fetch(`${baseURL()}/api/push/preferences`, {
          headers: { Authorization: `Bearer ${player.token}` },
        })
      ).json();
    await expect.poll(saved).toEqual({
      challenges: false,
      challenge_updates: true,
      invitations: true,
      messages: false,
    });
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await page.reload();
    expect(await messages.isChecked()).toBe(false);
    expect(await challenges.isChecked()).toBe(false);
    expect(
      await page
        .getByRole("switch", { name: "Invitations to play with a friend" })
        .isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the switches where they are when the page's script takes over, even scrolled to the end", async () => {
    const player = await newAccount(`Sol Steady ${unique()}`);
    const { context, page, errors } = await pageFor(browser, player, PHONE);
    const { release } = await holdEntryScript(page);
    await page.goto("/user-info", { waitUntil: "commit" });
    const save = page.getByRole("button", { name: "Save", exact: true });
    await save.waitFor();
    // A player at the end of the page, about to tap a switch, when the script arrives and the Save button goes.
    // Where the switch is gets read in the same task as the button's removal, before anything else can come in.
    const before = await page.evaluate(() => {
      const where = () => ({
        scrolled: window.scrollY,
        top: document
          .querySelector("[data-testid=push-toggle-messages]")!
          .getBoundingClientRect().top,
      });
      window.scrollTo(0, document.documentElement.scrollHeight);
      const form = document.querySelector(".push-settings__form")!;
      const watched = window as unknown as { atHydration?: object };
      new MutationObserver((_, observer) => {
        if (form.querySelector("button[type=submit]")) return;
        watched.atHydration = where();
        observer.disconnect();
      }).observe(form, { childList: true, subtree: true });
      return where();
    });
    expect(before.scrolled).toBeGreaterThan(0);
    release();
    await save.waitFor({ state: "detached" });
    // Where a tap lands is what counts: the scroll may move as the page grows below the card (the device's
    // notification state), but nothing may move the switch under the finger.
    const atHydration = await page.evaluate(
      () => (window as unknown as { atHydration?: typeof before }).atHydration,
    );
    expect(atHydration?.top, JSON.stringify({ before, atHydration })).toBe(
      before.top,
    );

    const messages = page.getByRole("switch", { name: "Chat messages" });
    await messages.click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    expect(await messages.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("saves a switch flipped before the page's script arrived, once it has", async () => {
    const player = await newAccount(`Eli Early ${unique()}`);
    const { context, page, errors } = await pageFor(browser, player, DESKTOP);
    // A slow phone: the page is drawn, and its script is still on the way when the player flips a switch.
    const { release } = await holdEntryScript(page);
    await page.goto("/user-info", { waitUntil: "commit" });
    const messages = page.getByRole("switch", { name: "Chat messages" });
    await messages.click();
    expect(await messages.isChecked()).toBe(false);
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    release();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    const saved = await (
      await fetch(`${baseURL()}/api/push/preferences`, {
        headers: { Authorization: `Bearer ${player.token}` },
      })
    ).json();
    expect(saved).toMatchObject({ messages: false, challenges: true });
    await page.reload();
    expect(await messages.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
