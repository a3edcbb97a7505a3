import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registry } from "../games/registry";
import { decodeLog, type InputEvent } from "../games/shared/input-log";
import { inhumanInput } from "../games/shared/log-limits";
import { replay, startRound } from "../games/shared/round";
import {
  MODEL_MARGINS,
  PLAY_MODELS,
  buildModel,
  firstReached,
  mostPressesIn10s,
  outsideModel,
  type PlayModel,
} from "../workers/services/fair-play-model";

const model: PlayModel = {
  rounds: 3,
  ceiling: 40,
  growth: [
    [1, 100],
    [10, 1000],
    [40, 4000],
  ],
  pressesPer10s: 20,
  missesPerValue: 0,
};
/** The facts of a round: `log`, `moves` and `ranked`, with as many misses as the model could want. */
const facts = (
  log: { steps: number; events: InputEvent[] },
  moves: Array<{ step: number; score: number }>,
  ranked: number,
  misses = 1000,
) => ({ log, moves, ranked, misses });
const presses = (steps: number[]): InputEvent[] =>
  steps.map((step) => ({ step, kind: "pointerDown", x: 0, y: 0 }));
const quiet = { steps: 5000, events: presses([10, 400, 900]) };

describe("the fair-play model", () => {
  it("passes a round within the model", () => {
    const moves = [
      { step: 150, score: 1 },
      { step: 1200, score: 10 },
      { step: 4500, score: 40 },
    ];
    expect(outsideModel(model, facts(quiet, moves, 40))).toBeNull();
  });

  it("holds a round above the ceiling with its margin, not one at it", () => {
    const top = Math.ceil(40 * MODEL_MARGINS.ceiling);
    const climb = (score: number) => [{ step: 4999, score }];
    expect(outsideModel(model, facts(quiet, climb(top), top))).toBeNull();
    expect(outsideModel(model, facts(quiet, climb(top + 1), top + 1))).toBe(
      `Reached ${top + 1}, above the model's ceiling of ${top}`,
    );
  });

  it("holds a round that reaches a value in under half the model's fewest steps", () => {
    const moves = [
      { step: 150, score: 1 },
      { step: 499, score: 12 },
    ];
    expect(outsideModel(model, facts(quiet, moves, 12))).toBe(
      "Reached 12 in 499 steps; the model's fastest took 1000",
    );
    expect(
      outsideModel(model, facts(quiet, [{ step: 500, score: 12 }], 12)),
    ).toBeNull();
  });

  it("does not hold a low value reached fast: before a quarter of the best, that is a lucky deal", () => {
    // Snake's first fruit next to the head: 2 in 32 steps where the model's fastest took 96.
    const lucky = [{ step: 10, score: 9 }];
    expect(outsideModel(model, facts(quiet, lucky, 9))).toBeNull();
    expect(
      outsideModel(model, facts(quiet, [{ step: 10, score: 10 }], 10)),
    ).toBe("Reached 10 in 10 steps; the model's fastest took 1000");
  });

  it("holds a round with more presses in ten seconds than the model allows", () => {
    const limit = MODEL_MARGINS.pressesFloor;
    const burst = (count: number) => ({
      steps: 5000,
      events: presses(Array.from({ length: count }, (_, i) => 100 + i * 7)),
    });
    expect(outsideModel(model, facts(burst(limit), [], 0))).toBeNull();
    expect(outsideModel(model, facts(burst(limit + 1), [], 0))).toBe(
      `${limit + 1} presses within ten seconds; the model allows ${limit}`,
    );
  });

  it("holds a round that misses far less often than the model's luckiest rounds, once it is well on its way", () => {
    const lucky = { ...model, missesPerValue: 0.5 };
    // From a quarter of the ceiling on, fewer than half the model's misses per value is held.
    expect(outsideModel(lucky, facts(quiet, [], 9, 0))).toBeNull();
    expect(outsideModel(lucky, facts(quiet, [], 10, 2))).toBeNull();
    expect(outsideModel(lucky, facts(quiet, [], 10, 1))).toBe(
      "1 miss on the way to 10; the model's luckiest rounds would miss 2",
    );
  });

  it("counts presses in a sliding ten seconds and first reaches of rising values", () => {
    expect(
      mostPressesIn10s({ steps: 2000, events: presses([0, 599, 600, 1300]) }),
    ).toBe(2);
    expect(
      firstReached([
        { step: 5, score: 2 },
        { step: 9, score: 1 },
        { step: 12, score: 3 },
      ]),
    ).toEqual([
      [2, 5],
      [3, 12],
    ]);
  });

  it("builds a curve that never asks a higher value to come sooner than a lower one", () => {
    const built = buildModel([
      {
        log: quiet,
        moves: [
          { step: 300, score: 5 },
          { step: 200, score: 9 },
        ],
        ranked: 9,
        misses: 3,
      },
    ]);
    expect(built.growth).toEqual([
      [5, 200],
      [9, 200],
    ]);
    expect(built.ceiling).toBe(9);
    expect(built.missesPerValue).toBe(0.333);
  });

  it("has a model for every game the server replays, built from many rounds", () => {
    expect(Object.keys(PLAY_MODELS).sort()).toEqual(
      Object.keys(registry).sort(),
    );
    for (const built of Object.values(PLAY_MODELS))
      expect(built.rounds).toBeGreaterThanOrEqual(20);
  });

  it("holds none of the demo players' rounds on seeds it was not built from", () => {
    for (const [slug, rules] of Object.entries(registry)) {
      const meta = JSON.parse(
        readFileSync(
          new URL(`../games/${slug}/meta.json`, import.meta.url),
          "utf8",
        ),
      ) as { maximum_game_time: number };
      for (const seed of [20261123, 987654321]) {
        const round = startRound(rules, seed);
        while (!round.sim.over && round.steps < meta.maximum_game_time * 60)
          round.step({ autoplay: true });
        const log = round.log();
        let misses = 0;
        const result = replay(rules, seed, log, (effect) => {
          if (effect === "hit") misses++;
        });
        const { moves, score } = result;
        expect(
          outsideModel(PLAY_MODELS[slug], facts(log, moves, score, misses)),
          `${slug} seed ${seed}`,
        ).toBeNull();
      }
    }
  }, 120_000);

  it("takes every recorded round as a person's play", () => {
    const fixtures = new URL("../tests/fixtures/rounds/", import.meta.url);
    const files = readdirSync(fixtures).filter((file) =>
      file.endsWith(".json"),
    );
    expect(files.length).toBe(Object.keys(registry).length);
    for (const file of files) {
      const round = JSON.parse(
        readFileSync(new URL(file, fixtures), "utf8"),
      ) as { log: string };
      expect(inhumanInput(decodeLog(round.log)), file).toBeNull();
    }
  });
});
