import { pushCapped } from "../shared/bounded";
import type { Rng } from "../shared/rng";
import {
  clamp,
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  STEP,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
export const SPAWN_Y = 86;
export const RIM_Y = 540; // the basket's rim: fruit crossing it here is caught
export const GROUND_Y = 604;
export const BASKET_HALF = 48;
const KEY_SPEED = 430; // units per second with the arrow keys
const POINTER_SPEED = 900; // the basket chases a finger or mouse this fast
export const MAX_MISSES = 3;

export type FruitKind =
  | "apple"
  | "orange"
  | "pear"
  | "grapes"
  | "banana"
  | "cherries"
  | "melon"
  | "star";
const FRUITS: readonly FruitKind[] = [
  "apple",
  "orange",
  "pear",
  "grapes",
  "banana",
  "cherries",
  "melon",
];
const JUICE: Record<FruitKind, string> = {
  apple: "#ef4444",
  orange: "#fb923c",
  pear: "#a3e635",
  grapes: "#a855f7",
  banana: "#fde047",
  cherries: "#dc2626",
  melon: "#f43f5e",
  star: "#facc15",
};

export interface Item {
  id: number;
  rock: boolean;
  kind: FruitKind;
  x: number;
  y: number;
  vy: number;
  r: number;
  spin: number;
  angle: number;
  /** Rock outline: radius factors around the circle. */
  shape: number[];
  done: boolean;
}

/**
 * The most of each list a round can hold, whatever its inputs (ADR 014). Items fall on a timer; a full list skips new
 * particles, popups and splats but still draws their randomness, so the fruit that falls stays the same.
 */
export const CAPS = {
  items: 32,
  particles: 160,
  popups: 12,
  splats: 12,
  caughtKinds: 4,
} as const;

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  max: number;
  size: number;
  color: string;
}

interface Popup {
  x: number;
  y: number;
  text: string;
  color: string;
  t: number;
  big: boolean;
}

interface Splat {
  x: number;
  color: string;
  t: number;
}

interface FruitCatchState {
  rng: Rng;
  emit: (effect: Effect) => void;
  items: Item[];
  particles: Particle[];
  popups: Popup[];
  splats: Splat[];
  basket: { x: number; vx: number; tilt: number };
  target: number | null;
  left: boolean;
  right: boolean;
  frame: number;
  spawnTimer: number;
  spawned: number;
  nextId: number;
  misses: number;
  combo: number;
  bestCombo: number;
  endTimer: number;
  shake: number;
  bump: number;
  caughtKinds: FruitKind[];
  demoFinger: number;
  lastFruit: { x: number; arrival: number };
  score: number;
  over: boolean;
}

function createFruitCatchState({ rng, emit }: SimContext): FruitCatchState {
  const basket = { x: W / 2, vx: 0, tilt: 0 };
  return {
    rng,
    emit,
    items: [],
    particles: [],
    popups: [],
    splats: [],
    basket,
    target: null,
    left: false,
    right: false,
    frame: 0,
    spawnTimer: 10,
    spawned: 0,
    nextId: 1,
    misses: 0,
    combo: 0,
    bestCombo: 0,
    endTimer: -1,
    shake: 0,
    bump: 0,
    caughtKinds: [],
    demoFinger: W / 2,
    lastFruit: { x: W / 2, arrival: 0 },
    score: 0,
    over: false,
  };
}

/** 0 at the start, 1 at full pace after about 110 drops. */
const pace = (s: FruitCatchState) => Math.min(1, s.spawned / 110);

const multiplier = (s: FruitCatchState) =>
  Math.min(5, 1 + Math.floor(s.combo / 5));

function arrivalOf(s: FruitCatchState, y: number, vy: number) {
  return s.frame + ((RIM_Y - y) / vy) * 60;
}

/** Whether a drop at x landing at `arrival` would meet an item of the other sort at about the same time. */
function clash(s: FruitCatchState, x: number, arrival: number, rocks: boolean) {
  return s.items.some(
    (item) =>
      item.rock === rocks &&
      !item.done &&
      Math.abs(item.x - x) < 84 &&
      Math.abs(arrivalOf(s, item.y, item.vy) - arrival) < 36,
  );
}

