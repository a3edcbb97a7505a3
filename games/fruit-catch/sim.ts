import { pushCapped } from "../shared/bounded";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  STEP,
  clamp,
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

function createFruitCatch({ rng, emit }: SimContext) {
  let items: Item[] = [];
  let particles: Particle[] = [];
  let popups: Popup[] = [];
  let splats: Splat[] = [];
  const basket = { x: W / 2, vx: 0, tilt: 0 };
  let target: number | null = null;
  let left = false;
  let right = false;
  let frame = 0;
  let spawnTimer = 10;
  let spawned = 0;
  let nextId = 1;
  let misses = 0;
  let combo = 0;
  let bestCombo = 0;
  let endTimer = -1;
  let shake = 0;
  let bump = 0;
  let caughtKinds: FruitKind[] = [];
  let demoFinger = W / 2;
  /** The last fruit dropped: where and when it reaches the rim, so the next one stays reachable. */
  let lastFruit = { x: W / 2, arrival: 0 };

  /** 0 at the start, 1 at full pace after about 110 drops. */
  const pace = () => Math.min(1, spawned / 110);
  const multiplier = () => Math.min(5, 1 + Math.floor(combo / 5));

  function arrivalOf(y: number, vy: number) {
    return frame + ((RIM_Y - y) / vy) * 60;
  }

  /** Whether a drop at x landing at `arrival` would meet an item of the other sort at about the same time. */
  function clash(x: number, arrival: number, rocks: boolean) {
    return items.some(
      (item) =>
        item.rock === rocks &&
        !item.done &&
        Math.abs(item.x - x) < 84 &&
        Math.abs(arrivalOf(item.y, item.vy) - arrival) < 36,
    );
  }

  function spawn() {
    const vy = (200 + 190 * pace()) * rng.range(0.9, 1.12);
    const arrival = arrivalOf(SPAWN_Y, vy);
    const rock = spawned >= 4 && rng.chance(0.12 + 0.2 * pace());
    let x = rng.range(28, W - 28);
    if (rock) {
      // Never drop a rock right where a fruit needs catching at about the same moment.
      for (let tries = 0; tries < 4 && clash(x, arrival, false); tries++)
        x = rng.range(28, W - 28);
      if (clash(x, arrival, false)) return;
    } else {
      // Keep every fruit within reach of the one before it, and out from under falling rocks.
      const reach =
        (KEY_SPEED * Math.max(0, arrival - lastFruit.arrival)) / 60 + 30;
      const place = (cx: number) =>
        clamp(
          cx,
          Math.max(28, lastFruit.x - reach),
          Math.min(W - 28, lastFruit.x + reach),
        );
      x = place(x);
      for (let tries = 0; tries < 4 && clash(x, arrival, true); tries++)
        x = place(rng.range(28, W - 28));
      if (clash(x, arrival, true)) return;
      lastFruit = { x, arrival };
    }
    const kind: FruitKind = rock
      ? "apple"
      : spawned >= 8 && rng.chance(0.06)
        ? "star"
        : rng.pick(FRUITS);
    const r = rock
      ? rng.range(17, 22)
      : kind === "melon" || kind === "banana"
        ? 20
        : 17;
    const shape = rock
      ? Array.from({ length: 9 }, () => rng.range(0.78, 1.08))
      : [];
    items.push({
      id: nextId++,
      rock,
      kind,
      x,
      y: SPAWN_Y,
      vy,
      r,
      spin: rng.range(-2.5, 2.5),
      angle: rng.range(-0.4, 0.4),
      shape,
      done: false,
    });
    spawned++;
  }

  function burst(
    x: number,
    y: number,
    color: string,
    count: number,
    speed: number,
  ) {
    for (let i = 0; i < count; i++) {
      const a = -Math.PI / 2 + rng.range(-1.3, 1.3);
      const v = rng.range(speed * 0.4, speed);
      pushCapped(
        particles,
        {
          x,
          y,
          vx: cos(a) * v,
          vy: sin(a) * v,
          life: 0,
          max: rng.int(18, 30),
          size: rng.range(2, 4.5),
          color,
        },
        CAPS.particles,
      );
    }
  }

  function miss(item: Item) {
    misses++;
    combo = 0;
    emit("hit");
    pushCapped(
      splats,
      { x: item.x, color: JUICE[item.kind], t: 0 },
      CAPS.splats,
    );
    burst(item.x, GROUND_Y, JUICE[item.kind], 12, 170);
    pushCapped(
      popups,
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
    if (misses >= MAX_MISSES && endTimer < 0) endTimer = 45;
  }

  function catchItem(item: Item) {
    if (item.rock) {
      emit("hit");
      shake = 20;
      combo = 0;
      burst(item.x, RIM_Y - 10, "#9ca3af", 16, 220);
      pushCapped(
        popups,
        {
          x: basket.x,
          y: RIM_Y - 60,
          text: "Ouch!",
          color: "#fca5a5",
          t: 0,
          big: true,
        },
        CAPS.popups,
      );
      if (endTimer < 0) endTimer = 45;
      return;
    }
    combo++;
    bestCombo = Math.max(bestCombo, combo);
    const points = (item.kind === "star" ? 5 : 1) * multiplier();
    game.score += points;
    bump = 10;
    caughtKinds = [...caughtKinds, item.kind].slice(-4);
    const milestone = combo % 5 === 0 && multiplier() > 1;
    emit(item.kind === "star" || milestone ? "level" : "score");
    burst(item.x, RIM_Y - 6, JUICE[item.kind], 8, 150);
    pushCapped(
      popups,
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
        popups,
        {
          x: W / 2,
          y: 250,
          text: `Combo x${multiplier()}!`,
          color: "#fde047",
          t: 0,
          big: true,
        },
        CAPS.popups,
      );
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    shake,
    frame,
    splats,
    items,
    basket,
    bump,
    caughtKinds,
    particles,
    popups,
    misses,
    combo,
    multiplier: multiplier(),
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      frame++;
      if (endTimer >= 0 && --endTimer <= 0) game.over = true;
      if (endTimer < 0 && --spawnTimer <= 0) {
        spawn();
        spawnTimer = Math.round((50 - 26 * pace()) * rng.range(0.8, 1.2));
      }
      // Basket movement.
      const before = basket.x;
      if (endTimer < 0) {
        if (left !== right) basket.x += (right ? 1 : -1) * KEY_SPEED * STEP;
        else if (target !== null) {
          const step = POINTER_SPEED * STEP;
          basket.x += clamp(target - basket.x, -step, step);
        }
      }
      basket.x = clamp(basket.x, BASKET_HALF, W - BASKET_HALF);
      basket.vx = (basket.x - before) / STEP;
      basket.tilt += (clamp(basket.vx / 2500, -0.12, 0.12) - basket.tilt) * 0.2;
      // Falling fruit and rocks.
      for (const item of items) {
        const previous = item.y;
        item.y += item.vy * STEP;
        item.angle += item.spin * STEP;
        if (endTimer < 0 && previous < RIM_Y && item.y >= RIM_Y) {
          const reach = item.rock
            ? BASKET_HALF + item.r * 0.4
            : BASKET_HALF - 4;
          if (Math.abs(item.x - basket.x) < reach) {
            item.done = true;
            catchItem(item);
            continue;
          }
        }
        if (item.y >= GROUND_Y - item.r * 0.5) {
          item.done = true;
          if (item.rock) {
            burst(item.x, GROUND_Y, "#9ca3af", 8, 120);
            emit("move");
          } else if (endTimer < 0) miss(item);
        }
      }
      items = items.filter((item) => !item.done);
      for (const p of particles) {
        p.life++;
        p.x += p.vx * STEP;
        p.y += p.vy * STEP;
        p.vy += 520 * STEP;
      }
      particles = particles.filter((p) => p.life < p.max);
      for (const popup of popups) popup.t++;
      popups = popups.filter((popup) => popup.t < 45);
      for (const splat of splats) splat.t++;
      splats = splats.filter((splat) => splat.t < 150);
      if (shake > 0) shake--;
      if (bump > 0) bump--;
    },
    get view() {
      return view();
    },
    pointerDown(x) {
      target = x;
    },
    pointerMove(x) {
      target = x;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (key === "ArrowLeft" || k === "a") left = true;
      if (key === "ArrowRight" || k === "d") right = true;
      target = null;
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (key === "ArrowLeft" || k === "a") left = false;
      if (key === "ArrowRight" || k === "d") right = false;
    },
    autoplay(input: Input) {
      if (endTimer >= 0) return;
      // Chase the next catchable fruit, steering clear of any rock about to land.
      const reachable = items
        .filter((item) => !item.rock && item.y < RIM_Y)
        .map((item) => ({ item, frames: ((RIM_Y - item.y) / item.vy) * 60 }))
        .filter(
          ({ item, frames }) =>
            Math.abs(item.x - basket.x) <= (520 * frames) / 60 + 24,
        )
        .sort((a, b) => a.frames - b.frames);
      const goal = reachable.length ? reachable[0].item.x : W / 2;
      // Rocks that land before the next catch (or any moment now) decide where the basket may be.
      const horizon = reachable.length
        ? Math.min(45, reachable[0].frames + 6)
        : 45;
      const rocks = items
        .filter((item) => item.rock && item.y < RIM_Y)
        .map((item) => ({ item, frames: ((RIM_Y - item.y) / item.vy) * 60 }))
        .filter(({ frames }) => frames < Math.max(horizon, 12));
      let best = goal;
      let bestCost = Infinity;
      for (let x = BASKET_HALF; x <= W - BASKET_HALF; x += 4) {
        let cost = Math.abs(x - goal);
        for (const { item, frames } of rocks) {
          const travel = (520 * frames) / 60;
          const at = basket.x + clamp(x - basket.x, -travel, travel);
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
      demoFinger += clamp(best - demoFinger, -step, step);
      input.pointerMove(demoFinger, RIM_Y);
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
