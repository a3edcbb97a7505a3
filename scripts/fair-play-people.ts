import type { Round } from "../games/shared/round";
import type { Simulation } from "../games/shared/sim";

interface MemoryView {
  phase: string;
  cw: number;
  ch: number;
  cards: Array<{
    symbol: number;
    x: number;
    y: number;
    flip: number;
    up: boolean;
    matched: boolean;
  }>;
}

/**
 * Where a game's demo player could not be a person, a player that could. Memory Match's demo remembers every card of
 * the opening peek (they are still face up on the first step of play) and so never turns a wrong pair; a person
 * keeps a few of them. This one keeps `PEEK_RECALL` cards of each peek, then remembers every card it turns (a
 * perfect memory from there on), and turns a card every 12 to 18 steps like the demo.
 */
const PEEK_RECALL = 6;
export const PEOPLE: Record<
  string,
  (seed: number) => (round: Round<Simulation>) => void
> = {
  "memory-match": (seed) => {
    let seen = new Map<number, number>();
    let level = 0;
    let wait = 0;
    let recall = seed;
    return (round) => {
      const { phase, cards, cw, ch } = (
        round.sim as unknown as { view: MemoryView }
      ).view;
      if (round.sim.level !== level) {
        level = round.sim.level ?? 0;
        seen = new Map();
      }
      if (phase === "peek" && seen.size === 0) {
        for (let n = 0; n < PEEK_RECALL; n++) {
          recall = (recall * 1103515245 + 12345) % 2147483648;
          const i = recall % cards.length;
          seen.set(i, cards[i].symbol);
        }
      }
      if (phase !== "play") return;
      cards.forEach((card, i) => {
        if (card.up && card.flip === 1) seen.set(i, card.symbol);
      });
      if (cards.some((card) => card.flip > 0 && card.flip < 1)) return;
      if (--wait > 0) return;
      const hidden = (i: number) => !cards[i].matched && !cards[i].up;
      const open = cards.findIndex((card) => card.up && !card.matched);
      const openOne =
        open >= 0 &&
        cards.filter((card) => card.up && !card.matched).length === 1;
      let target = -1;
      for (const [i, symbol] of seen) {
        if (!hidden(i)) continue;
        if (openOne ? cards[open].symbol === symbol : false) target = i;
        else if (
          !openOne &&
          [...seen].some(
            ([j, other]) => j !== i && other === symbol && hidden(j),
          )
        )
          target = i;
        if (target >= 0) break;
      }
      if (target < 0)
        target = cards.findIndex((_, i) => hidden(i) && !seen.has(i));
      if (target < 0) target = cards.findIndex((_, i) => hidden(i));
      if (target < 0) return;
      wait = openOne ? 12 : 18;
      const card = cards[target];
      round.input.pointerDown(card.x + cw / 2, card.y + ch / 2);
    };
  },
};