function spawn(s: FruitCatchState) {
  const vy = (200 + 190 * pace(s)) * s.rng.range(0.9, 1.12);
  const arrival = arrivalOf(s, SPAWN_Y, vy);
  const rock = s.spawned >= 4 && s.rng.chance(0.12 + 0.2 * pace(s));
  let x = s.rng.range(28, W - 28);
  if (rock) {
    // Never drop a rock right where a fruit needs catching at about the same moment.
    for (let tries = 0; tries < 4 && clash(s, x, arrival, false); tries++)
      x = s.rng.range(28, W - 28);
    if (clash(s, x, arrival, false)) return;
  } else {
    // Keep every fruit within reach of the one before it, and out from under falling rocks.
    const reach =
      (KEY_SPEED * Math.max(0, arrival - s.lastFruit.arrival)) / 60 + 30;
    const place = (cx: number) =>
      clamp(
        cx,
        Math.max(28, s.lastFruit.x - reach),
        Math.min(W - 28, s.lastFruit.x + reach),
      );
    x = place(x);
    for (let tries = 0; tries < 4 && clash(s, x, arrival, true); tries++)
      x = place(s.rng.range(28, W - 28));
    if (clash(s, x, arrival, true)) return;
    s.lastFruit = { x, arrival };
  }
  const kind: FruitKind = rock
    ? "apple"
    : s.spawned >= 8 && s.rng.chance(0.06)
      ? "star"
      : s.rng.pick(FRUITS);
  const r = rock
    ? s.rng.range(17, 22)
    : kind === "melon" || kind === "banana"
      ? 20
      : 17;
  const shape = rock
    ? Array.from({ length: 9 }, () => s.rng.range(0.78, 1.08))
    : [];
  s.items.push({
    id: s.nextId++,
    rock,
    kind,
    x,
    y: SPAWN_Y,
    vy,
    r,
    spin: s.rng.range(-2.5, 2.5),
    angle: s.rng.range(-0.4, 0.4),
    shape,
    done: false,
  });
  s.spawned++;
}

function burst(
  s: FruitCatchState,
  x: number,
  y: number,
  color: string,
  count: number,
  speed: number,
) {
  for (let i = 0; i < count; i++) {
    const a = -Math.PI / 2 + s.rng.range(-1.3, 1.3);
    const v = s.rng.range(speed * 0.4, speed);
    pushCapped(
      s.particles,
      {
        x,
        y,
        vx: cos(a) * v,
        vy: sin(a) * v,
        life: 0,
        max: s.rng.int(18, 30),
        size: s.rng.range(2, 4.5),
        color,
      },
      CAPS.particles,
    );
  }
}

function miss(s: FruitCatchState, item: Item) {
  s.misses++;
  s.combo = 0;
  s.emit("hit");
  pushCapped(
    s.splats,
    { x: item.x, color: JUICE[item.kind], t: 0 },
    CAPS.splats,
  );
  burst(s, item.x, GROUND_Y, JUICE[item.kind], 12, 170);
  pushCapped(
    s.popups,
    {
      x: item.x,
      y: GROUND_Y - 30,
      text: "Miss!",
      color: "#fecaca",
      t: 0,
      big: false,
    },
    CAPS.popups,
  );
  if (s.misses >= MAX_MISSES && s.endTimer < 0) s.endTimer = 45;
}

