import { describe, expect, it } from "vitest";
import {
  missingForPrizes,
  ordinal,
  prizeRuleLines,
  periodEnd,
  periodStart,
  previousPeriodStart,
  prizeMessage,
  timeLeft,
} from "./tournaments";

const at = (iso: string) => Date.parse(iso);

describe("tournament periods", () => {
  it("start a day at 00:00 UTC, whatever the hour", () => {
    expect(periodStart("daily", at("2026-11-25T00:00:00.000Z"))).toBe(
      at("2026-11-25T00:00:00.000Z"),
    );
    expect(periodStart("daily", at("2026-11-25T23:59:59.999Z"))).toBe(
      at("2026-11-25T00:00:00.000Z"),
    );
    expect(periodStart("daily", at("2026-11-26T00:00:00.000Z"))).toBe(
      at("2026-11-26T00:00:00.000Z"),
    );
    expect(periodEnd("daily", at("2026-12-31T00:00:00.000Z"))).toBe(
      at("2027-01-01T00:00:00.000Z"),
    );
    expect(previousPeriodStart("daily", at("2026-03-01T00:00:00.000Z"))).toBe(
      at("2026-02-28T00:00:00.000Z"),
    );
  });

  it("start a week on Monday 00:00 UTC, Sunday night still in the week before", () => {
    // 23 Nov 2026 is a Monday.
    const monday = at("2026-11-23T00:00:00.000Z");
    for (const moment of [
      "2026-11-23T00:00:00.000Z",
      "2026-11-25T12:30:00.000Z",
      "2026-11-29T23:59:59.999Z",
    ])
      expect(periodStart("weekly", at(moment))).toBe(monday);
    expect(periodStart("weekly", at("2026-11-22T23:59:59.999Z"))).toBe(
      at("2026-11-16T00:00:00.000Z"),
    );
    expect(periodStart("weekly", at("2026-11-30T00:00:00.000Z"))).toBe(
      at("2026-11-30T00:00:00.000Z"),
    );
    expect(periodEnd("weekly", monday)).toBe(at("2026-11-30T00:00:00.000Z"));
    // Across a year's end.
    expect(periodStart("weekly", at("2027-01-01T08:00:00.000Z"))).toBe(
      at("2026-12-28T00:00:00.000Z"),
    );
    expect(previousPeriodStart("weekly", monday)).toBe(
      at("2026-11-16T00:00:00.000Z"),
    );
  });

  it("write places, the prize message and the time left", () => {
    expect([1, 2, 3].map(ordinal)).toEqual(["1st", "2nd", "3rd"]);
    expect(
      prizeMessage(1, "Neon Snake", "daily", at("2026-11-25T00:00:00Z"), 100),
    ).toBe(
      "You placed 1st in the Neon Snake daily tournament of 25 Nov 2026: +100 coins",
    );
    expect(
      prizeMessage(3, "Tower Stack", "weekly", at("2026-11-23T00:00:00Z"), 100),
    ).toBe(
      "You placed 3rd in the Tower Stack weekly tournament (week of 23 Nov 2026): +100 coins",
    );
    expect(timeLeft(((2 * 24 + 4) * 60 + 5) * 60_000)).toBe("2 d 4 h");
    expect(timeLeft((3 * 60 + 12) * 60_000 + 999)).toBe("3 h 12 min");
    expect(timeLeft(12 * 60_000 + 5_000)).toBe("12 min 5 s");
    expect(timeLeft(-5)).toBe("0 min 0 s");
  });
});

describe("prize rules", () => {
  const rules = {
    account_days: 3,
    rounds: 10,
    days: 2,
    min_score: 1500,
    attempts_per_day: 20,
    verified_email: false,
  };

  it("read as a short list, with the game's minimum and the e-mail only when they apply", () => {
    expect(prizeRuleLines(rules)).toEqual([
      "Accounts at least 3 days old",
      "10 verified rounds, on 2 different days, each reaching its game's minimum score",
      "A score of at least 1,500 in this game",
      "Your first 20 rounds of this game a day count (started and left ones too)",
    ]);
    expect(
      prizeRuleLines({ ...rules, min_score: null, verified_email: true }),
    ).toEqual([
      "Accounts at least 3 days old",
      "10 verified rounds, on 2 different days, each reaching its game's minimum score",
      "Your first 20 rounds of this game a day count (started and left ones too)",
      "A verified e-mail address",
    ]);
  });

  it("tell a player exactly what is missing, and nothing when they can win", () => {
    const ready = {
      eligible: true,
      account_ready_at: null,
      rounds: 10,
      days: 2,
      email_verified: null,
    };
    expect(missingForPrizes(ready, rules)).toEqual([]);
    expect(missingForPrizes({ ...ready, rounds: 6 }, rules)).toEqual([
      "Play 4 more verified rounds to be eligible",
    ]);
    expect(
      missingForPrizes(
        {
          eligible: false,
          account_ready_at: "2026-12-01T10:00:00.000Z",
          rounds: 9,
          days: 1,
          email_verified: false,
        },
        rules,
      ),
    ).toEqual([
      "Your account can win prizes from 1 Dec 2026",
      "Play 1 more verified round to be eligible",
      "Play on 1 more day to be eligible",
      "Verify your e-mail address to be eligible",
    ]);
  });
});
