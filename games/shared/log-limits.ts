import type { InputLog } from "./input-log";
import { STEP } from "./sim";

/**
 * What a person can do, as limits on an input log, checked before a log is replayed or kept. A person's fingers and
 * keys make a few inputs a step at most (a tap is a down and an up, maybe a move, maybe a second finger), and no one
 * presses more than about 15 times a second for long; these bounds sit well above that, so an honest round on any
 * device passes, and a script's log that puts thousands of inputs on one step is refused without running the game.
 */
export const HUMAN_LIMITS = {
  /** Inputs of any kind applied on one step of 1/60 s. */
  inputsPerStep: 8,
  /** Presses (pointer or key downs) within any one second of the round. */
  pressesPerSecond: 25,
} as const;

const STEPS_PER_SECOND = Math.round(1 / STEP);

/** Why no person could have played this log, or null when one could. Linear in the log's length. */
export function inhumanInput(log: InputLog): string | null {
  const { events } = log;
  let stepStart = 0;
  // The presses within the last second, as a window over the press steps.
  const presses: number[] = [];
  let oldest = 0;
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    if (index > 0 && event.step !== events[index - 1].step) stepStart = index;
    if (index - stepStart + 1 > HUMAN_LIMITS.inputsPerStep)
      return "More inputs on one step than a person can make";
    if (event.kind !== "pointerDown" && event.kind !== "keyDown") continue;
    presses.push(event.step);
    while (presses[oldest] <= event.step - STEPS_PER_SECOND) oldest++;
    if (presses.length - oldest > HUMAN_LIMITS.pressesPerSecond)
      return "Presses faster than a person can make";
  }
  return null;
}
