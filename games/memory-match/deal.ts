import { createRng } from "../shared/rng";
import type { Dealer } from "../shared/sim";

/**
 * Memory Match's hidden information: which face each card holds. The faces come from a second seed, the hidden one,
 * which the browser never receives while the round can still be scored (ADR 014, "Hidden information"). The server
 * answers one face per turned card (`playTurn`, kept by a CardDealer object); the replay and the watch mode read
 * them straight from the hidden seed (`seedDealer`).
 */

/** [columns, rows] per level; from level 7 on the board stays 6×6 and the clock gets tighter. */
const LAYOUTS: readonly [number, number][] = [
  [3, 2],
  [3, 4],
  [4, 4],
  [4, 5],
  [4, 6],
  [5, 6],
  [6, 6],
];

export const layoutOf = (level: number) =>
  LAYOUTS[Math.min(Math.max(level, 1), LAYOUTS.length) - 1];

const cardsOn = (level: number) => {
  const [cols, rows] = layoutOf(level);
  return cols * rows;
};

/** Turns a session may ask for: a 180 s round at 25 presses a second is 4,500, far more than anyone turns. */
export const MAX_TURNS = 4_500;

/** The faces of one level's deck, by card: each pair's index twice, shuffled by the hidden seed and the level. */
export function deckOf(hiddenSeed: number, level: number): number[] {
  const rng = createRng(
    (Math.imul(hiddenSeed >>> 0, 0x9e3779b1) ^ Math.imul(level, 0x85ebca6b)) >>>
      0,
  );
  const deck = Array.from({ length: cardsOn(level) }, (_, i) => i >> 1);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** A dealer that knows every face at once: the replay's, the watch mode's, the demo's and offline practice's. */
export function seedDealer(hiddenSeed: number): Dealer {
  let cached = { level: 0, deck: [] as number[] };
  return {
    reveal(level, card) {
      if (cached.level !== level)
        cached = { level, deck: deckOf(hiddenSeed, level) };
      return cached.deck[card] ?? null;
    },
  };
}

/** What the server knows of a session's table after the turns so far: the same rules the simulation plays by. */
export interface Table {
  level: number;
  matched: number[];
  /** The card turned first of the pair being played, or the two of a pair that did not match. */
  open: number[];
}

export const newTable = (): Table => ({ level: 1, matched: [], open: [] });

/**
 * The face of `card`, when the rules allow it to be turned now, and the table after the turn; else why not. A card
 * can be turned when it is on the current level's board, not matched and not the one already face up; two turned
 * cards of one face are matched, and the level's last pair moves the table on to the next level.
 */
export function playTurn(
  table: Table,
  hiddenSeed: number,
  level: number,
  card: number,
): { face: number; table: Table } | { problem: string } {
  if (level !== table.level)
    return { problem: `The round is on level ${table.level}, not ${level}` };
  if (card >= cardsOn(level))
    return { problem: "There is no such card on this level's board" };
  if (table.matched.includes(card))
    return { problem: "That card is already matched" };
  if (table.open.length === 1 && table.open[0] === card)
    return { problem: "That card is already face up" };
  const deck = deckOf(hiddenSeed, level);
  const open = table.open.length === 1 ? [table.open[0], card] : [card];
  const next: Table = { level, matched: table.matched, open };
  if (open.length === 2 && deck[open[0]] === deck[open[1]]) {
    next.matched = [...table.matched, ...open];
    next.open = [];
    if (next.matched.length === deck.length) {
      next.level = level + 1;
      next.matched = [];
    }
  }
  return { face: deck[card], table: next };
}
