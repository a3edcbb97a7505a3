import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatNumber,
  formatRating,
  hasHowToPlay,
  htmlToText,
  pageTitle,
  truncate,
} from "./format";

describe("truncate", () => {
  it("keeps text at or under the limit", () => {
    expect(truncate("short", 80)).toBe("short");
    expect(truncate("x".repeat(80), 80)).toBe("x".repeat(80));
  });

  it("cuts longer text and adds an ellipsis", () => {
    expect(truncate("x".repeat(81), 80)).toBe("x".repeat(80) + "…");
    expect(truncate("Hello wonderful world", 6)).toBe("Hello…");
  });

  it("does not split a word when a space is close", () => {
    expect(
      truncate("Tap to jump, swipe to dodge, and chase a high score", 36),
    ).toBe("Tap to jump, swipe to dodge, and…");
    expect(truncate("Tap to jump and run", 14)).toBe("Tap to jump…");
  });

  it("never returns more than the limit plus the ellipsis", () => {
    const text = "word ".repeat(40);
    expect(truncate(text, 80).length).toBeLessThanOrEqual(81);
  });
});

describe("formatRating", () => {
  it("shows two decimals", () => {
    expect(formatRating(4.5)).toBe("4.50");
    expect(formatRating(3)).toBe("3.00");
    expect(formatRating(4.256)).toBe("4.26");
  });

  it("shows 0.00 for missing values", () => {
    expect(formatRating(undefined)).toBe("0.00");
    expect(formatRating(null)).toBe("0.00");
    expect(formatRating(Number.NaN)).toBe("0.00");
  });
});

describe("formatNumber", () => {
  it("groups thousands", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(12450)).toBe("12,450");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(-5000)).toBe("-5,000");
  });
});

describe("formatCount", () => {
  it("keeps small counts whole", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
  });

  it("shortens thousands and millions without rounding up", () => {
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(1250)).toBe("1.2K");
    expect(formatCount(19_990)).toBe("19.9K");
    expect(formatCount(3_400_000)).toBe("3.4M");
  });
});

describe("htmlToText", () => {
  it("drops tags and decodes entities", () => {
    expect(
      htmlToText(
        "<p>Tap &amp; <b>swipe</b></p><p>to&nbsp;win &#33; &#x41;</p>",
      ),
    ).toBe("Tap & swipe to win ! A");
  });

  it("leaves unknown entities as they are", () => {
    expect(htmlToText("a &bogus; b")).toBe("a &bogus; b");
  });
});

describe("hasHowToPlay", () => {
  it("hides empty text and the word undefined", () => {
    expect(hasHowToPlay("")).toBe(false);
    expect(hasHowToPlay(null)).toBe(false);
    expect(hasHowToPlay("undefined")).toBe(false);
    expect(hasHowToPlay("<p>undefined</p>")).toBe(false);
    expect(hasHowToPlay("<p>Tap to jump</p>")).toBe(true);
  });
});

describe("pageTitle", () => {
  it("names the page and the product", () => {
    expect(pageTitle("Likes")).toBe("Likes · Playfeed");
    expect(pageTitle()).toBe("Playfeed · Play free casual games");
  });
});
