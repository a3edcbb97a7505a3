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

/** SPEC.md §9: an ad counts as seen once a tenth of it is on screen. */
export const AD_VISIBLE_RATIO = 0.1;

const AD_SCRIPT_URL =
  "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

/** What Google's ad script reads from the page: one queue for ad slots (`{}`) and for its H5 games placement API. */
interface AdsWindow {
  adsbygoogle?: Array<Record<string, unknown>>;
}

/**
 * The queue the ad script works through. Pushes made before the script has loaded wait in a plain array, which the
 * script takes over when it runs.
 */
export function adQueue(): { push(item: Record<string, unknown>): unknown } {
  const adsWindow = window as unknown as AdsWindow;
  return (adsWindow.adsbygoogle ??= []);
}

let scriptLoad: Promise<void> | null = null;

/**
 * Google's ad script, added to the page once however many slots and breaks ask for it. It carries the page's script
 * nonce (the one Remix's own scripts carry; the policy also names Google's hosts only when AD_CLIENT_ID is set,
 * workers/security-headers.ts). A blocked or failed load rejects, and the next call tries again.
 */
export function loadAdScript(clientId: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.crossOrigin = "anonymous";
    script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]");
    if (nonce?.nonce) script.nonce = nonce.nonce;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scriptLoad = null;
      reject(new Error("The ad script did not load"));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/** A game a house ad may promote. */
interface Promotable {
  _id: number;
  is_placeholder?: boolean;
}

function slotNumber(slot: string): number {
  let hash = 0;
  for (const char of slot) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * The game a house ad in `slot` promotes: one of `games`, never a placeholder and never one on screen beside the ad
 * (`onScreen`: the feed's neighbouring videos, the detail page's game), chosen by the slot's id so a slot shows the
 * same game on every render. Null when no game is left to promote.
 */
export function pickHouseGame<Game extends Promotable>(
  games: readonly Game[],
  slot: string,
  onScreen: readonly number[] = [],
): Game | null {
  const candidates = games.filter(
    (game) => !game.is_placeholder && !onScreen.includes(game._id),
  );
  if (candidates.length === 0) return null;
  return candidates[slotNumber(slot) % candidates.length];
}

/** The games on the slides next to the feed's ad at `index`: the one just watched and the one coming next. */
export function gamesBesideAd(
  items: ReadonlyArray<{ kind: string; game?: { _id: number } }>,
  index: number,
): number[] {
  return [items[index - 1], items[index + 1]].flatMap((item) =>
    item?.kind === "game" && item.game ? [item.game._id] : [],
  );
}
