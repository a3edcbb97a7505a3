import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchInviteView } from "#contract/friend-matches";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  api,
  baseURL,
  endRound,
  launchBrowser,
  newAccount,
  openPage,
  pageFor as signedInPage,
  befriend,
  twoFriends,
  waitForPlaying,
} from "./browser";

let browser: Browser;
let games: Game[];
const bySlug = (slug: string) => games.find((game) => game.slug === slug)!;

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/** The seed of the match the page is playing, from its address. */
const seedOf = (page: Page) => new URL(page.url()).searchParams.get("seed");

/** Both pages are on the play screen of one room with one seed, playing; returns that seed. */
async function bothPlaying(a: Page, b: Page): Promise<string> {
  await Promise.all([
    a.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
    b.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
  ]);
  const [one, two] = [new URL(a.url()), new URL(b.url())];
  expect(one.searchParams.get("room")).toBe(two.searchParams.get("room"));
  expect(seedOf(a)).toBe(seedOf(b));
  await Promise.all([waitForPlaying(a, 15_000), waitForPlaying(b, 15_000)]);
  return seedOf(a)!;
}

/** Both finish their round (b scores more); both land on the same summary, whose address is returned. */
async function bothFinish(a: Page, b: Page, slug: string): Promise<string> {
  const first = await endRound(a, slug, 1);
  await endRound(b, slug, first + 1);
  await Promise.all([
    a.waitForURL(/\/summary\/\d+$/, { timeout: 20_000 }),
    b.waitForURL(/\/summary\/\d+$/, { timeout: 20_000 }),
  ]);
  expect(a.url()).toBe(b.url());
  return a.url();
}

