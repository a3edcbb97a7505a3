import { type InputEvent, type InputLog, LogError } from "./input-log";
import { createRng } from "./rng";
import {
  type Dealer,
  type Effect,
  type Input,
  type Rules,
  type Simulation,
  gameKey,
  ranked,
} from "./sim";

/**
 * One round of a simulation: the only way inputs reach it, so what the player did is exactly what the
 * log says. The browser plays a round, the Worker and the watch mode replay one, and both step it here.
 */
export interface Round<S extends Simulation = Simulation> {
  readonly sim: S;
  /** Steps taken so far. */
  readonly steps: number;
  /** Queues an input for the next step, where it is rounded, logged and applied before the update. */
  readonly input: Input;
  /**
   * One fixed step: the queued inputs, then (with `autoplay`) the demo's inputs, then the update.
   * Does nothing once the round is over.
   */
  step(options?: { autoplay?: boolean }): void;
  /** The inputs applied so far and the steps taken. */
  log(): InputLog;
}

const quiet = () => {};

export function startRound<S extends Simulation>(
  rules: Rules<S>,
  seed: number,
  emit: (effect: Effect) => void = quiet,
  deal?: Dealer,
): Round<S> {
  const sim = rules.create({ rng: createRng(seed >>> 0), emit, deal });
  const events: InputEvent[] = [];
  let pending: InputEvent[] = [];
  let steps = 0;
  let heldAfterAutoplay = false;

  /** Logs and applies one input now, if the simulation listens for it. */
  function apply(event: InputEvent) {
    if ("key" in event) {
      const handler = sim[event.kind];
      if (!handler) return;
      events.push(event);
      handler.call(sim, event.key);
    } else {
      const handler = sim[event.kind];
      if (!handler) return;
      events.push(event);
      handler.call(sim, event.x, event.y);
    }
  }

  const inputs = (deliver: (event: InputEvent) => void): Input => {
    const pointer =
      (kind: "pointerDown" | "pointerMove" | "pointerUp") =>
      (x: number, y: number) => {
        if (Number.isFinite(x) && Number.isFinite(y))
          deliver({ step: steps, kind, x: Math.round(x), y: Math.round(y) });
      };
    const key = (kind: "keyDown" | "keyUp") => (name: string) => {
      const known = gameKey(name);
      if (known !== null) deliver({ step: steps, kind, key: known });
    };
    return {
      pointerDown: pointer("pointerDown"),
      pointerMove: pointer("pointerMove"),
      pointerUp: pointer("pointerUp"),
      keyDown: key("keyDown"),
      keyUp: key("keyUp"),
    };
  };
  const queue = inputs((event) => pending.push(event));
  const now = inputs(apply);

  return {
    sim,
    get steps() {
      return steps;
    },
    input: queue,
    step(options) {
      if (sim.over) {
        pending = [];
        return;
      }
      // A simulation waiting for its dealer stands still; inputs stay queued for the step it resumes on.
      if (sim.ready?.() === false) return;
      if (heldAfterAutoplay) heldAfterAutoplay = false;
      else {
        while (pending.length > 0) {
          apply({ ...pending.shift()!, step: steps });
          if (sim.ready?.() === false) return;
        }
        if (options?.autoplay) sim.autoplay?.(now);
        heldAfterAutoplay = sim.ready?.() === false;
        if (heldAfterAutoplay) return;
      }
      sim.update();
      steps++;
    },
    log: () => ({ steps, events: [...events] }),
  };
}

/** A point of a round's progress: the ranked value (score or level) after `step` steps. */
export interface ReplayMove {
  step: number;
  score: number;
}

export interface Replay<S extends Simulation = Simulation> {
  readonly round: Round<S>;
  /** Plays the next step of the log; false once the log has ended. */
  step(): boolean;
}

/** Steps a round through a log, one step at a time (the watch mode draws between them). */
export function startReplay<S extends Simulation>(
  rules: Rules<S>,
  seed: number,
  log: InputLog,
  emit?: (effect: Effect) => void,
  deal?: Dealer,
): Replay<S> {
  const round = startRound(rules, seed, emit, deal);
  let next = 0;
  return {
    round,
    step() {
      if (round.steps >= log.steps) return false;
      if (round.sim.over)
        throw new LogError("The log goes on after the round ended");
      const step = round.steps;
      for (
        ;
        next < log.events.length && log.events[next].step === step;
        next++
      ) {
        const event = log.events[next];
        if ("key" in event) round.input[event.kind](event.key);
        else round.input[event.kind](event.x, event.y);
      }
      round.step();
      // A replay's dealer answers at once; one that cannot would hold the round for ever.
      if (round.steps === step)
        throw new LogError("The round waits for a face nobody dealt");
      return true;
    },
  };
}

export interface ReplayResult {
  /** The ranked value: the level for level games, else the score. */
  score: number;
  /** Points, for level games too. */
  points: number;
  level?: number;
  steps: number;
  /** True when the round was lost or won, false when it stopped (time up, or the player left). */
  over: boolean;
  /** Every change of the ranked value, with the step it happened on. */
  moves: ReplayMove[];
}

/**
 * Replays a whole log from the seed and says what the round really scored. Throws a LogError when
 * the log cannot be the record of a round: inputs the simulation does not listen for, or steps after
 * the round ended.
 */
export function replay(
  rules: Rules,
  seed: number,
  log: InputLog,
  emit?: (effect: Effect) => void,
  deal?: Dealer,
): ReplayResult {
  const run = startReplay(rules, seed, log, emit, deal);
  const moves: ReplayMove[] = [];
  let last = ranked(run.round.sim);
  while (run.step()) {
    const value = ranked(run.round.sim);
    if (value !== last) moves.push({ step: run.round.steps, score: value });
    last = value;
  }
  const { sim } = run.round;
  if (run.round.log().events.length !== log.events.length)
    throw new LogError("The log holds inputs this game does not take");
  return {
    score: ranked(sim),
    points: sim.score,
    level: sim.level,
    steps: run.round.steps,
    over: sim.over,
    moves,
  };
}
