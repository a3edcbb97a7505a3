import { describe, expect, it } from "vitest";
import { leaderboardColumn, ownRowBelow, splitPodium } from "./leaderboard";
import type { LeaderboardEntry } from "#contract/scores";

const entry = (
  player_name: string,
  score: number,
  rank: number,
  player_id = 0,
): LeaderboardEntry => ({
  rank,
  player_id,
  player_name: [player_name],
  profile_img: null,
  score,
  run_id: null,
  verified: true,
});

describe("the board", () => {
  it("puts three or more on a podium, fewer in the table", () => {
    const two = [entry("a", 3, 1), entry("b", 2, 2)];
    expect(splitPodium(two)).toEqual({ podium: [], rest: two });
    const four = [
      entry("a", 4, 1),
      entry("b", 3, 2),
      entry("c", 2, 3),
      entry("d", 1, 4),
    ];
    expect(splitPodium(four)).toEqual({
      podium: four.slice(0, 3),
      rest: [entry("d", 1, 4)],
    });
  });

  it("shows the player's own row only when they rank below the list", () => {
    const top = [entry("a", 9, 1, 1), entry("b", 8, 2, 2)];
    expect(ownRowBelow(top, { score: 3, rank: 14 }, 5)).toEqual({
      score: 3,
      rank: 14,
    });
    expect(ownRowBelow(top, { score: 8, rank: 2 }, 2)).toBeNull();
    expect(ownRowBelow(top, { score: 0, rank: null }, 5)).toBeNull();
    expect(ownRowBelow(top, { score: 3, rank: 14 }, null)).toBeNull();
  });

  it("labels level games' column Level", () => {
    expect(leaderboardColumn(2)).toBe("Level");
    expect(leaderboardColumn(1)).toBe("Score");
  });
});
