import { pushCapped } from "../shared/bounded";
import type { Rng } from "../shared/rng";
import {
  clamp,
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
const COLS_X = [66, 180, 294];
const ROWS_Y = [276, 404, 532];
export const HOLE_RX = 48;
export const HOLE_RY = 16;
export const MOLE_H = 84; // how far a mole rises above its hole's centre line
const RISE = 9; // frames to pop up or sink
export const MAX_MISSES = 5;

/** Numpad layout (7 8 9 on top) and the QWE / ASD / ZXC block map to the same holes. */
const KEY_HOLES: Record<string, number> = {
  "7": 0,
  "8": 1,
  "9": 2,
  "4": 3,
  "5": 4,
  "6": 5,
  "1": 6,
  "2": 7,
  "3": 8,
  q: 0,
  w: 1,
  e: 2,
  a: 3,
  s: 4,
  d: 5,
  z: 6,
  x: 7,
  c: 8,
};
export const HOLE_LABELS = [
  "7 Q",
  "8 W",
  "9 E",
  "4 A",
  "5 S",
  "6 D",
  "1 Z",
  "2 X",
  "3 C",
];

type Kind = "normal" | "golden" | "bomb";

export interface Mole {
  id: number;
  hole: number;
  kind: Kind;
  age: number;
  stay: number;
  /** Frames since it was whacked, or -1. */
  hit: number;
  done: boolean;
}

export interface Hammer {
  hole: number;
  t: number;
  /** Struck a mole (head height) rather than the empty hole. */
  high: boolean;
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  max: number;
  size: number;
  color: string;
  star: boolean;
}

interface Popup {
  x: number;
  y: number;
  text: string;
  color: string;
  t: number;
}

/**
 * The most of each list a round can hold, whatever its inputs (ADR 014): a mole and a hammer per hole at most; a full
 * list skips new particles and popups but still draws their randomness, so the moles that come stay the same.
 */
export const CAPS = {
  holes: 9,
  moles: 9,
  hammers: 9,
  particles: 200,
  popups: 12,
} as const;

export const holeX = (hole: number) => COLS_X[hole % 3];
export const holeY = (hole: number) => ROWS_Y[Math.floor(hole / 3)];
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

interface MoleMashState {
  rng: Rng;
  emit: (effect: Effect) => void;
  moles: Mole[];
  hammers: Hammer[];
  particles: Particle[];
  popups: Popup[];
  frame: number;
  spawnTimer: number;
  spawned: number;
  nextId: number;
  misses: number;
  missFlash: number;
  combo: number;
  shake: number;
  endTimer: number;
  demoCooldown: number;
  score: number;
  over: boolean;
}

function createMoleMashState({ rng, emit }: SimContext): MoleMashState {
  return {
    rng,
    emit,
    moles: [],
    hammers: [],
    particles: [],
    popups: [],
    frame: 0,
    spawnTimer: 30,
    spawned: 0,
    nextId: 1,
    misses: 0,
    missFlash: 0,
    combo: 0,
    shake: 0,
    endTimer: -1,
    demoCooldown: 0,
    score: 0,
    over: false,
  };
}

/** 0 at the start, 1 at full speed (after 80 moles). */
const pace = (s: MoleMashState) => Math.min(1, s.spawned / 80);

function spawnMole(s: MoleMashState) {
  const free = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter(
    (hole) => !s.moles.some((mole) => mole.hole === hole),
  );
  if (!free.length) return;
  const hole = s.rng.pick(free);
  const roll = s.rng.next();
  const bombChance = s.spawned < 6 ? 0 : lerp(0.1, 0.2, pace(s));
  const kind: Kind =
    roll < bombChance ? "bomb" : roll < bombChance + 0.07 ? "golden" : "normal";
  let stay = Math.round(lerp(72, 34, pace(s)) * s.rng.range(0.85, 1.15));
  if (kind === "golden") stay = Math.round(stay * 0.7);
  if (kind === "bomb") stay = Math.round(stay * 1.2);
  s.moles.push({
    id: s.nextId++,
    hole,
    kind,
    age: 0,
    stay,
    hit: -1,
    done: false,
  });
  s.spawned++;
  for (let i = 0; i < 5; i++) {
    pushCapped(
      s.particles,
      {
        x: holeX(hole) + s.rng.range(-30, 30),
        y: holeY(hole),
        vx: s.rng.range(-60, 60),
        vy: s.rng.range(-150, -60),
        life: 0,
        max: 24,
        size: s.rng.range(2.5, 4.5),
        color: "#7c4a22",
        star: false,
      },
      CAPS.particles,
    );
  }
}

/** How far out of its hole a mole is, 0..1. */
function popOf(mole: Mole) {
  if (mole.hit >= 0)
    return mole.hit < 14 ? 1 : clamp(1 - (mole.hit - 14) / 8, 0, 1);
  if (mole.age < RISE) return easeOut(mole.age / RISE);
  if (mole.age < RISE + mole.stay) return 1;
  return clamp(1 - (mole.age - RISE - mole.stay) / RISE, 0, 1);
}

function burst(
  s: MoleMashState,
  x: number,
  y: number,
  colors: string[],
  count: number,
  speed: number,
  star: boolean,
) {
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2 + s.rng.range(-0.3, 0.3);
    const v = s.rng.range(speed * 0.5, speed);
    pushCapped(
      s.particles,
      {
        x,
        y,
        vx: cos(angle) * v,
        vy: sin(angle) * v - 60,
        life: 0,
        max: s.rng.int(22, 34),
        size: s.rng.range(3, 6),
        color: colors[i % colors.length],
        star,
      },
      CAPS.particles,
    );
  }
}

