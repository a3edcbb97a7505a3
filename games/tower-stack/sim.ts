import { compact, pushCapped } from "../shared/bounded";
import { type Rng, createRng } from "../shared/rng";
import type {
  Effect,
  Input,
  Rules,
  SimContext,
  Simulation,
} from "../shared/sim";

export const W = 360;
export const H = 640;
export const BH = 26; // block height
export const DX = 12; // oblique depth, to the right…
export const DY = -10; // …and up
export const BASE_Y = 560; // bottom of the first block
export const BASE_W = 180;
export const CENTER = W / 2 - DX / 2;
const RANGE = 140;
const PERFECT = 4;
const FOCUS = 250; // where the moving block sits on screen once the tower is tall
/**
 * The most of each list a round can hold, whatever its inputs (ADR 014). A block lands only where it overlaps the
 * one below, and each new block starts at the side, so drops cannot come faster than about one every 20 steps.
 */
export const CAPS = {
  blocks: 400,
  debris: 16,
  popups: 8,
  clouds: 12,
  stars: 60,
} as const;

export interface Block {
  x: number; // centre
  w: number;
  hue: number;
}
/** Where the top of the block at `level` sits. */
export const topY = (level: number) => BASE_Y - (level + 1) * BH;

export interface Debris {
  x: number;
  y: number;
  w: number;
  vx: number;
  vy: number;
  rot: number;
  vr: number;
  hue: number;
}

interface TowerStackState {
  rng: Rng;
  emit: (effect: Effect) => void;
  fx: Rng;
  hue0: number;
  clouds: { x: number; y: number; s: number; drift: number }[];
  stars: { x: number; y: number; r: number }[];
  blocks: Block[];
  debris: Debris[];
  popups: { text: string; y: number; life: number; big: boolean }[];
  moving: { x: number; w: number; dir: number; speed: number };
  streak: number;
  frame: number;
  camY: number;
  zoom: number;
  baseScreen: number;
  placeFlash: number;
  ring: number;
  dying: number;
  demoOffset: number;
  score: number;
  over: boolean;
}

function createTowerStackState({ rng, emit }: SimContext): TowerStackState {
  const fx = createRng(rng.int(1, 2 ** 30));
  const hue0 = rng.int(0, 359);
  const clouds = Array.from({ length: 8 }, () => ({
    x: fx.range(-40, W),
    y: fx.range(60, 900),
    s: fx.range(0.6, 1.3),
    drift: fx.range(0.1, 0.3),
  }));
  const stars = Array.from({ length: 60 }, () => ({
    x: fx.range(0, W),
    y: fx.range(0, 1400),
    r: fx.range(0.6, 1.8),
  }));
  const blocks: Block[] = [{ x: CENTER, w: BASE_W, hue: hue0 }];
  const debris: Debris[] = [];
  const popups: { text: string; y: number; life: number; big: boolean }[] = [];
  const moving = { x: CENTER, w: BASE_W, dir: 1, speed: 2 };
  return {
    rng,
    emit,
    fx,
    hue0,
    clouds,
    stars,
    blocks,
    debris,
    popups,
    moving,
    streak: 0,
    frame: 0,
    camY: 0,
    zoom: 1,
    baseScreen: BASE_Y,
    placeFlash: 0,
    ring: 0,
    dying: -1,
    demoOffset: 0,
    score: 0,
    over: false,
  };
}

const hueAt = (s: TowerStackState, level: number) => (s.hue0 + level * 9) % 360;

function spawn(s: TowerStackState) {
  const level = s.blocks.length;
  const top = s.blocks[level - 1];
  const side = s.rng.chance(0.5) ? -1 : 1;
  s.moving.w = top.w;
  s.moving.x = CENTER + side * RANGE;
  s.moving.dir = -side;
  // The seed sets each block's pace: a steady climb, with the odd quick one once the tower is up.
  let speed = Math.min(2.1 + level * 0.07, 5.2) * s.rng.range(0.9, 1.12);
  if (level > 8 && s.rng.chance(0.18)) speed *= 1.3;
  s.moving.speed = speed;
  s.demoOffset = s.fx.chance(0.72)
    ? 0
    : s.fx.range(5, 12) * (s.fx.chance(0.5) ? -1 : 1);
  if (top.w < 70) s.demoOffset = 0;
}

