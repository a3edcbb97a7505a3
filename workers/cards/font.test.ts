import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readFont } from "./font";

const font = readFont(
  readFileSync(
    createRequire(import.meta.url).resolve(
      "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
    ),
  ),
);

describe("the card font's metrics", () => {
  it("knows which scripts it draws: Latin, Cyrillic, Greek and Hebrew, not Chinese, Devanagari or Thai", () => {
    for (const char of "AzéßЖλש0…")
      expect(font.has(char.codePointAt(0)!), char).toBe(true);
    for (const char of "山हก")
      expect(font.has(char.codePointAt(0)!), char).toBe(false);
  });

  it("measures wider text wider, in proportion to the size", () => {
    const narrow = font.width("iiii", 40);
    const wide = font.width("WWWW", 40);
    expect(wide).toBeGreaterThan(narrow * 2);
    expect(font.width("Neon Snake", 80)).toBeCloseTo(
      font.width("Neon Snake", 40) * 2,
    );
    // At the font's own size of 2048 units an advance is a whole number of units.
    expect(Number.isInteger(font.width("M", 2048))).toBe(true);
    expect(font.width("M W", 10)).toBeCloseTo(
      font.width("M", 10) + font.width(" ", 10) + font.width("W", 10),
    );
  });
});
