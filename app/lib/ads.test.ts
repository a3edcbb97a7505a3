import { describe, expect, it } from "vitest";
import {
  AD_SLOTS,
  DETAIL_AD_SLOT,
  adSlotForIndex,
  gamesBesideAd,
  pickHouseGame,
} from "./ads";

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
});

describe("house ads", () => {
  const games = [1, 2, 3, 4, 5].map((_id) => ({ _id }));

  it("never promotes a game on screen, in any slot", () => {
    for (const slot of AD_SLOTS) {
      for (const shown of games) {
        const picked = pickHouseGame(games, slot, [shown._id]);
        expect(picked, `${slot} beside game ${shown._id}`).not.toBeNull();
        expect(picked!._id).not.toBe(shown._id);
      }
      expect(pickHouseGame(games, slot, [1, 2, 3, 4])).toEqual({ _id: 5 });
    }
  });

  it("shows the same game in a slot every time and spreads slots over the games", () => {
    expect(pickHouseGame(games, "pf-slot-3", [2])).toBe(
      pickHouseGame(games, "pf-slot-3", [2]),
    );
    const picked = new Set(
      AD_SLOTS.map((slot) => pickHouseGame(games, slot)?._id),
    );
    expect(picked.size).toBeGreaterThan(1);
  });

  it("skips placeholders and gives none when nothing else is left", () => {
    const withPlaceholder = [
      { _id: 1, is_placeholder: true },
      { _id: 2, is_placeholder: false },
    ];
    for (const slot of AD_SLOTS)
      expect(pickHouseGame(withPlaceholder, slot)).toEqual(withPlaceholder[1]);
    expect(pickHouseGame(withPlaceholder, "pf-slot-1", [2])).toBeNull();
    expect(pickHouseGame([], "pf-slot-1")).toBeNull();
  });

  it("counts the feed's videos on either side of an ad as on screen", () => {
    const game = (_id: number) => ({ kind: "game", game: { _id } });
    const ad = { kind: "ad" };
    const items = [game(7), game(8), ad, game(9), game(10), ad, game(11)];
    expect(gamesBesideAd(items, 2)).toEqual([8, 9]);
    expect(gamesBesideAd(items, 5)).toEqual([10, 11]);
    expect(gamesBesideAd([ad, game(3)], 0)).toEqual([3]);
  });
});
