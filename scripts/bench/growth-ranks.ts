// ADR 020's two rank count trees at a number of players the bench cannot simulate. Their rows are not linear in the
// players: a node is per game and score prefix (rank_score_counts) or per score and arrival prefix
// (rank_arrival_counts), so once many players share a score, a player adds about one row. At 100 simulated players
// nearly every best score is a score of its own, where a player is one arrival row but up to ten score rows; scaling
// the rows of a small board by a thousand misstates both. So the bench takes the measured bytes a row and counts the
// rows with the bound below.

/** Levels of both trees: 3 bits a level (migration 0012). */
const LEVELS = 10;
const RADIX = 8;

export interface GameBoard {
  /** Best scores on the game's board (one a player who played it). */
  bestScores: number;
  /** The highest score a round of the game can have. */
  maxScore: number;
  /** New bests ever made (each took an arrival number at its score). */
  arrivals: number;
}

/**
 * At most how many rows each tree holds for one game's board:
 * - rank_score_counts: at level L the distinct `score >> 3L`, no more than the best scores nor than the prefixes of
 *   0 … maxScore;
 * - rank_arrival_counts: for each score held, at a level L ≥ 1 that an arrival there has reached (8^L or more,
 *   migration 0036), the distinct `arrival >> 3L`, no more than ⌊A_s/8^L⌋ + 1 for the A_s arrivals that score ever
 *   had; level 0 is the rank index (migration 0037). Summed over the levels that is under A_s/7 + log8(A_s) a score,
 *   and as log8 is concave, the S scores held come to at most A/7 + S·log8(A/S) rows, never more than nine a player.
 */
export function rankTreeRows(board: GameBoard): {
  scoreRows: number;
  arrivalRows: number;
} {
  const { bestScores: n, maxScore, arrivals } = board;
  let scoreRows = 0;
  for (let level = 0; level < LEVELS; level++)
    scoreRows += Math.min(n, Math.floor(maxScore / RADIX ** level) + 1);
  const scoresHeld = Math.min(n, maxScore + 1);
  const arrivalRows = Math.min(
    (LEVELS - 1) * n,
    arrivals / (RADIX - 1) +
      (scoresHeld > 0 && arrivals > scoresHeld
        ? (scoresHeld * Math.log(arrivals / scoresHeld)) / Math.log(RADIX)
        : 0),
  );
  return { scoreRows, arrivalRows };
}
