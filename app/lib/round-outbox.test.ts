// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import {
  OUTBOX_MAX_AGE_MS,
  deliverRound,
  keepRound,
  pendingRounds,
  retryDelay,
} from "./round-outbox";

const offline = () => new ApiError(0, "network", "Internet not available");

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the round outbox", () => {
  it("keeps a round until the server answers, across failed tries, and sends the same body every time", async () => {
    const round = keepRound({ score: 12, stats_id: 4 });
    expect(pendingRounds().map((one) => one.body)).toEqual([
      { score: 12, stats_id: 4 },
    ]);
    const bodies: unknown[] = [];
    const retries: number[] = [];
    let calls = 0;
    const delivered = deliverRound(
      round,
      async (body) => {
        bodies.push(body);
        if (++calls < 3) throw offline();
        return { saved: true };
      },
      (attempt) => retries.push(attempt),
    );
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    // Still kept while it has not gone through: a reload now would send it again.
    expect(pendingRounds()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(retryDelay(2));
    expect(await delivered).toEqual({ saved: true });
    expect(retries).toEqual([1, 2]);
    expect(bodies).toEqual([
      { score: 12, stats_id: 4 },
      { score: 12, stats_id: 4 },
      { score: 12, stats_id: 4 },
    ]);
    expect(pendingRounds()).toEqual([]);
  });

  it("tries again at once when the browser comes back online", async () => {
    const round = keepRound({ score: 3 });
    let online = false;
    const delivered = deliverRound(round, async () => {
      if (!online) throw offline();
      return "ok";
    });
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    window.dispatchEvent(new Event("online"));
    expect(await delivered).toBe("ok");
  });

  it("counts an 'already has a score' answer as saved by an earlier try, and drops a refused round", async () => {
    const saved = keepRound({ score: 1 });
    expect(
      await deliverRound(saved, async () => {
        throw new ApiError(
          422,
          "score_refused",
          "This play session already has a score",
        );
      }),
    ).toBeNull();
    const refused = keepRound({ score: 2 });
    await expect(
      deliverRound(refused, async () => {
        throw new ApiError(
          422,
          "score_refused",
          "This score does not match the recorded play",
        );
      }),
    ).rejects.toThrow("This score does not match the recorded play");
    expect(pendingRounds()).toEqual([]);
  });

  it("drops rounds too old to be scored", () => {
    keepRound({ score: 5 });
    expect(pendingRounds(Date.now() + OUTBOX_MAX_AGE_MS + 1)).toEqual([]);
    expect(pendingRounds()).toEqual([]);
  });

  it("waits 1, 2, 4, 8 s between tries, then 15 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000,
    ]);
  });
});
