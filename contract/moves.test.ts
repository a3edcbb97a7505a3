import { describe, expect, it } from "vitest";
import { createTimeline } from "./moves";

describe("createTimeline", () => {
  it("keeps score changes in time order and skips unchanged scores", () => {
    const timeline = createTimeline();
    timeline.record(0, 0);
    timeline.record(100, 0);
    timeline.record(250.4, 3);
    timeline.record(200, 5); // a clock that stepped back still moves forward
    expect(timeline.moves()).toEqual([
      { time: 0, score: 0 },
      { time: 250, score: 3 },
      { time: 250, score: 5 },
    ]);
  });

  it("ends at the final score", () => {
    const timeline = createTimeline();
    timeline.record(0, 0);
    timeline.record(500, 4);
    expect(timeline.moves(4, 900)).toEqual([
      { time: 0, score: 0 },
      { time: 500, score: 4 },
    ]);
    expect(timeline.moves(6, 900).at(-1)).toEqual({ time: 900, score: 6 });
  });

  it("thins a long round to the limit and keeps the newest move", () => {
    const timeline = createTimeline(10);
    for (let i = 1; i <= 100; i++) timeline.record(i * 10, i);
    const moves = timeline.moves();
    expect(moves.length).toBeLessThanOrEqual(10);
    expect(moves.at(-1)).toEqual({ time: 1000, score: 100 });
    expect(moves.map((m) => m.time)).toEqual(
      [...moves.map((m) => m.time)].sort((a, b) => a - b),
    );
  });
});