describe("play with a friend", () => {
  it("a link opened by a visitor leads through log-in into one room with one seed, then a summary; rematch plays again with a new seed and counts the pair's tally", async () => {
    const tower = bySlug("tower-stack");
    const [ada, bo] = [
      await newAccount("Ada Friend"),
      await newAccount("Bo Friend"),
    ];
    await befriend(ada, bo);
    const a = await signedInPage(browser, ada, PHONE);

    // From the game's page: Play with a friend, just a link.
    await a.page.goto(`/detail/${tower._id}`);
    await a.page.getByRole("link", { name: "Play with a friend" }).click();
    await a.page.waitForURL(/\/match\/new\?game=\d+/);
    await a.page.getByText("Just get a link").click();
    await a.page.getByRole("button", { name: "Get a link" }).click();
    await a.page.waitForURL(/\/match\/[A-Za-z0-9_-]{22}$/);
    await a.page
      .getByRole("heading", { name: "Waiting for a friend" })
      .waitFor();
    const link = await a.page.getByTestId("match-link").inputValue();
    expect(link).toBe(a.page.url());
    const code = link.split("/").pop()!;
    // The invitation is open 2 minutes: the server's end, and the countdown drawn from it.
    const stored = await api<MatchInviteView>(
      ada,
      `/api/friend-matches/${code}`,
    );
    const openFor = Date.parse(stored.expiresAt) - Date.now();
    expect(openFor).toBeGreaterThan(110_000);
    expect(openFor).toBeLessThanOrEqual(120_000);
    expect(await a.page.getByTestId("invite-countdown").innerText()).toMatch(
      /^(2:00|1:5\d)$/,
    );

    // Bo opens the link without being signed in: log in, and back to the invitation.
    const b = await openPage(browser, DESKTOP);
    await b.page.goto(link);
    await b.page.waitForURL(
      `**/login?redirectTo=${encodeURIComponent(`/match/${code}`)}`,
    );
    await b.page.getByLabel("Email", { exact: true }).fill(bo.user.email);
    await b.page.getByLabel("Password", { exact: true }).fill("Secret@123");
    await b.page.getByRole("button", { name: "Log in", exact: true }).click();
    await b.page.waitForURL(`**/match/${code}`);
    await b.page
      .getByRole("heading", {
        name: `Ada Friend invites you to play ${tower.name}`,
      })
      .waitFor();
    await b.page.getByRole("button", { name: "Accept" }).click();

    const firstSeed = await bothPlaying(a.page, b.page);
    const summary = await bothFinish(a.page, b.page, "tower-stack");

    // The link is spent: a third player is told so.
    const cy = await newAccount("Cy Late");
    const taken = await fetch(
      `${baseURL()}/api/friend-matches/${code}/accept`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${cy.token}`,
        },
        body: "{}",
      },
    );
    expect(taken.status).toBe(409);

    // The pair's tally, from each side.
    await expect
      .poll(() => a.page.getByTestId("pair-tally").innerText())
      .toBe("0 wins · 1 loss · 0 draws");
    expect(await b.page.getByTestId("pair-tally").innerText()).toBe(
      "1 win · 0 losses · 0 draws",
    );

    // Ada asks for a rematch and waits; Bo sees the offer live and accepts: a new room with a new seed.
    await a.page.getByRole("button", { name: "Rematch" }).click();
    await a.page.getByText("Waiting for Bo Friend…").waitFor();
    expect(await a.page.getByTestId("rematch-countdown").innerText()).toMatch(
      /^0:1\d$/,
    );
    await b.page.getByText("Ada Friend wants a rematch").waitFor();
    await b.page.getByRole("button", { name: "Accept rematch" }).click();
    const secondSeed = await bothPlaying(a.page, b.page);
    expect(secondSeed).not.toBe(firstSeed);
    const second = await bothFinish(a.page, b.page, "tower-stack");
    expect(second).not.toBe(summary);
    await expect
      .poll(() => b.page.getByTestId("pair-tally").innerText())
      .toBe("2 wins · 0 losses · 0 draws");

    // Nobody answers this time: after 15 s the offer lapses, and both are told.
    await b.page.getByRole("button", { name: "Rematch" }).click();
    await a.page.getByText("Bo Friend wants a rematch").waitFor();
    await Promise.all(
      [a.page, b.page].map((page) =>
        page
          .getByText("The rematch offer has lapsed")
          .waitFor({ timeout: 20_000 }),
      ),
    );
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("invites a friend from /social and the chat: the friend sees a live invitation with the time left wherever they are; declining tells the inviter, accepting starts one match", async () => {
    const snake = bySlug("snake");
    const {
      accounts: [cat, dan],
      pages: [c, d],
    } = await twoFriends(browser, ["Cat Invite", "Dan Invite"]);
    await d.page.goto("/home");

    // Dan's app is open (his socket is up: he shows online to Cat), so the invitation reaches it live.
    await expect
      .poll(
        async () =>
          (
            await api<Array<{ _id: number; is_online: boolean }>>(
              cat,
              `/api/social/friends/${cat.user._id}`,
            )
          ).find((friend) => friend._id === dan.user._id)?.is_online,
        { timeout: 15_000 },
      )
      .toBe(true);
    await c.page.goto("/social");
    await c.page.getByRole("link", { name: "Play with Dan Invite" }).click();
    await c.page.waitForURL(/\/match\/new\?friend=\d+/);
    await c.page.locator("label", { hasText: snake.name }).first().click();
    await c.page.getByRole("button", { name: "Invite Dan Invite" }).click();
    await c.page
      .getByRole("heading", { name: "Waiting for Dan Invite" })
      .waitFor();

    const dialog = d.page.getByTestId("match-invite");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      "Cat Invite invites you to play",
    );
    expect(await dialog.innerText()).toContain(snake.name);
    expect(await dialog.getByRole("timer").innerText()).toMatch(
      /Time left (2:00|1:5\d)/,
    );
    await dialog.getByRole("button", { name: "Decline" }).click();
    await c.page
      .getByRole("heading", { name: "Dan Invite declined" })
      .waitFor();

    // Again from the chat's header; this time Dan accepts in the dialog and both are in one room with one seed.
    await c.page.goto(`/social?chat=${dan.user._id}`);
    await c.page
      .getByTestId("chat-panel")
      .getByRole("link", { name: "Play with Dan Invite" })
      .click();
    await c.page.waitForURL(/\/match\/new\?friend=\d+/);
    await c.page.locator("label", { hasText: snake.name }).first().click();
    await c.page.getByRole("button", { name: "Invite Dan Invite" }).click();
    await c.page
      .getByRole("heading", { name: "Waiting for Dan Invite" })
      .waitFor();
    await dialog.getByRole("button", { name: "Accept" }).click();
    await Promise.all([
      c.page.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
      d.page.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
    ]);
    expect(new URL(c.page.url()).pathname).toBe(`/play/${snake._id}`);
    expect(seedOf(c.page)).toBe(seedOf(d.page));
    await Promise.all([
      waitForPlaying(c.page, 15_000),
      waitForPlaying(d.page, 15_000),
    ]);
    expect([...c.errors, ...d.errors]).toEqual([]);
    await c.context.close();
    await d.context.close();
  });
});
