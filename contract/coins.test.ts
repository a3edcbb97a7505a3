import { describe, expect, it } from "vitest";
import {
  BONUS_COLLECTED,
  BONUS_PENDING,
  COIN_MESSAGES,
  bonusCards,
  bonusCredit,
  challengeFormProblem,
  dailyBonusOf,
  stepBet,
  utcDay,
  utcDayStart,
} from "./coins";

const at = (iso: string) => Date.parse(iso);

describe("bonusCredit", () => {
  it("credits 50 × login_day + 50, and 1000 above day 7", () => {
    expect([0, 1, 2, 5, 7].map(bonusCredit)).toEqual([50, 100, 150, 300, 400]);
    expect(bonusCredit(8)).toBe(1000);
    expect(bonusCredit(30)).toBe(1000);
    expect(bonusCredit(-1)).toBe(0);
  });
});

describe("bonusCards", () => {
  it("shows six cards of 50 × n, Collected below login_day, Collect at it, Locked above", () => {
    expect(bonusCards(2)).toEqual([
      { day: 1, coins: 50, state: "collected" },
      { day: 2, coins: 100, state: "collected" },
      { day: 3, coins: 150, state: "collect" },
      { day: 4, coins: 200, state: "locked" },
      { day: 5, coins: 250, state: "locked" },
      { day: 6, coins: 300, state: "locked" },
    ]);
    expect(bonusCards(0).map((card) => card.state)).toEqual([
      "collect",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
    ]);
  });

  it("puts today's card last on a longer streak, with what a claim credits", () => {
    const cards = bonusCards(9);
    expect(cards).toHaveLength(6);
    expect(cards.slice(0, 5).every((card) => card.state === "collected")).toBe(
      true,
    );
    expect(cards[5]).toEqual({ day: 10, coins: 1000, state: "collect" });
  });
});

describe("dailyBonusOf", () => {
  const now = at("2026-11-22T10:00:00Z");
  it("starts at the first card before any claim", () => {
    expect(dailyBonusOf({ loginDay: -1, on: null }, now)).toEqual({
      login_day: 0,
      daily_bonus_status: BONUS_PENDING,
    });
  });
  it("is collected for the rest of the day of a claim", () => {
    expect(dailyBonusOf({ loginDay: 3, on: "2026-11-22" }, now)).toEqual({
      login_day: 3,
      daily_bonus_status: BONUS_COLLECTED,
    });
  });
  it("moves to the next card the day after a claim", () => {
    expect(dailyBonusOf({ loginDay: 3, on: "2026-11-21" }, now)).toEqual({
      login_day: 4,
      daily_bonus_status: BONUS_PENDING,
    });
  });
  it("starts again after a missed day", () => {
    expect(dailyBonusOf({ loginDay: 3, on: "2026-11-20" }, now)).toEqual({
      login_day: 0,
      daily_bonus_status: BONUS_PENDING,
    });
  });
  it("turns over at midnight UTC", () => {
    expect(
      dailyBonusOf(
        { loginDay: 0, on: "2026-11-21" },
        at("2026-11-21T23:59:59Z"),
      ).daily_bonus_status,
    ).toBe(BONUS_COLLECTED);
    expect(
      dailyBonusOf(
        { loginDay: 0, on: "2026-11-21" },
        at("2026-11-22T00:00:00Z"),
      ),
    ).toEqual({
      login_day: 1,
      daily_bonus_status: BONUS_PENDING,
    });
  });
});

describe("days", () => {
  it("names UTC days and their start", () => {
    expect(utcDay(at("2026-11-22T23:30:00Z"))).toBe("2026-11-22");
    expect(utcDayStart(at("2026-11-22T23:30:00Z"))).toBe(
      at("2026-11-22T00:00:00Z"),
    );
  });
});

describe("stepBet", () => {
  it("steps by 5 and never below 0", () => {
    expect(stepBet(0, 1)).toBe(5);
    expect(stepBet(50, -1)).toBe(45);
    expect(stepBet(0, -1)).toBe(0);
    expect(stepBet(3, -1)).toBe(0);
    expect(stepBet(12, 1)).toBe(15);
  });
});

describe("challengeFormProblem", () => {
  const ok = { bet: 50, message: "Beat this!", wallet: 100, limitLeft: 5000 };
  it("asks for coins, then a message (SPEC.md §5)", () => {
    expect(challengeFormProblem({ ...ok, bet: 0 })).toEqual({
      field: "bet",
      message: COIN_MESSAGES.addCoins,
    });
    expect(challengeFormProblem({ ...ok, message: "  " })).toEqual({
      field: "message",
      message: COIN_MESSAGES.enterMessage,
    });
  });
  it("sends a wallet below the bet to the Insufficient Coins popup", () => {
    expect(challengeFormProblem({ ...ok, wallet: 45 })).toEqual({
      field: "wallet",
    });
  });
  it("stops at the daily limit", () => {
    expect(challengeFormProblem({ ...ok, limitLeft: 40 })?.field).toBe("bet");
  });
  it("lets a good challenge through", () => {
    expect(challengeFormProblem(ok)).toBeNull();
  });
  it("words the win message as SPEC.md does", () => {
    expect(COIN_MESSAGES.won(50)).toBe(
      "Congratulations! You won the challenge. you earned the bet amount 50 coins.",
    );
  });
});
