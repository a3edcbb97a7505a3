import type { Dealer } from "./sim";

/** Tries for one face before the round stays held (the player can still leave it): about half a minute in all. */
const ATTEMPTS = 6;

/**
 * The browser's dealer for a round whose hidden information the server deals (ADR 014, "Hidden information"): each
 * turned card is one numbered request, `ask(turn, level, card)`, and the round holds (null) until its face arrives.
 * A failed request is sent again with the same number, which the server answers again without a second record.
 */
export function serverDealer(
  ask: (turn: number, level: number, card: number) => Promise<number>,
): Dealer {
  let turn = 0;
  let asked: { level: number; card: number; face: number | null } | null = null;
  return {
    reveal(level, card) {
      if (asked && asked.level === level && asked.card === card) {
        if (asked.face === null) return null;
        const { face } = asked;
        asked = null;
        turn++;
        return face;
      }
      const pending = { level, card, face: null as number | null };
      asked = pending;
      const number = turn;
      const tryAsk = (attempt: number) => {
        ask(number, level, card).then(
          (face) => {
            pending.face = face;
          },
          () => {
            if (attempt + 1 < ATTEMPTS)
              setTimeout(() => tryAsk(attempt + 1), 400 * 2 ** attempt);
          },
        );
      };
      tryAsk(0);
      return null;
    },
  };
}