function loseLife(s: MoleMashState) {
  s.misses++;
  s.missFlash = 24;
  s.combo = 0;
  if (s.misses >= MAX_MISSES && s.endTimer < 0) s.endTimer = 40;
}

function whack(s: MoleMashState, hole: number) {
  if (s.endTimer >= 0) return;
  s.hammers = s.hammers.filter((hammer) => hammer.hole !== hole);
  const target = s.moles.find(
    (mole) => mole.hole === hole && mole.hit < 0 && popOf(mole) > 0.35,
  );
  s.hammers.push({ hole, t: 0, high: !!target });
  const x = holeX(hole);
  const y = holeY(hole) - MOLE_H * 0.55;
  if (!target) {
    s.combo = 0;
    s.emit("move");
    return;
  }
  target.hit = 0;
  if (target.kind === "bomb") {
    s.emit("hit");
    s.shake = 18;
    burst(
      s,
      x,
      y,
      ["#f97316", "#facc15", "#ef4444", "#fde68a"],
      22,
      260,
      false,
    );
    pushCapped(
      s.popups,
      { x, y: y - 20, text: "BOOM!", color: "#f97316", t: 0 },
      CAPS.popups,
    );
    loseLife(s);
    return;
  }
  s.combo++;
  const multiplier = s.combo >= 25 ? 3 : s.combo >= 10 ? 2 : 1;
  const points = (target.kind === "golden" ? 5 : 1) * multiplier;
  s.score += points;
  if (target.kind === "golden") {
    s.emit("level");
    burst(s, x, y, ["#fde047", "#facc15", "#fff7ae"], 16, 220, true);
  } else {
    s.emit(s.combo === 10 || s.combo === 25 ? "level" : "score");
    burst(s, x, y, ["#ffffff", "#fde68a", "#fca5a5"], 9, 170, true);
  }
  pushCapped(
    s.popups,
    {
      x,
      y: holeY(hole) - MOLE_H - 26,
      text: `+${points}`,
      color: target.kind === "golden" ? "#fde047" : "#ffffff",
      t: 0,
    },
    CAPS.popups,
  );
  if (s.combo === 10 || s.combo === 25)
    pushCapped(
      s.popups,
      {
        x: W / 2,
        y: 170,
        text: `Combo x${multiplier}!`,
        color: "#f0abfc",
        t: -10,
      },
      CAPS.popups,
    );
}

