import { describe, expect, it } from "vitest";
import { formatChatTime } from "./chat-time";

describe("formatChatTime (SPEC.md §9 'hh:MM A DD-MMM-yyyy')", () => {
  it("writes an afternoon time in 12-hour form with PM", () => {
    expect(formatChatTime(new Date(2026, 10, 21, 15, 4))).toBe(
      "03:04 PM 21-Nov-2026",
    );
  });

  it("reads ISO text in local time", () => {
    expect(formatChatTime("2026-11-21T15:04:00")).toBe("03:04 PM 21-Nov-2026");
  });

  it("shows midnight as 12 AM and noon as 12 PM", () => {
    expect(formatChatTime(new Date(2026, 0, 1, 0, 0))).toBe(
      "12:00 AM 01-Jan-2026",
    );
    expect(formatChatTime(new Date(2026, 0, 1, 12, 30))).toBe(
      "12:30 PM 01-Jan-2026",
    );
  });

  it("pads single-digit hours, minutes and days, and names every month", () => {
    expect(formatChatTime(new Date(2027, 4, 9, 9, 5))).toBe(
      "09:05 AM 09-May-2027",
    );
    expect(formatChatTime(new Date(2026, 11, 31, 23, 59))).toBe(
      "11:59 PM 31-Dec-2026",
    );
    const months = Array.from({ length: 12 }, (_, month) =>
      formatChatTime(new Date(2026, month, 15, 10, 0)).slice(-8, -5),
    );
    expect(months).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
  });

  it("takes milliseconds since the epoch", () => {
    expect(formatChatTime(new Date(2026, 1, 3, 7, 45).getTime())).toBe(
      "07:45 AM 03-Feb-2026",
    );
  });

  it("gives an empty string for something that is not a time", () => {
    expect(formatChatTime("not a date")).toBe("");
    expect(formatChatTime(Number.NaN)).toBe("");
  });
});
