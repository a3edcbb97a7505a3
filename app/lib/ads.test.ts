import { describe, expect, it } from "vitest";
import { AD_SLOTS, DETAIL_AD_SLOT, adSlotForIndex, randomAdSlot } from "./ads";

describe("ad slots", () => {
  it("has seven distinct ids", () => {
    expect(new Set(AD_SLOTS).size).toBe(7);
    expect(AD_SLOTS).toContain(DETAIL_AD_SLOT);
  });

  it("follows the category index and wraps after seven", () => {
    expect(adSlotForIndex(0)).toBe(AD_SLOTS[0]);
    expect(adSlotForIndex(6)).toBe(AD_SLOTS[6]);
    expect(adSlotForIndex(7)).toBe(AD_SLOTS[0]);
    expect(adSlotForIndex(-1)).toBe(AD_SLOTS[6]);
  });

  it("picks a random slot among the seven", () => {
    expect(randomAdSlot(() => 0)).toBe(AD_SLOTS[0]);
    expect(randomAdSlot(() => 0.999)).toBe(AD_SLOTS[6]);
  });
});
