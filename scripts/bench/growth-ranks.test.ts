import { describe, expect, it } from "vitest";
import { random } from "./growth-sim";
import { rankTreeRows } from "./growth-ranks";

/**
 * The trees' rows exactly as the triggers leave them (migrations 0012, 0036 and 0037) for a board played out: every
 * level of the score tree, and of a score's arrival tree the levels from 1 that an arrival there has reached since
 * the score was last left empty.
 */
function exactRows(
  players: { score: number; arrival: number }[],
  levelsOpen: Map<number, number>,
) {
  const scoreNodes = new Set<string>();
  const arrivalNodes = new Set<string>();
  for (const { score, arrival } of players)
    for (let level = 0; level < 10; level++) {
      scoreNodes.add(`${level}:${score >> (3 * level)}`);
      if (level > 0 && level <= (levelsOpen.get(score) ?? 0))
        arrivalNodes.add(`${score}:${level}:${arrival >> (3 * level)}`);
    }
  return { scoreRows: scoreNodes.size, arrivalRows: arrivalNodes.size };
}

/** The highest level an arrival reaches: L with 8^L ≤ arrival. */
const levelOf = (arrival: number) =>
  Math.floor(Math.log2(Math.max(1, arrival)) / 3);

/**
 * A board played out: each round of a random player either improves their best (a new arrival at the new score,
 * numbered after the latest arrival there, as the service numbers it) or changes nothing.
 */
function playOut(
  seed: number,
  players: number,
  rounds: number,
  maxScore: number,
) {
  const rand = random(seed);
  const best = new Map<number, { score: number; arrival: number }>();
  const latest = new Map<number, number>();
  const holders = new Map<number, number>();
  const levelsOpen = new Map<number, number>();
  let arrivals = 0;
  for (let round = 0; round < rounds; round++) {
    const player = Math.floor(rand() * players);
    const score = Math.round(maxScore * rand() ** 2);
    const kept = best.get(player);
    if (kept && kept.score >= score) continue;
    if (kept) {
      const left = holders.get(kept.score)! - 1;
      holders.set(kept.score, left);
      // The last player gone: every node of the score's tree counts 0 and is deleted.
      if (left === 0) levelsOpen.delete(kept.score);
    }
    const arrival = (latest.get(score) ?? 0) + 1;
    latest.set(score, arrival);
    holders.set(score, (holders.get(score) ?? 0) + 1);
    levelsOpen.set(
      score,
      Math.max(levelsOpen.get(score) ?? 0, levelOf(arrival)),
    );
    best.set(player, { score, arrival });
    arrivals++;
  }
  return { held: [...best.values()], arrivals, levelsOpen };
}

describe("rankTreeRows", () => {
  it("is never below the rows the triggers keep, and close to them once players share scores", () => {
    for (const [seed, players, rounds, maxScore] of [
      [1, 50, 200, 1_000_000],
      [2, 2_000, 10_000, 500],
      [3, 20_000, 80_000, 3_000],
      [4, 5_000, 5_000, 40],
      [5, 30_000, 60_000, 1_000],
    ]) {
      const { held, arrivals, levelsOpen } = playOut(
        seed,
        players,
        rounds,
        maxScore,
      );
      const exact = exactRows(held, levelsOpen);
      const bound = rankTreeRows({
        bestScores: held.length,
        maxScore,
        arrivals,
      });
      expect(bound.scoreRows).toBeGreaterThanOrEqual(exact.scoreRows);
      expect(bound.arrivalRows).toBeGreaterThanOrEqual(exact.arrivalRows);
      // Where many share a score, the bound is within half again of the truth, not ten times it.
      if (held.length > 10 * maxScore)
        expect(bound.arrivalRows).toBeLessThan(1.5 * exact.arrivalRows);
    }
  });

  it("counts no rows for a board nobody has played yet", () => {
    expect(
      rankTreeRows({ bestScores: 0, maxScore: 1_000, arrivals: 0 }),
    ).toEqual({ scoreRows: 0, arrivalRows: 0 });
  });

  it("counts next to no arrival rows while every score is a score of its own", () => {
    expect(
      rankTreeRows({ bestScores: 100, maxScore: 1e9, arrivals: 100 })
        .arrivalRows,
    ).toBeCloseTo(100 / 7);
  });
});