function holeAt(x: number, y: number) {
  for (let hole = 0; hole < 9; hole++) {
    if (
      Math.abs(x - holeX(hole)) <= 56 &&
      y >= holeY(hole) - MOLE_H - 22 &&
      y <= holeY(hole) + 34
    )
      return hole;
  }
  return -1;
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (s: MoleMashState) => ({
  frame: s.frame,
  shake: s.shake,
  holes: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((hole) => {
    const mole = s.moles.find((mole) => mole.hole === hole);
    return { mole, pop: mole ? popOf(mole) : 0 };
  }),
  hammers: s.hammers,
  particles: s.particles,
  popups: s.popups,
  misses: s.misses,
  missFlash: s.missFlash,
  combo: s.combo,
});

function step(s: MoleMashState) {
  s.frame++;
  if (s.endTimer >= 0) {
    if (--s.endTimer <= 0) s.over = true;
  } else if (--s.spawnTimer <= 0) {
    spawnMole(s);
    if (pace(s) > 0.3 && s.rng.chance(pace(s) * 0.3)) spawnMole(s);
    s.spawnTimer = Math.round(lerp(50, 22, pace(s)) * s.rng.range(0.75, 1.2));
  }
  for (const mole of s.moles) {
    if (mole.hit >= 0) {
      mole.hit++;
      if (mole.hit > 22) mole.done = true;
      continue;
    }
    mole.age++;
    if (mole.age > RISE * 2 + mole.stay) {
      mole.done = true;
      if (mole.kind !== "bomb" && s.endTimer < 0) {
        loseLife(s);
        s.emit("hit");
        pushCapped(
          s.popups,
          {
            x: holeX(mole.hole),
            y: holeY(mole.hole) - 40,
            text: "Miss",
            color: "#fecaca",
            t: 0,
          },
          CAPS.popups,
        );
      }
    }
  }
  s.moles = s.moles.filter((mole) => !mole.done);
  for (const hammer of s.hammers) hammer.t++;
  s.hammers = s.hammers.filter((hammer) => hammer.t < 16);
  for (const p of s.particles) {
    p.life++;
    p.x += p.vx / 60;
    p.y += p.vy / 60;
    p.vy += 500 / 60;
  }
  s.particles = s.particles.filter((p) => p.life < p.max);
  for (const popup of s.popups) popup.t++;
  s.popups = s.popups.filter((popup) => popup.t < 40);
  if (s.shake > 0) s.shake--;
  if (s.missFlash > 0) s.missFlash--;
  if (s.demoCooldown > 0) s.demoCooldown--;
}

function demo(s: MoleMashState, input: Input) {
  if (s.demoCooldown > 0 || s.endTimer >= 0) return;
  // A quick, sharp player: reacts a beat after a mole appears, prefers gold, never touches bombs.
  const ready = s.moles.filter(
    (mole) =>
      mole.hit < 0 &&
      mole.kind !== "bomb" &&
      mole.age >= RISE + 2 + ((mole.id * 7) % 9) &&
      popOf(mole) > 0.5,
  );
  if (!ready.length) return;
  ready.sort(
    (a, b) =>
      (a.kind === "golden" ? -1 : 0) - (b.kind === "golden" ? -1 : 0) ||
      b.age - a.age,
  );
  const target = ready[0];
  input.pointerDown(
    holeX(target.hole) + ((target.id * 13) % 21) - 10,
    holeY(target.hole) - 40,
  );
  s.demoCooldown = 6 + (target.id % 4);
}

function createMoleMash(ctx: SimContext) {
  const s = createMoleMashState(ctx);
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
    pointerDown(x, y) {
      const hole = holeAt(x, y);
      if (hole >= 0) whack(s, hole);
    },
    keyDown(key) {
      const hole = KEY_HOLES[key.toLowerCase()];
      if (hole !== undefined) whack(s, hole);
    },
    autoplay(input: Input) {
      demo(s, input);
    },
  };
  return game;
}

function easeOut(t: number) {
  return 1 - (1 - t) * (1 - t);
}

export type MoleMash = ReturnType<typeof createMoleMash>;

export const rules: Rules<MoleMash> = {
  slug: "mole-mash",
  world: { width: W, height: H },
  create: createMoleMash,
};