function drop(s: TowerStackState) {
  if (s.dying >= 0) return;
  const level = s.blocks.length;
  const top = s.blocks[level - 1];
  const offset = s.moving.x - top.x;
  const hue = hueAt(s, level);
  if (Math.abs(offset) >= s.moving.w) {
    // Missed the tower completely.
    pushCapped(
      s.debris,
      {
        x: s.moving.x,
        y: topY(level),
        w: s.moving.w,
        vx: s.moving.dir * 1.5,
        vy: 0,
        rot: 0,
        vr: s.moving.dir * 0.03,
        hue,
      },
      CAPS.debris,
    );
    s.emit("hit");
    s.dying = 100;
    s.streak = 0;
    return;
  }
  if (Math.abs(offset) <= PERFECT) {
    s.streak++;
    let w = top.w;
    if (s.streak >= 3) w = Math.min(w + 6, BASE_W);
    s.blocks.push({ x: top.x, w, hue });
    s.score += 2;
    s.ring = 1;
    s.emit(s.streak >= 3 ? "level" : "score");
    pushCapped(
      s.popups,
      {
        text: s.streak > 1 ? `PERFECT ×${s.streak}` : "PERFECT!",
        y: topY(level) - 62,
        life: 50,
        big: true,
      },
      CAPS.popups,
    );
  } else {
    s.streak = 0;
    const left = Math.max(s.moving.x - s.moving.w / 2, top.x - top.w / 2);
    const right = Math.min(s.moving.x + s.moving.w / 2, top.x + top.w / 2);
    s.blocks.push({ x: (left + right) / 2, w: right - left, hue });
    // The overhang breaks off and tumbles away.
    const cutW = s.moving.w - (right - left);
    const cutX = offset > 0 ? right + cutW / 2 : left - cutW / 2;
    pushCapped(
      s.debris,
      {
        x: cutX,
        y: topY(level),
        w: cutW,
        vx: Math.sign(offset) * 1.2,
        vy: -1,
        rot: 0,
        vr: Math.sign(offset) * 0.04,
        hue,
      },
      CAPS.debris,
    );
    s.score += 1;
    s.emit("tap");
  }
  s.placeFlash = 1;
  spawn(s);
}

function step(s: TowerStackState) {
  s.frame++;
  s.placeFlash = Math.max(0, s.placeFlash - 0.06);
  s.ring = Math.max(0, s.ring - 0.035);
  for (const d of s.debris) {
    d.x += d.vx;
    d.y += d.vy;
    d.vy += 0.45;
    d.rot += d.vr;
  }
  compact(s.debris, (d) => d.y <= BASE_Y + 700);
  for (const p of s.popups) {
    p.y -= 0.6;
    p.life--;
  }
  while (s.popups.length && s.popups[0].life <= 0) s.popups.shift();

  const height = s.blocks.length * BH;
  if (s.dying >= 0) {
    // Pull back to show the whole tower.
    const targetZoom = Math.min(1, 470 / (height + 120));
    s.zoom += (targetZoom - s.zoom) * 0.06;
    s.baseScreen += (590 - s.baseScreen) * 0.06;
    if (--s.dying <= 0) s.over = true;
    return;
  }
  s.camY += (Math.max(0, height + BH - (BASE_Y - FOCUS)) - s.camY) * 0.1;
  s.baseScreen = BASE_Y + s.camY;

  s.moving.x += s.moving.dir * s.moving.speed;
  if (s.moving.x > CENTER + RANGE) {
    s.moving.x = CENTER + RANGE;
    s.moving.dir = -1;
  } else if (s.moving.x < CENTER - RANGE) {
    s.moving.x = CENTER - RANGE;
    s.moving.dir = 1;
  }
}

function onKeyDown(s: TowerStackState, key: string) {
  if (
    key === " " ||
    key === "Enter" ||
    key === "ArrowDown" ||
    key === "ArrowUp"
  )
    drop(s);
}

function createTowerStack(ctx: SimContext): TowerStack {
  const s = createTowerStackState(ctx);
  const game: TowerStack = {
    get score() {
      return s.score;
    },
    get over() {
      return s.over;
    },
    get blocks() {
      return s.blocks;
    },
    get debris() {
      return s.debris;
    },
    get popups() {
      return s.popups;
    },
    get moving() {
      return s.moving;
    },
    get nextHue() {
      return hueAt(s, s.blocks.length);
    },
    get scene() {
      return {
        frame: s.frame,
        camY: s.camY,
        zoom: s.zoom,
        baseScreen: s.baseScreen,
        placeFlash: s.placeFlash,
        ring: s.ring,
        dying: s.dying,
        clouds: s.clouds,
        stars: s.stars,
      };
    },
    update() {
      step(s);
    },
    pointerDown() {
      drop(s);
    },
    keyDown(key) {
      onKeyDown(s, key);
    },
    autoplay(input: Input) {
      if (s.dying >= 0) return;
      // Drop as the block passes its mark: usually dead centre, now and then a little off.
      const mark = s.blocks[s.blocks.length - 1].x + s.demoOffset;
      if (Math.abs(s.moving.x - mark) <= s.moving.speed / 2 + 0.01)
        input.pointerDown(s.moving.x, 300);
    },
  };
  spawn(s);
  return game;
}

export interface TowerStack extends Simulation {
  readonly blocks: readonly Block[];
  readonly debris: readonly Debris[];
  readonly popups: ReadonlyArray<{
    text: string;
    y: number;
    life: number;
    big: boolean;
  }>;
  readonly moving: { x: number; w: number; dir: number; speed: number };
  /** The colour of the block now moving. */
  readonly nextHue: number;
  /** What the drawing follows: the camera, the flashes, the end, and the scenery the seed chose. */
  readonly scene: {
    frame: number;
    camY: number;
    zoom: number;
    baseScreen: number;
    placeFlash: number;
    ring: number;
    dying: number;
    clouds: ReadonlyArray<{ x: number; y: number; s: number; drift: number }>;
    stars: ReadonlyArray<{ x: number; y: number; r: number }>;
  };
}

export const rules: Rules<TowerStack> = {
  slug: "tower-stack",
  world: { width: W, height: H },
  create: createTowerStack,
};
