import { describe, expect, it } from "vitest";
import { dailyBonusOf } from "#contract/coins";
import {
  countdownTickMs,
  formatCountdown,
  localClockTime,
  localTurnText,
  nextBonusAt,
} from "./bonus-clock";

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("the next bonus", () => {
  it("comes at the next 00:00 UTC, whatever the hour", () => {
    expect(nextBonusAt(at("2026-05-04T18:48:00Z"))).toBe(
      at("2026-05-05T00:00:00Z"),
    );
    expect(nextBonusAt(at("2026-05-04T00:00:00Z"))).toBe(
      at("2026-05-05T00:00:00Z"),
    );
    expect(nextBonusAt(at("2026-12-31T23:59:59.999Z"))).toBe(
      at("2027-01-01T00:00:00Z"),
    );
  });

  it("is when the server offers a new card", () => {
    const now = at("2026-05-04T18:48:00Z");
    const claimedToday = { loginDay: 2, on: "2026-05-04" };
    expect(dailyBonusOf(claimedToday, nextBonusAt(now) - 1)).toEqual({
      login_day: 2,
      daily_bonus_status: 1,
    });
    expect(dailyBonusOf(claimedToday, nextBonusAt(now))).toEqual({
      login_day: 3,
      daily_bonus_status: 0,
    });
  });
});

describe("formatCountdown", () => {
  it("says hours and minutes, leaving out what is zero", () => {
    expect(formatCountdown(5 * HOUR + 12 * MINUTE)).toBe("5 h 12 min");
    expect(formatCountdown(5 * HOUR + 12 * MINUTE + 59_999)).toBe("5 h 12 min");
    expect(formatCountdown(23 * HOUR + 59 * MINUTE)).toBe("23 h 59 min");
    expect(formatCountdown(2 * HOUR)).toBe("2 h");
    expect(formatCountdown(12 * MINUTE)).toBe("12 min");
    expect(formatCountdown(MINUTE)).toBe("1 min");
  });

  it("never shows a zero or negative time", () => {
    expect(formatCountdown(59_999)).toBe("less than a minute");
    expect(formatCountdown(0)).toBe("less than a minute");
    expect(formatCountdown(-5 * MINUTE)).toBe("less than a minute");
  });

  it("ticks when the minute shown changes", () => {
    expect(countdownTickMs(5 * HOUR + 12 * MINUTE + 30_000)).toBe(30_050);
    expect(countdownTickMs(5 * HOUR)).toBe(1000);
    expect(countdownTickMs(-1)).toBe(1000);
  });
});

describe("the turn in the player's time", () => {
  const turn = at("2026-05-05T00:00:00Z");

  it("names the hour and the zone, which differ from place to place", () => {
    expect(
      localClockTime(turn, { locale: "en-US", timeZone: "Asia/Kolkata" }),
    ).toBe("5:30 AM GMT+5:30");
    expect(
      localClockTime(turn, {
        locale: "en-US",
        timeZone: "America/Los_Angeles",
      }),
    ).toBe("5:00 PM PDT");
    expect(localClockTime(turn, { locale: "en-GB", timeZone: "UTC" })).toBe(
      "00:00 UTC",
    );
  });

  it("says today or tomorrow as the player's calendar has it", () => {
    // 23:00 in India on the 4th: the turn is at 05:30 on the 5th there.
    expect(
      localTurnText(turn, at("2026-05-04T17:30:00Z"), {
        locale: "en-US",
        timeZone: "Asia/Kolkata",
      }),
    ).toBe("tomorrow at 5:30 AM GMT+5:30");
    // 01:00 in India on the 5th: the same turn is later today.
    expect(
      localTurnText(turn, at("2026-05-04T19:30:00Z"), {
        locale: "en-US",
        timeZone: "Asia/Kolkata",
      }),
    ).toBe("today at 5:30 AM GMT+5:30");
    // California: 17:00 on the 4th, the same day as 10:00 there.
    expect(
      localTurnText(turn, at("2026-05-04T17:00:00Z"), {
        locale: "en-US",
        timeZone: "America/Los_Angeles",
      }),
    ).toBe("today at 5:00 PM PDT");
  });
});
