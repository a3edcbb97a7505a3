import { describe, expect, it } from "vitest";
import type { InputEvent } from "./input-log";
import { HUMAN_LIMITS, inhumanInput } from "./log-limits";

const taps = (steps: number[]): InputEvent[] =>
  steps.flatMap((step) => [
    { step, kind: "pointerDown" as const, x: 10, y: 10 },
    { step, kind: "pointerUp" as const, x: 10, y: 10 },
  ]);

describe("what a person can do", () => {
  it("passes a fast tapper: a tap on every fourth step for a minute", () => {
    const steps = Array.from({ length: 900 }, (_, i) => i * 4);
    expect(inhumanInput({ steps: 3600, events: taps(steps) })).toBeNull();
  });

  it("refuses thousands of inputs on one step", () => {
    const events = taps(Array.from({ length: 8190 }, () => 100));
    expect(inhumanInput({ steps: 200, events })).toBe(
      "More inputs on one step than a person can make",
    );
  });

  it("refuses one input more than the limit on a step, not the limit itself", () => {
    const half = HUMAN_LIMITS.inputsPerStep / 2;
    const atLimit = taps(Array.from({ length: half }, () => 5));
    expect(inhumanInput({ steps: 10, events: atLimit })).toBeNull();
    const past = [
      ...atLimit,
      { step: 5, kind: "pointerMove" as const, x: 1, y: 1 },
    ];
    expect(inhumanInput({ steps: 10, events: past })).not.toBeNull();
  });

  it("refuses a press on every other step for a second", () => {
    const steps = Array.from({ length: 30 }, (_, i) => 1000 + i * 2);
    expect(inhumanInput({ steps: 2000, events: taps(steps) })).toBe(
      "Presses faster than a person can make",
    );
  });
});
