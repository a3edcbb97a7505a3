import type { Turn } from "./dealer";
import { encodeLog, type InputEvent, type InputLog } from "./input-log";
import { HUMAN_LIMITS } from "./log-limits";
import { startRound } from "./round";
import type { Dealer, Input, Rules } from "./sim";

/**
 * The most work a log that passes log-limits can ask of each game, for the game's whole time. The game's demo player
 * plays, so the round lasts as an honest one does; on every step the log adds, before the demo's inputs, as many
 * inputs as a person may make:
 * each demo press again on the same step (a hop, a jump or a pick asked for several times makes the effects several
 * times over), the game's extra presses where they cost work without ending the round, and moves, releases and key
 * ups up to log-limits' inputs per step, presses kept under its presses per second. The unit test replays these logs
 * and checks every list stays within its game's CAPS; `npm run bench:replay` times them.
 */

type Press =
  | { kind: "pointerDown"; x: number; y: number }
  | { kind: "keyDown"; key: string };
type Fill =
  | { kind: "pointerMove" | "pointerUp"; x: number; y: number }
  | { kind: "keyUp"; key: string };
type Hostile = Press | Fill;

interface Plan {
  /** Whether the demo's presses are given again on the same step: off where a second press plays differently. */
  echo: boolean;
  /** Presses added while the second's budget allows, cycled through. */
  presses: Press[];
  /** Cycled through to fill each step; empty when the game hears no moves, ups or key releases. */
  fills: Fill[];
}

const STEPS_PER_SECOND = 60;
/** Presses the log adds in any second, leaving the demo's own presses room under log-limits' 25. */
const HOSTILE_PRESSES = HUMAN_LIMITS.pressesPerSecond - 6;

/** Points across a world, row by row. */
function spread(
  width: number,
  height: number,
  columns: number,
  rows: number,
  top = 0,
): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      points.push({
        x: Math.round(((c + 0.5) * width) / columns),
        y: Math.round(top + ((r + 0.5) * (height - top)) / rows),
      });
  return points;
}

const downs = (points: { x: number; y: number }[]): Press[] =>
  points.map(({ x, y }) => ({ kind: "pointerDown", x, y }));
const moves = (points: { x: number; y: number }[]): Fill[] =>
  points.map(({ x, y }) => ({ kind: "pointerMove", x, y }));
const keys = (names: string[]): Press[] =>
  names.map((key) => ({ kind: "keyDown", key }));
const releases = (names: string[]): Fill[] =>
  names.map((key) => ({ kind: "keyUp", key }));
const across = (y: number) =>
  Array.from({ length: 9 }, (_, i) => ({ x: 20 + i * 40, y }));

/** Per game: what it listens to, where an input does the most. */
export const HOSTILE_PLANS: Readonly<Record<string, Plan>> = {
  "brick-breaker": {
    echo: true,
    presses: keys([" ", "Enter"]),
    fills: [...moves(across(574)), ...releases(["ArrowLeft", "d"])],
  },
  // Every press is a pop: the nearest bubble, then its whole same-coloured cluster.
  "bubble-pop": {
    echo: true,
    presses: downs(spread(360, 640, 6, 8, 90)),
    fills: releases(["a", "ArrowRight", "w", "s"]),
  },
  // A pick floods the board; the same pick again, of the colour already held, is answered with a shake.
  "color-flood": { echo: true, presses: keys(["x"]), fills: [] },
  "dash-runner": { echo: true, presses: keys(["x"]), fills: [] },
  "fruit-catch": {
    echo: true,
    presses: keys(["x"]),
    fills: [...moves(across(560)), ...releases(["ArrowLeft", "d"])],
  },
  // A press then a long move is a swipe: while a slide plays, one more waits.
  "merge-tiles": {
    echo: false,
    presses: downs([{ x: 180, y: 330 }]),
    fills: [
      { kind: "pointerMove", x: 190, y: 330 },
      { kind: "pointerUp", x: 185, y: 335 },
    ],
  },
  // A whack of a hole with no mole out: the hammer, its search and the combo's end.
  "mole-mash": { echo: true, presses: keys(["x"]), fills: [] },
  // A tap beside the board searches every card and finds none, and ripples; a tap on a card would turn it and play.
  // The demo's tap again is a tap on a card already up. Nothing else (moves, ups, key releases) is heard.
  "memory-match": {
    echo: true,
    presses: downs([...across(50), ...across(632)]),
    fills: [],
  },
  "sky-hopper": { echo: true, presses: keys(["x"]), fills: [] },
  snake: {
    echo: true,
    presses: keys(["x"]),
    fills: [{ kind: "pointerUp", x: 180, y: 300 }],
  },
  "star-dodger": {
    echo: true,
    presses: keys(["x"]),
    fills: [...moves(across(560)), ...releases(["ArrowLeft", "d"])],
  },
  // A second drop on the same step would miss the tower: only keys it ignores are pressed.
  "tower-stack": { echo: false, presses: keys(["x"]), fills: [] },
};

const isPress = (input: Hostile): input is Press =>
  input.kind === "pointerDown" || input.kind === "keyDown";

