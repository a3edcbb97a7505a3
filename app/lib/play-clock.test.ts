import { describe, expect, it } from "vitest";
import { createPlayClock } from "./play-clock";

describe("the play clock", () => {
  it("counts only the time played: a pause stops it and a resume goes on from there", () => {
    let now = 1_000;
    const clock = createPlayClock(() => now);
    expect(clock.started).toBe(false);
    expect(clock.elapsed()).toBe(0);
    clock.start();
    now += 4_000;
    expect(clock.elapsed()).toBe(4_000);
    clock.pause();
    now += 60_000;
    expect(clock.elapsed()).toBe(4_000);
    clock.pause();
    clock.resume();
    now += 1_500;
    expect(clock.elapsed()).toBe(5_500);
    clock.start();
    expect(clock.elapsed()).toBe(0);
  });

  it("does not run before the round starts, whatever asks it to resume", () => {
    let now = 0;
    const clock = createPlayClock(() => now);
    clock.resume();
    now += 1_000;
    expect(clock.elapsed()).toBe(0);
  });
});
