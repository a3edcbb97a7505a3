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

  it("counts a game's gameplay only: its menu before Play is dropped, and a stop holds the clock until the next start", () => {
    let now = 0;
    const clock = createPlayClock(() => now);
    clock.start();
    // Seven seconds in the game's own menu, then its Play button.
    now += 7_000;
    clock.gameplay(true);
    expect(clock.elapsed()).toBe(0);
    now += 5_000;
    clock.gameplay(false);
    now += 20_000;
    expect(clock.elapsed()).toBe(5_000);
    // Stopped gameplay and a pause both hold it: resuming from the pause alone does not start it.
    clock.pause();
    clock.resume();
    now += 1_000;
    expect(clock.elapsed()).toBe(5_000);
    clock.gameplay(true);
    now += 3_000;
    expect(clock.elapsed()).toBe(8_000);
    // A later start is not a menu: nothing played is dropped.
    clock.gameplay(false);
    clock.gameplay(true);
    now += 1_000;
    expect(clock.elapsed()).toBe(9_000);
  });

  it("times a game that never reports its gameplay from the round's start, and ignores reports before it", () => {
    let now = 0;
    const clock = createPlayClock(() => now);
    clock.gameplay(true);
    now += 1_000;
    expect(clock.elapsed()).toBe(0);
    clock.start();
    now += 4_000;
    expect(clock.elapsed()).toBe(4_000);
    // A new round forgets the last one's reports: its own first start drops its menu again.
    clock.gameplay(true);
    clock.start();
    now += 2_000;
    clock.gameplay(true);
    now += 1_000;
    expect(clock.elapsed()).toBe(1_000);
  });
});
