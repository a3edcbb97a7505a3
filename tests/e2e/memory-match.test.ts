import type { Browser, Frame, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "#contract/types";
import {
  PHONE,
  baseURL,
  launchBrowser,
  newAccount,
  nextFrames,
  pageFor,
  waitForPlaying,
} from "./browser";

let browser: Browser;
let memoryMatch: Game;

beforeAll(async () => {
  browser = await launchBrowser();
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Game[]>();
  memoryMatch = games.find((game) => game.slug === "memory-match")!;
});
afterAll(() => browser?.close());

/** Level 1's board (3×2 cards of 100×125 world units, games/memory-match/sim.ts): the centre of card `i`. */
const cardCentre = (i: number) => ({
  x: 22 + (i % 3) * 108 + 50,
  y: 234 + Math.floor(i / 3) * 133 + 62,
});

/** Taps a card of the game in the frame (a 360×640 world fitted into it) and returns the face the server dealt. */
async function turn(page: Page, frame: Frame, card: number) {
  const box = (await page.locator("iframe.game-frame").boundingBox())!;
  const scale = Math.min(box.width / 360, box.height / 640);
  const { x, y } = cardCentre(card);
  const isReveal = (request: Request) =>
    /\/api\/gamestats\/\d+\/reveal$/.test(new URL(request.url()).pathname);
  const tap = () =>
    page.mouse.click(
      box.x + (box.width - 360 * scale) / 2 + x * scale,
      box.y + (box.height - 640 * scale) / 2 + y * scale,
    );
  // Until the deal's animation ends a tap turns nothing: tap again until the page asks the server for the face.
  let asked: Request | null = null;
  for (let tries = 0; asked === null; tries++) {
    expect(tries, "no card could be turned").toBeLessThan(20);
    const sending = page
      .waitForRequest(isReveal, { timeout: 1_000 })
      .catch(() => null);
    await tap();
    asked = await sending;
  }
  const response = (await asked.response())!;
  expect(response.status(), await response.text()).toBe(200);
  const sent = response.request().postDataJSON() as {
    turn: number;
    level: number;
    card: number;
  };
  expect({ level: sent.level, card: sent.card }).toEqual({ level: 1, card });
  // The round stood still for the face; let it take it and step on.
  await nextFrames(frame);
  await nextFrames(frame);
  return {
    turn: sent.turn,
    face: ((await response.json()) as { face: number }).face,
  };
}

describe("Memory Match in the browser", () => {
  it("asks the server for each face as a card is turned, clears a level with them, and its round is scored by replay", async () => {
    const account = await newAccount(`Mia Memory ${Date.now() % 100_000}`);
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    const reveals: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/reveal")) reveals.push(request.url());
    });
    await page.goto(`/play/${memoryMatch._id}`);
    await waitForPlaying(page, 20_000);
    const frame = (await (
      await page.locator("iframe.game-frame").elementHandle()
    )?.contentFrame())!;
    // The cards are dealt face down: no face is asked for before a card is turned (counted at the end).

    // A person with a perfect memory: turn unknown cards, and pair each face as soon as its twin is known.
    const known = new Map<number, number>();
    const matched = new Set<number>();
    const turns: number[] = [];
    const pairOf = (card: number) =>
      [...known].find(
        ([other, face]) =>
          other !== card && face === known.get(card) && !matched.has(other),
      )?.[0];
    while (matched.size < 6) {
      const first = [...known.keys()].find(
        (card) => !matched.has(card) && pairOf(card) !== undefined,
      );
      const a = first ?? [0, 1, 2, 3, 4, 5].find((card) => !known.has(card))!;
      const one = await turn(page, frame, a);
      known.set(a, one.face);
      turns.push(one.turn);
      const b =
        pairOf(a) ??
        [0, 1, 2, 3, 4, 5].find((card) => card !== a && !known.has(card))!;
      const two = await turn(page, frame, b);
      known.set(b, two.face);
      turns.push(two.turn);
      if (one.face === two.face) {
        matched.add(a).add(b);
      }
    }
    expect(turns).toEqual(turns.map((_, index) => index));
    // One face asked for each card turned, and not one more.
    expect(reveals).toHaveLength(turns.length);
    await expect
      .poll(() => page.getByTestId("live-score").innerText(), {
        timeout: 10_000,
      })
      .toBe("Level 2");

    // Level 2's clock runs out untouched; the round's log goes to the server, which replays it with these faces.
    const scored = await page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/scores" &&
        response.request().method() === "POST",
      { timeout: 60_000 },
    );
    expect(scored.status(), await scored.text()).toBe(201);
    const round = (await scored.json()) as { score: number; stats_id: number };
    expect(round.score).toBe(2);

    // Watched once scored (by the run's random id, as the board links it): the run comes with its hidden seed, so the
    // faces are drawn and the replay ends where it did.
    const board = (await (
      await page.request.get(`/api/scores/${memoryMatch._id}`)
    ).json()) as Array<{ player_id: number; run_id: string | null }>;
    const runId = board.find(
      (entry) => entry.player_id === account.user._id,
    )?.run_id;
    expect(runId).toBeTruthy();
    await page.goto(`/watch/${runId}`);
    await page.getByRole("button", { name: "4×" }).click();
    const ended = page.getByTestId("watch-ended");
    await ended.waitFor({ state: "visible", timeout: 45_000 });
    expect(await page.getByTestId("watch-score").innerText()).toBe("Level 2");
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
