import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import { decodeLog } from "../../games/shared/input-log";
import { EXIT_CONFIRMATION } from "../../app/lib/play";
import {
  DESKTOP,
  PHONE,
  baseURL,
  endRound,
  launchBrowser,
  newAccount,
  pageFor as signedInPage,
  type Account,
  playPhase as phase,
  waitForPlaying,
} from "./browser";

/*
 * Issue #18: a match between a phone (390×844) and a desktop survives what phones do: the network going away for a
 * few seconds and for longer than the grace, Back in the middle of a round, and a tab closed in the lobby. Each case
 * waits on what the screens say, never on a fixed sleep.
 */

let browser: Browser;
let games: Game[];
const bySlug = (slug: string) => games.find((game) => game.slug === slug)!;
const pageFor = (account: Account, viewport = PHONE) =>
  signedInPage(browser, account, viewport);

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
});
afterAll(() => browser?.close());

/**
 * Two players matched on `slug`: the phone waits first, the desktop joins; both end up playing against each other.
 * Both pages are loaded before the phone starts to search, so the desktop joins by one tap well within the 10 s after
 * which the lobby would give the phone a bot, however slow the machine is at loading pages.
 */
async function match(slug: string, names: [string, string]) {
  const game = bySlug(slug);
  const [one, two] = [await newAccount(names[0]), await newAccount(names[1])];
  const phone = await pageFor(one, PHONE);
  const desk = await pageFor(two, DESKTOP);
  // Each gets there as a player does, through the app: so Back is the app's Back, not another document's.
  const multiplayer = `a[href="/waiting/${game._id}"]`;
  const ready = async (page: Page) => {
    await page.goto(`/detail/${game._id}`);
    await page.waitForFunction((selector) => {
      const link = document.querySelector(selector);
      return (
        !!link && Object.keys(link).some((key) => key.startsWith("__react"))
      );
    }, multiplayer);
  };
  await Promise.all([ready(phone.page), ready(desk.page)]);
  await phone.page.locator(multiplayer).first().click();
  await phone.page.waitForURL(new RegExp(`/waiting/${game._id}$`));
  await phone.page.getByText("Searching...").first().waitFor();
  await desk.page.locator(multiplayer).first().click();
  await Promise.all([
    waitForPlaying(phone.page, 20_000),
    waitForPlaying(desk.page, 20_000),
  ]);
  // Each other's opponent, not a bot's recorded run.
  expect(await desk.page.getByTestId("opponent-name").innerText()).toContain(
    one.user.name,
  );
  expect(await phone.page.getByTestId("opponent-name").innerText()).toContain(
    two.user.name,
  );
  return { game, one, two, phone, desk };
}

interface Summary {
  status: number;
  left_user_id: number | null;
  players: Array<{ _id: number; score: number }>;
}
const summaryOf = async (page: Page) =>
  (
    await fetch(
      `${baseURL()}/api/multiplayer/result/${page.url().split("/").pop()}`,
    )
  ).json<Summary>();

interface Checkpoint {
  statsId: number;
  steps: number;
}
/** The match round the page keeps for a reload: its session and how many steps its log holds. */
const checkpointOf = async (page: Page): Promise<Checkpoint | null> => {
  const kept = await page
    .evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) =>
        name.startsWith("pf:match-round:"),
      );
      return key ? sessionStorage.getItem(key) : null;
    })
    .catch(() => null);
  if (!kept) return null;
  const { statsId, log } = JSON.parse(kept) as { statsId: number; log: string };
  return { statsId, steps: decodeLog(log).steps };
};

