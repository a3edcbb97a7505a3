import { describe, expect, it } from "vitest";
import {
  GAME_READY_TIMEOUT_MS,
  SLOW_GAME,
  SPLASH_MS,
  clockState,
  clockText,
  playTypeFrom,
  resultPath,
  roundFromState,
  seedFrom,
} from "./play";
import { isTimed } from "#contract/types";

describe("the play clock", () => {
  it("counts down from maximum_game_time in timed mode and ends below 1 s", () => {
    expect(clockState(0, 120, true)).toEqual({
      elapsed: 0,
      shown: 120,
      timeUp: false,
      exitAvailable: false,
    });
    expect(clockState(1_000, 120, true).shown).toBe(119);
    expect(clockState(118_900, 120, true)).toMatchObject({
      shown: 2,
      timeUp: false,
    });
    expect(clockState(119_000, 120, true)).toMatchObject({
      shown: 1,
      timeUp: false,
    });
    expect(clockState(119_001, 120, true)).toMatchObject({ timeUp: true });
  });

  it("counts up otherwise and never ends on time: an untimed game is a session", () => {
    expect(clockState(65_400, 120, false)).toMatchObject({
      elapsed: 65,
      shown: 65,
      timeUp: false,
    });
    expect(clockState(119_500, 120, false).timeUp).toBe(false);
    expect(clockState(3_600_000, 120, false)).toMatchObject({
      shown: 3600,
      timeUp: false,
    });
    expect(clockState(119_500, 0, false).timeUp).toBe(false);
    expect(clockState(119_500, 0, true).timeUp).toBe(true);
  });

  it("gives a game 20 s to say it is ready, and says what to do when it has not", () => {
    expect(GAME_READY_TIMEOUT_MS).toBe(20_000);
    expect(GAME_READY_TIMEOUT_MS).toBeGreaterThan(SPLASH_MS);
    expect(SLOW_GAME.heading).toBe("This game is taking too long to load.");
    expect(SLOW_GAME.note).toMatch(/try again|exit/i);
  });

  it("offers the exit after 10 s", () => {
    expect(clockState(9_999, 120, true).exitAvailable).toBe(false);
    expect(clockState(10_000, 120, true).exitAvailable).toBe(true);
  });

  it("reads m:ss", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(65)).toBe("1:05");
    expect(clockText(180)).toBe("3:00");
    expect(clockText(-4)).toBe("0:00");
  });
});

describe("play addresses", () => {
  it("reads the query and keeps a challenge on the way to the result", () => {
    expect(playTypeFrom("1")).toBe(1);
    expect(playTypeFrom("7")).toBe(0);
    expect(playTypeFrom(null)).toBe(0);
    expect(resultPath(5, 0, null)).toBe("/result/5");
    expect(resultPath(5, 1, 9)).toBe("/result/5?type=1&challengeId=9");
  });

  it("knows scored/timed games by their mode flag", () => {
    expect(isTimed([1, 2, 4])).toBe(true);
    expect(isTimed([1, 2])).toBe(false);
  });

  it("takes the round's answer from the navigation state only for the game it was played on", () => {
    const round = {
      _id: 1,
      score: 12,
      stats_id: 3,
      play_time: 20,
      best: { score: 12, rank: 1 },
      challenge: null,
      match_id: null,
    };
    expect(roundFromState({ gameId: 5, round }, 5)).toBe(round);
    expect(roundFromState({ gameId: 6, round }, 5)).toBeNull();
    expect(roundFromState(null, 5)).toBeNull();
    expect(roundFromState("state", 5)).toBeNull();
  });
});

describe("a match's shared seed", () => {
  it("is read from ?seed= when it is a 32-bit whole number, and is none otherwise", () => {
    const seed = (query: string) => seedFrom(new URLSearchParams(query));
    expect(seed("seed=123")).toBe(123);
    expect(seed("seed=4294967295")).toBe(0xffffffff);
    expect(seed("seed=4294967296")).toBeNull();
    expect(seed("seed=-1")).toBeNull();
    expect(seed("seed=1e3")).toBeNull();
    expect(seed("")).toBeNull();
  });
});
