import { describe, expect, it } from "vitest";
import {
  challengeIdFrom,
  clockState,
  clockText,
  isTimed,
  playTypeFrom,
  resultPath,
  roundFromState,
} from "./play";

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

  it("counts up otherwise, and still ends at the game's limit", () => {
    expect(clockState(65_400, 120, false)).toMatchObject({
      elapsed: 65,
      shown: 65,
      timeUp: false,
    });
    expect(clockState(119_500, 120, false).timeUp).toBe(true);
    expect(clockState(5_000, 0, false)).toMatchObject({ timeUp: false });
    expect(clockState(119_500, 0, false).timeUp).toBe(true);
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
    expect(challengeIdFrom("42")).toBe(42);
    expect(challengeIdFrom("0")).toBeNull();
    expect(challengeIdFrom("x")).toBeNull();
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
