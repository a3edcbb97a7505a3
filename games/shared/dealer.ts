import type { Dealer } from "./sim";

/** One card the server revealed: the level it was on and its place on the board. */
export type Turn = readonly [level: number, card: number];

/**
 * The replay's dealer: the faces `faces` knows, but only for the cards the server revealed, in the order it revealed
 * them. A replay that turns any other card throws `refuse()`, so the round is refused. At most one revealed card may
 * be left unturned when the round ends (`finish`): the one whose face was on its way as it ended.
 */
export function recordedDealer(
  faces: Dealer,
  turns: readonly Turn[],
  refuse: () => Error,
): Dealer & { finish(): void } {
  let next = 0;
  return {
    reveal(level, card) {
      const turn = turns[next];
      if (!turn || turn[0] !== level || turn[1] !== card) throw refuse();
      next++;
      return faces.reveal(level, card);
    },
    finish() {
      if (turns.length - next > 1) throw refuse();
    },
  };
}
