import type { InputLog } from "../../games/shared/input-log";
import type { ReplayMove } from "../../games/shared/round";
import models from "./fair-play-models.json";

/**
 * How a person plays each of our games, as limits a round must stay within to reach the boards straight away (ADR 032).
 * Built by `npm run fair-play:model` from many full rounds of the game's demo player, which reacts on the step a
 * thing happens and never tires, so it is an upper bound on a person's play, not an average:
 *  - `ceiling`: the highest ranked value (score or level) the model accepts: the best round seen, with room;
 *  - `growth`: how fast the ranked value can grow: for each value, the fewest steps any model round took to reach it;
 *  - `pressesPer10s`: the most presses (pointer or key downs) in any ten seconds of a round;
 *  - `missesPerValue`: the fewest misses (the game's "hit" effect: a wrong pair, a lost life) per ranked value of
 *    any model round that reached a quarter of the best: luck a person cannot beat for long, since the demo player
 *    already remembers all it has seen (0 where the game's best rounds miss nothing).
 * A round outside any of these is kept but held for a moderator's review; it is not refused, because a remarkable
 * person can be outside a model, and a review tells them apart.
 */
export interface PlayModel {
  /** Rounds the model was built from. */
  rounds: number;
  ceiling: number;
  /** [value, fewest steps to reach it], values rising. */
  growth: Array<[number, number]>;
  pressesPer10s: number;
  missesPerValue: number;
}

/** What a replay tells about a round, for the model. */
export interface RoundFacts {
  log: InputLog;
  /** The replay's changes of the ranked value. */
  moves: readonly ReplayMove[];
  /** The ranked value at the end. */
  ranked: number;
  /** "hit" effects the replay emitted. */
  misses: number;
}

// The file is written by the script from this very type; JSON only loses the pairs' tuple type.
export const PLAY_MODELS = models as unknown as Readonly<
  Record<string, PlayModel>
>;

/** Margins over the model's rounds: a round is held only when it is far outside them. */
export const MODEL_MARGINS = {
  /** The ceiling is the model's best round times this. */
  ceiling: 1.5,
  /** Held when a value is reached in less than this share of the model's fewest steps... */
  growth: 0.5,
  /**
   * ...once it is this share of the model's best round: a low value reached fast is a lucky deal (Snake's first fruit
   * next to its head), which about one honest round in 300 had before this.
   */
  growthFrom: 0.25,
  /** The most presses in ten seconds is the model's times this, and never under `pressesFloor`. */
  presses: 1.5,
  /** About what the fastest people sustain for ten seconds of tapping. */
  pressesFloor: 80,
  /** Held when a round misses less than this share of the model's fewest misses per value... */
  misses: 0.5,
  /** ...once it has reached this share of the model's best round (before that, luck is still likely). */
  missesFrom: 0.25,
} as const;

/** The ranked value from which the model counts misses. */
const missesFrom = (ceiling: number) =>
  Math.max(1, Math.ceil(ceiling * MODEL_MARGINS.missesFrom));

const TEN_SECONDS = 600;

/** The most presses within any ten seconds (600 steps) of a log. Linear in its length. */
export function mostPressesIn10s(log: InputLog): number {
  const presses: number[] = [];
  let oldest = 0;
  let most = 0;
  for (const event of log.events) {
    if (event.kind !== "pointerDown" && event.kind !== "keyDown") continue;
    presses.push(event.step);
    while (presses[oldest] <= event.step - TEN_SECONDS) oldest++;
    most = Math.max(most, presses.length - oldest);
  }
  return most;
}

/** The first step each ranked value was reached, from a replay's changes (values that go down are ignored). */
export function firstReached(
  moves: readonly ReplayMove[],
): Array<[number, number]> {
  const reached: Array<[number, number]> = [];
  let best = 0;
  for (const move of moves) {
    if (move.score <= best) continue;
    best = move.score;
    reached.push([move.score, move.step]);
  }
  return reached;
}

/** The fewest steps the model needs for `value`: that of the highest model value at or below it (0 for none). */
function modelSteps(growth: ReadonlyArray<[number, number]>, value: number) {
  let steps = 0;
  for (const [modelValue, modelStep] of growth) {
    if (modelValue > value) break;
    steps = modelStep;
  }
  return steps;
}

/**
 * Why a replayed round is outside its game's model, for the moderator who reviews it, or null when it is within.
 * `moves` are the replay's changes of the ranked value, `ranked` its end value.
 */
export function outsideModel(
  model: PlayModel | undefined,
  { log, moves, ranked, misses }: RoundFacts,
): string | null {
  if (!model) return null;
  const ceiling = Math.ceil(model.ceiling * MODEL_MARGINS.ceiling);
  if (ranked > ceiling)
    return `Reached ${ranked}, above the model's ceiling of ${ceiling}`;
  const growthFrom = Math.ceil(model.ceiling * MODEL_MARGINS.growthFrom);
  for (const [value, step] of firstReached(moves)) {
    if (value < growthFrom) continue;
    const fewest = modelSteps(model.growth, value);
    if (step < fewest * MODEL_MARGINS.growth)
      return `Reached ${value} in ${step} steps; the model's fastest took ${fewest}`;
  }
  const pressLimit = Math.max(
    Math.ceil(model.pressesPer10s * MODEL_MARGINS.presses),
    MODEL_MARGINS.pressesFloor,
  );
  const presses = mostPressesIn10s(log);
  if (presses > pressLimit)
    return `${presses} presses within ten seconds; the model allows ${pressLimit}`;
  const fewestMisses = Math.floor(
    model.missesPerValue * MODEL_MARGINS.misses * ranked,
  );
  if (ranked >= missesFrom(model.ceiling) && misses < fewestMisses)
    return `${misses} ${misses === 1 ? "miss" : "misses"} on the way to ${ranked}; the model's luckiest rounds would miss ${fewestMisses}`;
  return null;
}

/** The model of a game from full rounds of a strong player: each round's log and its replay's changes. */
export function buildModel(rounds: readonly RoundFacts[]): PlayModel {
  const fewest = new Map<number, number>();
  let ceiling = 0;
  let pressesPer10s = 0;
  for (const round of rounds) {
    ceiling = Math.max(ceiling, round.ranked);
    pressesPer10s = Math.max(pressesPer10s, mostPressesIn10s(round.log));
    for (const [value, step] of firstReached(round.moves))
      fewest.set(value, Math.min(fewest.get(value) ?? Infinity, step));
  }
  const missRates = rounds
    .filter((round) => round.ranked >= missesFrom(ceiling))
    .map((round) => round.misses / round.ranked);
  // A higher value can never be reached sooner than a lower one: keep the curve rising, then thin it.
  const values = [...fewest.keys()].sort((a, b) => a - b);
  const growth: Array<[number, number]> = [];
  let floor = Infinity;
  for (const value of values.reverse()) {
    floor = Math.min(floor, fewest.get(value) ?? Infinity);
    growth.unshift([value, floor]);
  }
  return {
    rounds: rounds.length,
    ceiling,
    growth: thin(growth, 48),
    pressesPer10s,
    // Rounded down to a thousandth: the file stays short and reads the same everywhere.
    missesPerValue:
      missRates.length > 0
        ? Math.floor(Math.min(...missRates) * 1000) / 1000
        : 0,
  };
}

/** At most `count` points of a rising curve, always keeping its first and last. */
function thin<T>(points: T[], count: number): T[] {
  if (points.length <= count) return points;
  const kept: T[] = [];
  for (let i = 0; i < count; i++)
    kept.push(points[Math.round((i * (points.length - 1)) / (count - 1))]);
  return kept;
}