describe("a match on a phone that loses its network, goes back or closes", () => {
  it("keeps a round finished offline: 'Saving your score…' until the network is back, then both reach the summary with it", async () => {
    const { one, two, phone, desk } = await match("tower-stack", [
      "Ola Offline",
      "Dev Desk",
    ]);
    // The phone loses its network just as the round ends.
    await phone.context.setOffline(true);
    const olaScore = await endRound(phone.page, "tower-stack", 1);
    await phone.page.getByTestId("saving-offline").waitFor({ timeout: 15_000 });
    expect(
      await phone.page
        .getByRole("heading", { name: "Saving your score…" })
        .isVisible(),
    ).toBe(true);
    // The link is gone: the phone says it is reconnecting.
    await phone.page.getByTestId("reconnecting").waitFor({ timeout: 10_000 });
    // Back online within the grace: the kept round goes through, the room hears the end.
    await phone.context.setOffline(false);
    await expect
      .poll(() => phase(phone.page), { timeout: 15_000 })
      .toBe("waitingOpponent");
    const devScore = await endRound(desk.page, "tower-stack", olaScore + 1);
    await Promise.all([
      phone.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
      desk.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
    ]);
    const summary = await summaryOf(desk.page);
    expect(summary.status).toBe(1);
    const score = (id: number) =>
      summary.players.find((player) => player._id === id)!.score;
    expect([score(one.user._id), score(two.user._id)]).toEqual([
      olaScore,
      devScore,
    ]);
    expect(await phone.page.getByTestId("outcome").innerText()).toContain(
      "You lost",
    );
    await phone.context.close();
    await desk.context.close();
  });

  it("counts a phone offline past the 10 s grace as gone: the desktop is told, and so is the phone when it is back", async () => {
    const { one, phone, desk } = await match("tower-stack", [
      "Liv Longgone",
      "Max Stays",
    ]);
    await phone.context.setOffline(true);
    const wentAt = Date.now();
    // No close reaches the server: it notices the silence and, after the grace, tells the desktop.
    await expect
      .poll(() => desk.page.getByTestId("opponent-name").innerText(), {
        timeout: 20_000,
      })
      .toBe("Opponent left");
    expect(Date.now() - wentAt).toBeLessThan(15_000);
    // Gone 10 s after the last ping the server heard (pings go every 2 s).
    expect(Date.now() - wentAt).toBeGreaterThan(7_000);
    await phone.context.setOffline(false);
    await phone.page.getByTestId("self-left").waitFor({ timeout: 15_000 });
    expect(
      await phone.page
        .getByRole("heading", { name: "The match went on without you" })
        .isVisible(),
    ).toBe(true);
    // The desktop finishes: the summary records the phone as the one who left, with 0.
    await endRound(desk.page, "tower-stack", 1);
    await desk.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 });
    const summary = await summaryOf(desk.page);
    expect(summary).toMatchObject({ status: 2, left_user_id: one.user._id });
    // The phone can go to the same summary.
    await phone.page.getByRole("link", { name: "See the result" }).click();
    await phone.page.waitForURL(desk.page.url(), { timeout: 15_000 });
    await phone.context.close();
    await desk.context.close();
  });

  it("rejoins the match after a reload within the grace and carries the round on where it was: the opponent never sees the player leave", async () => {
    const { one, two, phone, desk } = await match("tower-stack", [
      "Rae Reload",
      "Sam Steady",
    ]);
    // The round has been going a few seconds: the page keeps its log so far (a checkpoint a second).
    const before = await expect
      .poll(() => checkpointOf(phone.page), { timeout: 15_000 })
      .toSatisfy((kept: Checkpoint | null) => (kept?.steps ?? 0) >= 180)
      .then(() => checkpointOf(phone.page));
    await phone.page.reload();
    await waitForPlaying(phone.page, 20_000);
    // The round carries on where it was, on the same play session: its next checkpoint is further on, not a fresh
    // round's first second.
    await expect
      .poll(() => checkpointOf(phone.page), { timeout: 10_000 })
      .toSatisfy(
        (kept: Checkpoint | null) =>
          !!kept && !!before && kept.steps > before.steps,
      );
    expect((await checkpointOf(phone.page))?.statsId).toBe(before?.statsId);
    expect(await phone.page.getByTestId("opponent-name").innerText()).toContain(
      "Sam Steady",
    );
    expect(await desk.page.getByTestId("opponent-name").innerText()).toContain(
      "Rae Reload",
    );
    const raeScore = await endRound(phone.page, "tower-stack", 1);
    const samScore = await endRound(desk.page, "tower-stack", raeScore + 1);
    await Promise.all([
      phone.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
      desk.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
    ]);
    const summary = await summaryOf(desk.page);
    expect(summary.status).toBe(1);
    const score = (id: number) =>
      summary.players.find((player) => player._id === id)!.score;
    expect([score(one.user._id), score(two.user._id)]).toEqual([
      raeScore,
      samScore,
    ]);
    await phone.context.close();
    await desk.context.close();
  });

  it("asks before Back leaves a round, as Exit does; Cancel plays on, Yes leaves and the opponent hears it at once", async () => {
    const { game, one, phone, desk } = await match("tower-stack", [
      "Bea Back",
      "Cal Calm",
    ]);
    const playing = phone.page.url();
    const question = phone.page.getByRole("dialog", {
      name: EXIT_CONFIRMATION,
    });
    await phone.page.goBack();
    await question.waitFor();
    // Cancel: still in the round, and the opponent still plays against this player.
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "detached" });
    // The router holds Back by going forward again; the page is back on the round once that step has landed in the
    // page itself (Playwright's own record of the address can be ahead of it). A Back before then is taken as that step.
    await phone.page.waitForFunction(
      (url) => window.location.href === url,
      playing,
    );
    expect(await phase(phone.page)).toBe("playing");
    expect(await desk.page.getByTestId("opponent-name").innerText()).toContain(
      "Bea Back",
    );

    await phone.page.goBack();
    await question.getByRole("button", { name: "Yes" }).click();
    const leftAt = Date.now();
    await phone.page.waitForURL(new RegExp(`/detail/${game._id}$`));
    await expect
      .poll(() => desk.page.getByTestId("opponent-name").innerText(), {
        timeout: 5_000,
      })
      .toBe("Opponent left");
    expect(Date.now() - leftAt).toBeLessThan(5_000);
    await endRound(desk.page, "tower-stack", 1);
    await desk.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 });
    expect(await summaryOf(desk.page)).toMatchObject({
      status: 2,
      left_user_id: one.user._id,
    });
    expect(await desk.page.getByTestId("outcome").innerText()).toContain("won");
    await phone.context.close();
    await desk.context.close();
  });

  it("does not pair the next player with someone who closed the tab while waiting", async () => {
    const game = bySlug("merge-tiles");
    const ghost = await pageFor(await newAccount("Gus Ghost"), PHONE);
    await ghost.page.goto(`/waiting/${game._id}`);
    await ghost.page.getByText("Searching...").first().waitFor();
    await ghost.context.close();
    const next = await pageFor(await newAccount("Nel Next"), DESKTOP);
    // Every number the countdown ever shows, from its first paint.
    await next.page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __countdown: seen });
      new MutationObserver(() => {
        const text = document.querySelector(
          '[data-testid="countdown"] .match-countdown__value',
        )?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await next.page.goto(`/waiting/${game._id}`);
    await next.page.getByText("Searching...").first().waitFor();
    // Still searching seconds after joining: the lobby did not pair Nel with the closed tab.
    await expect
      .poll(() => next.page.getByTestId("countdown").innerText(), {
        timeout: 10_000,
      })
      .toMatch(/^[1-7]$/);
    expect(next.page.url()).toContain(`/waiting/${game._id}`);
    // The countdown starts at 10, never above.
    const shown = await next.page.evaluate(
      () => (window as unknown as { __countdown: string[] }).__countdown,
    );
    expect(shown[0]).toBe("10");
    expect(Math.max(...shown.map(Number))).toBe(10);
    await next.page.getByRole("button", { name: "Quit" }).click();
    await next.page.waitForURL(new RegExp(`/detail/${game._id}$`));
    expect(next.errors).toEqual([]);
    await next.context.close();
  });
});
