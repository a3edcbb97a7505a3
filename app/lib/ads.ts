/**
 * SPEC.md §9: seven ad slot ids. The feed picks one at random, Home follows the category index, the detail page
 * always shows the same one.
 */
export const AD_SLOTS = [
  "pf-slot-1",
  "pf-slot-2",
  "pf-slot-3",
  "pf-slot-4",
  "pf-slot-5",
  "pf-slot-6",
  "pf-slot-7",
] as const;

export type AdSlotId = (typeof AD_SLOTS)[number];

/** The detail page's fixed slot. */
export const DETAIL_AD_SLOT: AdSlotId = AD_SLOTS[6];

/** Home: the slot of the section at `index`, wrapping after the seventh. */
export function adSlotForIndex(index: number): AdSlotId {
  return AD_SLOTS[
    ((Math.trunc(index) % AD_SLOTS.length) + AD_SLOTS.length) % AD_SLOTS.length
  ];
}

/** The feed: any of the seven. */
export function randomAdSlot(random: () => number = Math.random): AdSlotId {
  return adSlotForIndex(Math.floor(random() * AD_SLOTS.length));
}

/** SPEC.md §9: an ad counts as seen once a tenth of it is on screen. */
export const AD_VISIBLE_RATIO = 0.1;

export const AD_SCRIPT_URL =
  "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
