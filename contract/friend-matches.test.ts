import { describe, expect, it } from "vitest";
import {
  CreateMatchInviteFormSchema,
  MATCH_CODE_PATTERN,
  matchCodeSchema,
  playWithFriendPath,
  tallyText,
  timeLeftText,
} from "./friend-matches";

describe("friend matches", () => {
  it("writes a pair's record with singular and plural words", () => {
    expect(tallyText({ wins: 1, losses: 0, draws: 2 })).toBe(
      "1 win · 0 losses · 2 draws",
    );
    expect(tallyText({ wins: 2, losses: 1, draws: 1 })).toBe(
      "2 wins · 1 loss · 1 draw",
    );
  });

  it("writes the time left in minutes and seconds, rounding up and never below zero", () => {
    expect(timeLeftText(120_000)).toBe("2:00");
    expect(timeLeftText(119_001)).toBe("2:00");
    expect(timeLeftText(9_000)).toBe("0:09");
    expect(timeLeftText(-5)).toBe("0:00");
  });

  it("reads only well-formed codes and form ids", () => {
    expect(MATCH_CODE_PATTERN.test("A".repeat(22))).toBe(true);
    expect(matchCodeSchema.safeParse("A".repeat(23)).success).toBe(false);
    expect(matchCodeSchema.safeParse("../../etc/passwd").success).toBe(false);
    expect(
      CreateMatchInviteFormSchema.parse({ gameId: "3", friendId: "" }),
    ).toEqual({ gameId: 3, friendId: "" });
    expect(
      CreateMatchInviteFormSchema.safeParse({ gameId: "3", friendId: "x" })
        .success,
    ).toBe(false);
  });

  it("links the picking page with what is already chosen", () => {
    expect(playWithFriendPath({})).toBe("/match/new");
    expect(playWithFriendPath({ gameId: 4, friendId: 9 })).toBe(
      "/match/new?game=4&friend=9",
    );
  });
});
