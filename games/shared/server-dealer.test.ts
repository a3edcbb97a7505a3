import { afterEach, describe, expect, it, vi } from "vitest";
import { serverDealer } from "./server-dealer";

afterEach(() => vi.useRealTimers());

describe("the browser's dealer of faces the server holds", () => {
  it("asks once per turned card, numbers the turns, and holds until the face arrives", async () => {
    const asked: Array<[number, number, number]> = [];
    const answers: Array<(face: number) => void> = [];
    const dealer = serverDealer(
      (turn, level, card) =>
        new Promise((resolve) => {
          asked.push([turn, level, card]);
          answers.push(resolve);
        }),
    );
    expect(dealer.reveal(1, 4)).toBeNull();
    expect(dealer.reveal(1, 4)).toBeNull();
    expect(asked).toEqual([[0, 1, 4]]);
    answers[0](7);
    await Promise.resolve();
    expect(dealer.reveal(1, 4)).toBe(7);
    // The same card turned again later is a new turn, asked for again.
    expect(dealer.reveal(1, 4)).toBeNull();
    expect(asked).toEqual([
      [0, 1, 4],
      [1, 1, 4],
    ]);
  });

  it("asks again with the same turn number when a request fails", async () => {
    vi.useFakeTimers();
    const asked: number[] = [];
    let fail = true;
    const dealer = serverDealer((turn) => {
      asked.push(turn);
      return fail ? Promise.reject(new Error("offline")) : Promise.resolve(3);
    });
    expect(dealer.reveal(2, 0)).toBeNull();
    await vi.advanceTimersByTimeAsync(400);
    fail = false;
    await vi.advanceTimersByTimeAsync(800);
    expect(asked).toEqual([0, 0, 0]);
    expect(dealer.reveal(2, 0)).toBe(3);
  });
});
