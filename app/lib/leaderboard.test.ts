import { describe, expect, it } from "vitest";
import { leaderboardColumn, parseScoreEntries, splitPodium } from "./leaderboard";

const entry = (player_name: string, score: number) => ({ player_name, score });

describe("leaderboard", () => {
  it("reads a list or an object holding one, best first, dropping malformed entries", () => {
    expect(parseScoreEntries([entry("a", 1), entry("b", 5), { player_name: "c" }, null])).toEqual([entry("b", 5), entry("a", 1)]);
    expect(parseScoreEntries({ scores: [entry("a", 2)] })).toEqual([entry("a", 2)]);
    expect(parseScoreEntries("nope")).toEqual([]);
    expect(parseScoreEntries(null)).toEqual([]);
  });

  it("puts three or more on a podium, fewer in the table", () => {
    expect(splitPodium([entry("a", 3), entry("b", 2)])).toEqual({ podium: [], rest: [entry("a", 3), entry("b", 2)] });
    const four = [entry("a", 4), entry("b", 3), entry("c", 2), entry("d", 1)];
    expect(splitPodium(four)).toEqual({ podium: four.slice(0, 3), rest: [entry("d", 1)] });
  });

  it("labels level games' column Level", () => {
    expect(leaderboardColumn(2)).toBe("Level");
    expect(leaderboardColumn(1)).toBe("Score");
  });
});
