import { describe, expect, it } from "vitest";
import { gameModesFromMask, gameModesToMask } from "./games";

describe("game modes", () => {
  it("round-trips every set of 1, 2 and 4", () => {
    expect(gameModesFromMask(7)).toEqual([1, 2, 4]);
    expect(gameModesFromMask(5)).toEqual([1, 4]);
    expect(gameModesFromMask(1)).toEqual([1]);
    expect(gameModesFromMask(0)).toEqual([]);
    expect(gameModesToMask([1, 2, 4])).toBe(7);
    expect(gameModesToMask([4, 1])).toBe(5);
  });
});
