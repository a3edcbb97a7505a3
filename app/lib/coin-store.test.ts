import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../tests/setup/memory-storage";
import { BONUS_CLOSED, BONUS_COLLECTED, BONUS_PENDING } from "#contract/coins";
import {
  BONUS_CLOSED_STORAGE_KEY,
  EVERY_PLAYER,
  bonusClosedToday,
  dailyBonusStatusOf,
  shouldOfferDailyBonus,
  storeBonusClosed,
} from "./coin-store";

const NOON = Date.parse("2026-11-22T12:00:00Z");
const LATE = Date.parse("2026-11-22T23:59:59Z");
const NEXT_DAY = Date.parse("2026-11-23T00:00:01Z");

describe("daily bonus closed today", () => {
  it("is kept per player and per UTC day", () => {
    const storage = memoryStorage();
    expect(bonusClosedToday(7, NOON, storage)).toBe(false);
    storeBonusClosed(7, NOON, storage);
    expect(bonusClosedToday(7, LATE, storage)).toBe(true);
    expect(bonusClosedToday(8, LATE, storage)).toBe(false);
    expect(bonusClosedToday(7, NEXT_DAY, storage)).toBe(false);
  });

  it("keeps other players' days when one closes", () => {
    const storage = memoryStorage();
    storeBonusClosed(7, NOON, storage);
    storeBonusClosed(8, NEXT_DAY, storage);
    expect(JSON.parse(storage.data[BONUS_CLOSED_STORAGE_KEY])).toEqual({
      7: "2026-11-22",
      8: "2026-11-23",
    });
  });

  it("counts a close for every player ('*') for anyone, that day only", () => {
    const storage = memoryStorage({
      [BONUS_CLOSED_STORAGE_KEY]: JSON.stringify({
        [EVERY_PLAYER]: "2026-11-22",
      }),
    });
    expect(bonusClosedToday(7, NOON, storage)).toBe(true);
    expect(bonusClosedToday(8, LATE, storage)).toBe(true);
    expect(bonusClosedToday(7, NEXT_DAY, storage)).toBe(false);
  });

  it("treats unreadable storage as never closed, and works without storage", () => {
    expect(
      bonusClosedToday(
        7,
        NOON,
        memoryStorage({ [BONUS_CLOSED_STORAGE_KEY]: "{oops" }),
      ),
    ).toBe(false);
    expect(
      bonusClosedToday(
        7,
        NOON,
        memoryStorage({ [BONUS_CLOSED_STORAGE_KEY]: "[1]" }),
      ),
    ).toBe(false);
    expect(bonusClosedToday(7, NOON, null)).toBe(false);
    expect(() => storeBonusClosed(7, NOON, null)).not.toThrow();
  });
});

describe("daily bonus status", () => {
  it("is the server's, or closed when a pending bonus was closed here today", () => {
    expect(dailyBonusStatusOf(BONUS_PENDING, false)).toBe(BONUS_PENDING);
    expect(dailyBonusStatusOf(BONUS_PENDING, true)).toBe(BONUS_CLOSED);
    expect(dailyBonusStatusOf(BONUS_COLLECTED, true)).toBe(BONUS_COLLECTED);
    expect(dailyBonusStatusOf(BONUS_COLLECTED, false)).toBe(BONUS_COLLECTED);
  });

  it("offers the popup only with login_day >= 0 and a pending status", () => {
    expect(shouldOfferDailyBonus(null, false)).toBe(false);
    expect(
      shouldOfferDailyBonus(
        { login_day: -1, daily_bonus_status: BONUS_PENDING },
        false,
      ),
    ).toBe(false);
    expect(
      shouldOfferDailyBonus(
        { login_day: 0, daily_bonus_status: BONUS_PENDING },
        false,
      ),
    ).toBe(true);
    expect(
      shouldOfferDailyBonus(
        { login_day: 3, daily_bonus_status: BONUS_PENDING },
        true,
      ),
    ).toBe(false);
    expect(
      shouldOfferDailyBonus(
        { login_day: 3, daily_bonus_status: BONUS_COLLECTED },
        false,
      ),
    ).toBe(false);
  });
});
