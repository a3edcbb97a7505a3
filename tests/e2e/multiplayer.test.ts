import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import { RECORDED_PLAYER } from "../../app/lib/play";
import {
  DESKTOP,
  PHONE,
  baseURL,
  apiRound,
  endRound,
  launchBrowser,
  newAccount,
  pageFor as signedInPage,
  postFromGame,
  type Account,
  playPhase as phase,
  waitForPlaying,
} from "./browser";

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

/** The game reports a live score through the SDK, as it would during the round. */
const liveScore = (page: Page, value: number) =>
  postFromGame(page, { type: "game_score", value });

describe("multiplayer", () => {
  it("pairs two players, shows each the other's live score, and ends on a summary with both scores and the outcome", async () => {
    const tower = bySlug("tower-stack");
    const [ada, bo] = [
      await newAccount("Ada Match"),
      await newAccount("Bo Match"),
    ];
    const a = await pageFor(ada, PHONE);
    const b = await pageFor(bo, DESKTOP);

    await a.page.goto(`/waiting/${tower._id}`);
    expect(
      await a.page
        .getByRole("heading", { name: "Waiting for opponents" })
        .isVisible(),
    ).toBe(true);
    await a.page.getByText("Searching...").first().waitFor();
    await expect
      .poll(() => a.page.getByTestId("countdown").innerText())
      .toMatch(/^(10|[1-9])$/);
    await b.page.goto(`/waiting/${tower._id}`);

    await Promise.all([
      a.page.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
      b.page.waitForURL(/\/play\/\d+\?.*room=/, { timeout: 15_000 }),
    ]);
    // One room, one seed.
    expect(new URL(a.page.url()).search).toBe(new URL(b.page.url()).search);
    await Promise.all([
      waitForPlaying(a.page, 15_000),
      waitForPlaying(b.page, 15_000),
    ]);
    expect(await a.page.getByTestId("opponent-name").innerText()).toContain(
      "Bo Match",
    );
    expect(await b.page.getByTestId("opponent-name").innerText()).toContain(
      "Ada Match",
    );
    // A live opponent is not labelled as a recorded run.
    expect(await a.page.getByTestId("opponent-recorded").count()).toBe(0);

    // Each sees the other's live score.
    await liveScore(a.page, 3);
    await expect
      .poll(() => b.page.getByTestId("opponent-score").innerText())
      .toBe("3");
    await liveScore(b.page, 4);
    await expect
      .poll(() => a.page.getByTestId("opponent-score").innerText())
      .toBe("4");

    // Ada finishes first and waits; when Bo is done both land on the summary.
    const adaScore = await endRound(a.page, "tower-stack", 1);
    await expect
      .poll(() => phase(a.page), { timeout: 10_000 })
      .toBe("waitingOpponent");
    const boScore = await endRound(b.page, "tower-stack", adaScore + 1);
    await Promise.all([
      a.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
      b.page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 }),
    ]);
    expect(a.page.url()).toBe(b.page.url());

    const summary = await (
      await fetch(
        `${baseURL()}/api/multiplayer/result/${a.page.url().split("/").pop()}`,
      )
    ).json<{
      players: Array<{ _id: number; score: number }>;
    }>();
    const score = (id: number) =>
      summary.players.find((player) => player._id === id)!.score;
    expect([score(ada.user._id), score(bo.user._id)]).toEqual([
      adaScore,
      boScore,
    ]);
    for (const [page, own, other, otherName, outcome] of [
      [a.page, adaScore, boScore, "Bo Match", "You lost"],
      [b.page, boScore, adaScore, "Ada Match", "You won!"],
    ] as const) {
      const scores = await page.getByTestId("match-scores").innerText();
      expect(scores).toContain("You");
      expect(scores).toContain(otherName);
      expect(scores).toContain(String(own));
      expect(scores).toContain(String(other));
      expect(await page.getByTestId("outcome").innerText()).toContain(outcome);
    }
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("tells the player who stays that the opponent left, over the room socket", async () => {
    const tower = bySlug("tower-stack");
    const [cy, di] = [
      await newAccount("Cy Leaves"),
      await newAccount("Di Stays"),
    ];
    const a = await pageFor(cy, PHONE);
    const b = await pageFor(di, PHONE);
    await a.page.goto(`/waiting/${tower._id}`);
    await a.page.getByText("Searching...").first().waitFor();
    await b.page.goto(`/waiting/${tower._id}`);
    await Promise.all([
      waitForPlaying(a.page, 20_000),
      waitForPlaying(b.page, 20_000),
    ]);
    expect(await b.page.getByTestId("opponent-name").innerText()).toContain(
      "Cy Leaves",
    );

    await a.page.getByRole("button", { name: "Exit game" }).click();
    await a.page.getByRole("button", { name: "Yes" }).click();
    await a.page.waitForURL(new RegExp(`/detail/${tower._id}$`));
    await expect
      .poll(() => b.page.getByTestId("opponent-name").innerText())
      .toBe("Opponent left");
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("gives a lone player a bot after 10 s, a ghost of a real verified run whose live score is that run's, and ends on the summary", async () => {
    // Star Dodger: no other browser test keeps a run of it, so the ghost is Rita's.
    const dodger = bySlug("star-dodger");
    const rita = await newAccount("Rita Recorded");
    const run = await apiRound(rita, dodger, 3);
    const lone = await newAccount("Lee Alone");
    const { context, page, errors } = await pageFor(lone, PHONE);
    await page.goto(`/waiting/${dodger._id}`);
    await page.getByText("Searching...").first().waitFor();
    const waitedFrom = Date.now();
    await page.waitForURL(/\/play\/\d+\?.*bot=\d+/, { timeout: 25_000 });
    expect(Date.now() - waitedFrom).toBeGreaterThan(7_000);
    await waitForPlaying(page, 15_000);
    // The ghost's score follows its run's replay, step for step, up to exactly what Rita scored.
    await expect
      .poll(() => page.getByTestId("opponent-name").innerText())
      .toContain("Rita Recorded");
    // The play bar says the name is a recorded run, in the summary's words, not a player who is there.
    expect(await page.getByTestId("opponent-recorded").textContent()).toContain(
      RECORDED_PLAYER,
    );
    await expect
      .poll(() => page.getByTestId("opponent-score").innerText(), {
        timeout: 30_000,
      })
      .toBe(String(run.score));
    await endRound(page, "star-dodger", 1);
    await page.waitForURL(/\/summary\/\d+$/, { timeout: 15_000 });
    const scores = await page.getByTestId("match-scores").innerText();
    expect(scores).toContain("You");
    expect(scores.toLowerCase()).toContain("recorded player");
    expect(scores).toContain(String(run.score));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Opponents not available' with Retry when nobody came and no run was ever recorded", async () => {
    const lonely = bySlug("sky-hopper");
    const { context, page, errors } = await pageFor(
      await newAccount("Nia Nobody"),
      DESKTOP,
    );
    await page.goto(`/waiting/${lonely._id}`);
    await page.getByTestId("no-opponents").waitFor({ timeout: 25_000 });
    expect(
      await page
        .getByRole("heading", { name: "Opponents not available" })
        .isVisible(),
    ).toBe(true);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Searching...").first().waitFor();
    await page.getByRole("button", { name: "Quit" }).click();
    await page.waitForURL(new RegExp(`/detail/${lonely._id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
