import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_MESSAGES } from "#contract/runs";
import { EMPTY_LEADERBOARD } from "../../app/lib/leaderboard";
import { loadGames } from "../../scripts/games-lib.mjs";
import { EXIT_CONFIRMATION } from "../../app/lib/play";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  PHONE,
  baseURL,
  endRound,
  launchBrowser,
  newAccount,
  openPage,
  postFromGame,
  roundRequests,
  signIn,
  playPhase as phase,
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

describe("a round of a bundled game, signed in", () => {
  it("plays Tower Stack to its end and lands on the result with the score, the high score and the leaderboard", async () => {
    const tower = bySlug("tower-stack");
    const { context, page, errors } = await openPage(browser, PHONE);
    const player = await signIn(context, "ava@playfeed.local");
    const sent = roundRequests(page);
    await page.goto(`/play/${tower._id}?type=0`);

    // The splash first; the round starts when it is over.
    await page.getByTestId("play-splash").waitFor();
    await waitForPlaying(page, 15_000);
    expect(await page.getByTestId("play-splash").count()).toBe(0);
    expect(await page.getByTestId("play-clock").innerText()).toMatch(
      /^[12]:\d\d$/,
    );

    // The round goes as the game reports it through the SDK: live scores, then its end.
    await postFromGame(
      page,
      { type: "game_score", value: 1 },
      { type: "game_score", value: 3 },
    );
    await expect
      .poll(() => page.getByTestId("live-score").innerText())
      .toBe("3");
    const played = await endRound(page, "tower-stack", 4);
    await page.waitForURL(new RegExp(`/result/${tower._id}$`), {
      timeout: 15_000,
    });
    const yourScore = Number(await page.getByTestId("your-score").innerText());
    expect(yourScore).toBe(played);
    // One request ended the round, with its moves and play time.
    expect(sent.map((one) => one.request)).toEqual(["POST /api/scores"]);
    expect(sent[0].body).toMatchObject({
      score: yourScore,
      player_id: player._id,
      game_id: tower._id,
      stats_id: expect.any(Number) as number,
      log: expect.any(String) as string,
      play_time: expect.any(Number) as number,
    });
    const highScore = Number(await page.getByTestId("high-score").innerText());
    expect(highScore).toBeGreaterThanOrEqual(yourScore);
    expect(
      await page.getByRole("link", { name: "Play again" }).getAttribute("href"),
    ).toBe(`/play/${tower._id}?type=0`);
    expect(
      await page
        .getByRole("link", { name: "Multiplayer" })
        .getAttribute("href"),
    ).toBe(`/waiting/${tower._id}`);

    // The result opens on the leaderboard (issue #31), which shows the new score; Challenge Friends is one tab away.
    expect(
      await page
        .getByRole("tab", { name: "Leader Board" })
        .getAttribute("aria-selected"),
    ).toBe("true");
    expect(
      await page
        .getByRole("heading", { name: "Challenge Friends" })
        .isVisible(),
    ).toBe(false);
    const board = page.getByTestId("leaderboard");
    await expect.poll(() => board.innerText()).toContain(player.name);
    // The board holds each player's best: this round's score, or an earlier better one.
    expect(await board.innerText()).toContain(String(highScore));
    // Narrowed to the people the player follows (nobody yet), the board still holds the player.
    await board.getByRole("button", { name: "Following" }).click();
    await expect
      .poll(() =>
        board
          .getByRole("button", { name: "Following" })
          .getAttribute("aria-pressed"),
      )
      .toBe("true");
    await expect.poll(() => board.innerText()).toContain(player.name);

    // The server agrees: the score is on the public leaderboard.
    const entries = await (
      await fetch(`${baseURL()}/api/scores/${tower._id}`)
    ).json<Array<{ player_id: number; score: number }>>();
    expect(entries.find((entry) => entry.player_id === player._id)?.score).toBe(
      highScore,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says New high score right after a first round, and not when the result is opened again", async () => {
    const tower = bySlug("tower-stack");
    const account = await newAccount("First Best");
    const { context, page, errors } = await openPage(browser, PHONE);
    await signIn(context, account.user.email, "Secret@123");
    await page.goto(`/play/${tower._id}?type=0`);
    await waitForPlaying(page, 15_000);
    await endRound(page, "tower-stack", 4);
    await page.waitForURL(new RegExp(`/result/${tower._id}$`), {
      timeout: 15_000,
    });
    const hero = page.locator(".result-hero");
    await expect.poll(() => hero.innerText()).toContain("New high score");

    await page.goto(`/detail/${tower._id}`);
    await page.goto(`/result/${tower._id}`);
    await expect
      .poll(() => hero.innerText())
      .toMatch(/You are #\d+ on the leaderboard/);
    expect(await hero.innerText()).not.toContain("New high score");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reaches the result even when one of its stylesheets never arrives", async () => {
    const tower = bySlug("tower-stack");
    const account = await newAccount("Stalled Sheet");
    const { context, page } = await openPage(browser, PHONE);
    await signIn(context, account.user.email, "Secret@123");
    await page.goto(`/play/${tower._id}?type=0`);
    await waitForPlaying(page, 15_000);
    // A request the network holds open, as a phone between cells or a dropped proxy connection does: never answered.
    const stalled: string[] = [];
    await page.route(/\/assets\/Leaderboard-[^/]*\.css$/, (route) => {
      stalled.push(route.request().url());
    });
    await endRound(page, "tower-stack", 4);
    // The guard lets the navigation go 5 s after the stylesheet stalled; the score's request and the result's data come
    // on top, slower on a busy machine. Without the guard the page never arrives, so any bound tells the two apart.
    await page.waitForURL(new RegExp(`/result/${tower._id}$`), {
      timeout: 30_000,
    });
    expect(stalled.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator(".result-hero").innerText())
      .toContain("New high score");
    await context.close();
  });

  it("opens on the leaderboard with type=1, and Done in Challenge Friends goes back to the game", async () => {
    const game = bySlug("snake");
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signIn(context, "ben@playfeed.local");
    await page.goto(`/result/${game._id}?type=1`);
    expect(
      await page
        .getByRole("tab", { name: "Leader Board" })
        .getAttribute("aria-selected"),
    ).toBe("true");
    expect(await page.getByTestId("leaderboard").innerText()).toContain(
      EMPTY_LEADERBOARD,
    );
    expect(await page.getByTestId("your-score").innerText()).toBe("–");
    await page.getByRole("tab", { name: "Challenge" }).click();
    await page.getByRole("link", { name: "Done" }).click();
    await page.waitForURL(new RegExp(`/detail/${game._id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("leaving a game", () => {
  it("offers the exit only after 10 s, asks first, and Yes goes back to the game's page", async () => {
    // Merge Tiles waits for the player, so nothing ends the round on its own.
    const game = bySlug("merge-tiles");
    const { context, page, errors } = await openPage(browser, PHONE);
    await signIn(context, "writer@playfeed.local", "Writer@2026");
    await page.goto(`/play/${game._id}`);
    await waitForPlaying(page, 15_000);
    const exit = page.getByRole("button", { name: "Exit game" });
    expect(await exit.count()).toBe(0);
    // The clock and the exit button come from the same render: a second or two before 10 s there is still no exit.
    const beforeExit = await page.waitForFunction(
      () => {
        const shown =
          document.querySelector('[data-testid="play-clock"] [role="timer"]')
            ?.textContent ?? "";
        return (
          /^2:5[12]$/.test(shown) && {
            exitShown:
              document.querySelector('button[aria-label="Exit game"]') !== null,
          }
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await beforeExit.jsonValue()).toEqual({ exitShown: false });
    await exit.waitFor({ timeout: 5_000 });
    expect(await page.getByTestId("play-clock").innerText()).toMatch(
      /^2:(50|4\d)$/,
    );

    // Cancel returns to the game.
    await exit.click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("heading").innerText()).toBe(
      EXIT_CONFIRMATION,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await phase(page)).toBe("playing");
    expect(page.url()).toContain(`/play/${game._id}`);

    // Yes leaves to the detail page.
    await exit.click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(new RegExp(`/detail/${game._id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the clock and the tab", () => {
  it("counts a timed round down; the game ends it at its time and sends it with its log, which the server checks against the time it saw", async () => {
    // The page's clock is Playwright's, so two minutes pass in an instant.
    const game = bySlug("merge-tiles");
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signIn(context, "ben@playfeed.local");
    await page.clock.install();
    const sent = roundRequests(page);
    await page.goto(`/play/${game._id}`);
    await page.getByTestId("play-splash").waitFor();
    await page.clock.runFor(2_100); // the splash's 2 s
    await waitForPlaying(page, 15_000);
    expect(await page.getByTestId("play-clock").innerText()).toBe("3:00");
    await page.clock.runFor(60_000);
    // A minute later (and the real seconds the test itself took, more on a busy machine).
    expect(await page.getByTestId("play-clock").innerText()).toMatch(
      /^(2:00|1:[45]\d)$/,
    );
    await page.clock.runFor(game.maximum_game_time * 1000 - 60_000);
    // The game ended the round by its own fixed-step clock, which the page's fake time drove too: its log holds
    // the whole three minutes of steps, in one request. The server saw only seconds pass since the session opened, so
    // it refuses a round longer than that, and the page says why.
    const failed = page.getByRole("dialog", {
      name: "Your score was not saved",
    });
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.getByRole("alert").innerText()).toBe(
      RUN_MESSAGES.tooManySteps,
    );
    // The refused round's session is then closed with its play time.
    expect(sent.map((one) => one.request)).toEqual([
      "POST /api/scores",
      expect.stringMatching(/^PUT \/api\/gamestats\/\d+$/) as string,
    ]);
    const { decodeLog } = await loadGames();
    expect(decodeLog(sent[0].body.log as string).steps).toBe(
      game.maximum_game_time * 60,
    );
    // The refusal's 422 is the only thing the browser noted.
    expect(errors).toEqual([
      expect.stringContaining("status of 422") as string,
    ]);
    await context.close();
  });

  it("pauses the game and its sound while the tab is hidden, and resumes it after", async () => {
    const game = bySlug("merge-tiles");
    const { context, page, errors } = await openPage(browser, PHONE);
    // Every frame records the commands it receives from the platform.
    await page.addInitScript(() => {
      const commands: string[] = [];
      Object.assign(window, { __commands: commands });
      window.addEventListener("message", (event) => {
        const data = event.data as { source?: string; type?: string } | null;
        if (data?.source === "playfeed-platform" && data.type)
          commands.push(data.type);
      });
    });
    await page.goto(`/play/${game._id}`);
    await waitForPlaying(page, 15_000);
    const frame = page
      .frames()
      .find((candidate) => candidate !== page.mainFrame())!;
    const commands = () =>
      frame.evaluate(
        () => (window as unknown as { __commands: string[] }).__commands,
      );
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "hidden", {
          configurable: true,
          get: () => value,
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);

    // The welcome (the game's data and player) answered the SDK's hello, before the start.
    await setHidden(true);
    await expect.poll(commands).toEqual(["welcome", "start", "pause"]);
    await setHidden(false);
    await expect
      .poll(commands)
      .toEqual(["welcome", "start", "pause", "resume"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
