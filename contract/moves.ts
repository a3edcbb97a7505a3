/**
 * SPEC.md §3 Player moves: a round's score over time, as { time (ms since the round began), score }. Recorded on the
 * play page, checked by the server against the play session, and replayed later by bots.
 */
export interface Move {
  time: number;
  score: number;
}

/** The most moves a timeline keeps; longer rounds are thinned evenly, always keeping the last move. */
export const MAX_MOVES = 600;

export interface Timeline {
  /** Notes the score at a time; an unchanged score adds nothing. Times never go backwards. */
  record(time: number, score: number): void;
  /** The moves so far, ending at `finalScore` when given. */
  moves(finalScore?: number, at?: number): Move[];
}

export function createTimeline(limit = MAX_MOVES): Timeline {
  let moves: Move[] = [];

  function push(time: number, score: number) {
    const last = moves[moves.length - 1];
    const at = Math.max(Math.round(time), last?.time ?? 0);
    if (last && last.score === score) return;
    moves.push({ time: at, score });
    if (moves.length > limit) {
      // Keep every other move and the newest: the shape of the round survives, the size halves.
      const newest = moves[moves.length - 1];
      moves = moves.filter((_, index) => index % 2 === 1);
      if (moves[moves.length - 1] !== newest) moves.push(newest);
    }
  }

  return {
    record: push,
    moves(finalScore, at) {
      if (finalScore !== undefined)
        push(at ?? moves[moves.length - 1]?.time ?? 0, finalScore);
      return moves.map((move) => ({ ...move }));
    },
  };
}
