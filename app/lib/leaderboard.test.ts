import { describe, expect, it } from "vitest";
import {
  leaderboardColumn,
  ownRowBelow,
  parseOwnStanding,
  parseScoreEntries,
  splitPodium,
  type ScoreEntry,
} from "./leaderboard";

const entry = (
  player_name: string,
  score: number,
  rank: number,
  player_id: number | null = null,
): ScoreEntry => ({
  rank,
  player_id,
  player_name,
  profile_img: null,
  score,
});

describe("parseScoreEntries", () => {
  it("reads the API's ranked entries, showing the first of the player_name list", () => {
    const body = [
      {
        rank: 2,
        player_id: 7,
        player_name: ["Ben", "B."],
        profile_img: "/p.png",
        score: 5,
      },
      {
        rank: 1,
        player_id: 3,
        player_name: ["Ava"],
        profile_img: null,
        score: 5,
      },
    ];
    expect(parseScoreEntries(body)).toEqual([
      {
        rank: 1,
        player_id: 3,
        player_name: "Ava",
        profile_img: null,
        score: 5,
      },
      {
        rank: 2,
        player_id: 7,
        player_name: "Ben",
        profile_img: "/p.png",
        score: 5,
      },
    ]);
  });

  it("ranks unranked entries by score and drops malformed ones", () => {
    expect(
      parseScoreEntries([
        { player_name: "a", score: 1 },
        { player_name: "b", score: 5 },
        { player_name: "c" },
        { player_name: [], score: 2 },
        null,
      ]),
    ).toEqual([entry("b", 5, 1), entry("a", 1, 2)]);
    expect(
      parseScoreEntries({ scores: [{ player_name: "a", score: 2 }] }),
    ).toEqual([entry("a", 2, 1)]);
    expect(parseScoreEntries("nope")).toEqual([]);
    expect(parseScoreEntries(null)).toEqual([]);
  });
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

  it("reads a high score record", () => {
    expect(parseOwnStanding({ score: 12, rank: 3 })).toEqual({
      score: 12,
      rank: 3,
    });
    expect(parseOwnStanding({ score: 0, rank: null })).toEqual({
      score: 0,
      rank: null,
    });
    expect(parseOwnStanding({ rank: 1 })).toBeNull();
  });

  it("labels level games' column Level", () => {
    expect(leaderboardColumn(2)).toBe("Level");
    expect(leaderboardColumn(1)).toBe("Score");
  });
});