/** What the demo player would do on this step, without doing it. */
function demoInputs(sim: { autoplay?(input: Input): void }): Hostile[] {
  const inputs: Hostile[] = [];
  const pointer =
    (kind: "pointerDown" | "pointerMove" | "pointerUp") =>
    (x: number, y: number) =>
      inputs.push({ kind, x: Math.round(x), y: Math.round(y) });
  sim.autoplay?.({
    pointerDown: pointer("pointerDown"),
    pointerMove: pointer("pointerMove"),
    pointerUp: pointer("pointerUp"),
    keyDown: (key) => inputs.push({ kind: "keyDown", key }),
    keyUp: (key) => inputs.push({ kind: "keyUp", key }),
  });
  return inputs;
}

/** The longest log a round may send (MAX_LOG_CHARS in contract/runs.ts): the server refuses longer ones unread. */
const HOSTILE_LOG_CHARS = 64 * 1024;

/** A hidden seed to deal from, and the cards turned, in order: what the server's CardDealer would have recorded. */
export interface HiddenDeal {
  seed: number;
  turns: Turn[];
}

/** The faces of `hidden.seed`, each noted in `hidden.turns` as it is dealt. */
function notedDealer(rules: Rules, hidden: HiddenDeal): Dealer {
  const faces = rules.dealer!(hidden.seed);
  return {
    reveal(level, card) {
      const face = faces.reveal(level, card);
      if (face !== null) hidden.turns.push([level, card]);
      return face;
    },
  };
}

/**
 * Plays a round of `rules` from `seed` with its demo player and the game's hostile plan, for up to `maxSteps` or
 * until the round ends; returns the round's log, as a browser would send it. Fills go on every step when the log
 * still fits in `maxChars`, else on every n-th step, for the smallest n that fits: the most inputs a log can carry.
 * A game that hides information (ADR 014) is dealt from `hidden.seed`, and `hidden.turns` is left holding the cards
 * the log turns, for its replay through `recordedDealer` as the Worker's.
 */
export function hostileLog(
  rules: Rules,
  seed: number,
  maxSteps: number,
  maxChars = HOSTILE_LOG_CHARS,
  hidden?: HiddenDeal,
): InputLog {
  if (rules.dealer && !hidden)
    throw new Error(`${rules.slug} is dealt from a hidden seed: name one`);
  for (let fillEvery = 1; ;) {
    if (hidden) hidden.turns.length = 0;
    const deal = hidden && rules.dealer && notedDealer(rules, hidden);
    const log = playHostile(rules, seed, maxSteps, fillEvery, deal);
    const chars = encodeLog(log).length;
    if (chars <= maxChars) return log;
    fillEvery = Math.max(
      fillEvery + 1,
      Math.ceil((fillEvery * chars * 1.02) / maxChars),
    );
  }
}

function playHostile(
  rules: Rules,
  seed: number,
  maxSteps: number,
  fillEvery: number,
  deal?: Dealer,
): InputLog {
  const plan = HOSTILE_PLANS[rules.slug];
  if (!plan) throw new Error(`No hostile plan for ${rules.slug}`);
  const round = startRound(rules, seed, undefined, deal);
  const pressSteps: number[] = [];
  let oldest = 0;
  let extra = 0;
  let fill = 0;
  while (!round.sim.over && round.steps < maxSteps) {
    const step = round.steps;
    while (
      oldest < pressSteps.length &&
      pressSteps[oldest] <= step - STEPS_PER_SECOND
    )
      oldest++;
    const hostilePresses = () => pressSteps.length - oldest;
    const demo = demoInputs(round.sim);
    // The demo's inputs come last on the step, so its moves, not the log's, steer.
    const inputs: Hostile[] = [];
    const room = () => HUMAN_LIMITS.inputsPerStep - demo.length - inputs.length;
    const mayPress = () => room() > 0 && hostilePresses() < HOSTILE_PRESSES;
    const own = demo.filter(isPress);
    if (plan.echo)
      for (let i = 0; own.length && mayPress(); i++) {
        inputs.push(own[i % own.length]);
        pressSteps.push(step);
      }
    if (plan.presses.length && mayPress()) {
      inputs.push(plan.presses[extra++ % plan.presses.length]);
      pressSteps.push(step);
    }
    while (plan.fills.length && step % fillEvery === 0 && room() > 0)
      inputs.push(plan.fills[fill++ % plan.fills.length]);
    for (const input of [...inputs, ...demo]) {
      if ("key" in input) round.input[input.kind](input.key);
      else round.input[input.kind](input.x, input.y);
    }
    round.step();
  }
  return round.log();
}

/**
 * A log no person could make, which log-limits refuses before replay: `count` inputs of the plan's kinds on one step,
 * then `after` quiet steps. The rules' own caps must hold even so, in case a log ever reached them unchecked.
 */
export function floodLog(
  rules: Rules,
  step: number,
  count: number,
  after = 300,
): InputLog {
  const plan = HOSTILE_PLANS[rules.slug];
  const centre = {
    x: Math.round(rules.world.width / 2),
    y: Math.round(rules.world.height / 2),
  };
  const kinds: Hostile[] = [
    { kind: "pointerDown", ...centre },
    { kind: "keyDown", key: " " },
    ...plan.presses,
    ...plan.fills,
  ];
  const events: InputEvent[] = Array.from({ length: count }, (_, i) => ({
    ...kinds[i % kinds.length],
    step,
  }));
  return { steps: step + 1 + after, events };
}