function catchItem(s: FruitCatchState, item: Item) {
  if (item.rock) {
    s.emit("hit");
    s.shake = 20;
    s.combo = 0;
    burst(s, item.x, RIM_Y - 10, "#9ca3af", 16, 220);
    pushCapped(
      s.popups,
      {
        x: s.basket.x,
        y: RIM_Y - 60,
        text: "Ouch!",
        color: "#fca5a5",
        t: 0,
        big: true,
      },
      CAPS.popups,
    );
    if (s.endTimer < 0) s.endTimer = 45;
    return;
  }
  s.combo++;
  s.bestCombo = Math.max(s.bestCombo, s.combo);
  const points = (item.kind === "star" ? 5 : 1) * multiplier(s);
  s.score += points;
  s.bump = 10;
  s.caughtKinds = [...s.caughtKinds, item.kind].slice(-4);
  const milestone = s.combo % 5 === 0 && multiplier(s) > 1;
  s.emit(item.kind === "star" || milestone ? "level" : "score");
  burst(s, item.x, RIM_Y - 6, JUICE[item.kind], 8, 150);
  pushCapped(
    s.popups,
    {
      x: item.x,
      y: RIM_Y - 40,
      text: `+${points}`,
      color: item.kind === "star" ? "#fde047" : "#ffffff",
      t: 0,
      big: false,
    },
    CAPS.popups,
  );
  if (milestone)
    pushCapped(
      s.popups,
      {
        x: W / 2,
        y: 250,
        text: `Combo x${multiplier(s)}!`,
        color: "#fde047",
        t: 0,
        big: true,
      },
      CAPS.popups,
    );
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (s: FruitCatchState) => ({
  shake: s.shake,
  frame: s.frame,
  splats: s.splats,
  items: s.items,
  basket: s.basket,
  bump: s.bump,
  caughtKinds: s.caughtKinds,
  particles: s.particles,
  popups: s.popups,
  misses: s.misses,
  combo: s.combo,
  multiplier: multiplier(s),
});

function step(s: FruitCatchState) {
  s.frame++;
  if (s.endTimer >= 0 && --s.endTimer <= 0) s.over = true;
  if (s.endTimer < 0 && --s.spawnTimer <= 0) {
    spawn(s);
    s.spawnTimer = Math.round((50 - 26 * pace(s)) * s.rng.range(0.8, 1.2));
  }
  // Basket movement.
  const before = s.basket.x;
  if (s.endTimer < 0) {
    if (s.left !== s.right) s.basket.x += (s.right ? 1 : -1) * KEY_SPEED * STEP;
    else if (s.target !== null) {
      const step = POINTER_SPEED * STEP;
      s.basket.x += clamp(s.target - s.basket.x, -step, step);
    }
  }
  s.basket.x = clamp(s.basket.x, BASKET_HALF, W - BASKET_HALF);
  s.basket.vx = (s.basket.x - before) / STEP;
  s.basket.tilt +=
    (clamp(s.basket.vx / 2500, -0.12, 0.12) - s.basket.tilt) * 0.2;
  // Falling fruit and rocks.
  for (const item of s.items) {
    const previous = item.y;
    item.y += item.vy * STEP;
    item.angle += item.spin * STEP;
    if (s.endTimer < 0 && previous < RIM_Y && item.y >= RIM_Y) {
      const reach = item.rock ? BASKET_HALF + item.r * 0.4 : BASKET_HALF - 4;
      if (Math.abs(item.x - s.basket.x) < reach) {
        item.done = true;
        catchItem(s, item);
        continue;
      }
    }
    if (item.y >= GROUND_Y - item.r * 0.5) {
      item.done = true;
      if (item.rock) {
        burst(s, item.x, GROUND_Y, "#9ca3af", 8, 120);
        s.emit("move");
      } else if (s.endTimer < 0) miss(s, item);
    }
  }
  s.items = s.items.filter((item) => !item.done);
  for (const p of s.particles) {
    p.life++;
    p.x += p.vx * STEP;
    p.y += p.vy * STEP;
    p.vy += 520 * STEP;
  }
  s.particles = s.particles.filter((p) => p.life < p.max);
  for (const popup of s.popups) popup.t++;
  s.popups = s.popups.filter((popup) => popup.t < 45);
  for (const splat of s.splats) splat.t++;
  s.splats = s.splats.filter((splat) => splat.t < 150);
  if (s.shake > 0) s.shake--;
  if (s.bump > 0) s.bump--;
}

function demo(s: FruitCatchState, input: Input) {
  if (s.endTimer >= 0) return;
  // Chase the next catchable fruit, steering clear of any rock about to land.
  const reachable = s.items
    .filter((item) => !item.rock && item.y < RIM_Y)
    .map((item) => ({ item, frames: ((RIM_Y - item.y) / item.vy) * 60 }))
    .filter(
      ({ item, frames }) =>
        Math.abs(item.x - s.basket.x) <= (520 * frames) / 60 + 24,
    )
    .sort((a, b) => a.frames - b.frames);
  const goal = reachable.length ? reachable[0].item.x : W / 2;
  // Rocks that land before the next catch (or any moment now) decide where the basket may be.
  const horizon = reachable.length ? Math.min(45, reachable[0].frames + 6) : 45;
  const rocks = s.items
    .filter((item) => item.rock && item.y < RIM_Y)
    .map((item) => ({ item, frames: ((RIM_Y - item.y) / item.vy) * 60 }))
    .filter(({ frames }) => frames < Math.max(horizon, 12));
  let best = goal;
  let bestCost = Infinity;
  for (let x = BASKET_HALF; x <= W - BASKET_HALF; x += 4) {
    let cost = Math.abs(x - goal);
    for (const { item, frames } of rocks) {
      const travel = (520 * frames) / 60;
      const at = s.basket.x + clamp(x - s.basket.x, -travel, travel);
      const gap = Math.abs(at - item.x);
      const hard = BASKET_HALF + item.r * 0.4 + 5;
      if (gap < hard) cost += 50000 - frames * 100;
      else if (gap < hard + 26) cost += 500 * (1 - (gap - hard) / 26);
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = x;
    }
  }
  const step = 520 * STEP;
  s.demoFinger += clamp(best - s.demoFinger, -step, step);
  input.pointerMove(s.demoFinger, RIM_Y);
}

function createFruitCatch(ctx: SimContext) {
  const s = createFruitCatchState(ctx);
  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    get score() {
      return s.score;
    },
    get over() {
      return s.over;
    },
    update() {
      step(s);
    },
    get view() {
      return view(s);
    },
    pointerDown(x) {
      s.target = x;
    },
    pointerMove(x) {
      s.target = x;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (key === "ArrowLeft" || k === "a") s.left = true;
      if (key === "ArrowRight" || k === "d") s.right = true;
      s.target = null;
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (key === "ArrowLeft" || k === "a") s.left = false;
      if (key === "ArrowRight" || k === "d") s.right = false;
    },
    autoplay(input: Input) {
      demo(s, input);
    },
  };
  return game;
}

export type FruitCatch = ReturnType<typeof createFruitCatch>;

export const rules: Rules<FruitCatch> = {
  slug: "fruit-catch",
  world: { width: W, height: H },
  create: createFruitCatch,
};
