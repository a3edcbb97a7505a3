import { compact, pushCapped } from "../shared/bounded";
import { createRng } from "../shared/rng";
import type { Input, Rules, SimContext, Simulation } from "../shared/sim";

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

function createTowerStack({ rng, emit }: SimContext): TowerStack {
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
  let streak = 0;
  let frame = 0;
  let camY = 0;
  let zoom = 1;
  let baseScreen = BASE_Y;
  let placeFlash = 0;
  let ring = 0;
  let dying = -1;
  let demoOffset = 0;

  const hueAt = (level: number) => (hue0 + level * 9) % 360;

  function spawn() {
    const level = blocks.length;
    const top = blocks[level - 1];
    const side = rng.chance(0.5) ? -1 : 1;
    moving.w = top.w;
    moving.x = CENTER + side * RANGE;
    moving.dir = -side;
    // The seed sets each block's pace: a steady climb, with the odd quick one once the tower is up.
    let speed = Math.min(2.1 + level * 0.07, 5.2) * rng.range(0.9, 1.12);
    if (level > 8 && rng.chance(0.18)) speed *= 1.3;
    moving.speed = speed;
    demoOffset = fx.chance(0.72)
      ? 0
      : fx.range(5, 12) * (fx.chance(0.5) ? -1 : 1);
    if (top.w < 70) demoOffset = 0;
  }

  function drop() {
    if (dying >= 0) return;
    const level = blocks.length;
    const top = blocks[level - 1];
    const offset = moving.x - top.x;
    const hue = hueAt(level);
    if (Math.abs(offset) >= moving.w) {
      // Missed the tower completely.
      pushCapped(
        debris,
        {
          x: moving.x,
          y: topY(level),
          w: moving.w,
          vx: moving.dir * 1.5,
          vy: 0,
          rot: 0,
          vr: moving.dir * 0.03,
          hue,
        },
        CAPS.debris,
      );
      emit("hit");
      dying = 100;
      streak = 0;
      return;
    }
    if (Math.abs(offset) <= PERFECT) {
      streak++;
      let w = top.w;
      if (streak >= 3) w = Math.min(w + 6, BASE_W);
      blocks.push({ x: top.x, w, hue });
      game.score += 2;
      ring = 1;
      emit(streak >= 3 ? "level" : "score");
      pushCapped(
        popups,
        {
          text: streak > 1 ? `PERFECT ×${streak}` : "PERFECT!",
          y: topY(level) - 62,
          life: 50,
          big: true,
        },
        CAPS.popups,
      );
    } else {
      streak = 0;
      const left = Math.max(moving.x - moving.w / 2, top.x - top.w / 2);
      const right = Math.min(moving.x + moving.w / 2, top.x + top.w / 2);
      blocks.push({ x: (left + right) / 2, w: right - left, hue });
      // The overhang breaks off and tumbles away.
      const cutW = moving.w - (right - left);
      const cutX = offset > 0 ? right + cutW / 2 : left - cutW / 2;
      pushCapped(
        debris,
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
      game.score += 1;
      emit("tap");
    }
    placeFlash = 1;
    spawn();
  }

  const game: TowerStack = {
    score: 0,
    over: false,
    get blocks() {
      return blocks;
    },
    get debris() {
      return debris;
    },
    get popups() {
      return popups;
    },
    get moving() {
      return moving;
    },
    get nextHue() {
      return hueAt(blocks.length);
    },
    get scene() {
      return {
        frame,
        camY,
        zoom,
        baseScreen,
        placeFlash,
        ring,
        dying,
        clouds,
        stars,
      };
    },
    update() {
      frame++;
      placeFlash = Math.max(0, placeFlash - 0.06);
      ring = Math.max(0, ring - 0.035);
      for (const d of debris) {
        d.x += d.vx;
        d.y += d.vy;
        d.vy += 0.45;
        d.rot += d.vr;
      }
      compact(debris, (d) => d.y <= BASE_Y + 700);
      for (const p of popups) {
        p.y -= 0.6;
        p.life--;
      }
      while (popups.length && popups[0].life <= 0) popups.shift();

      const height = blocks.length * BH;
      if (dying >= 0) {
        // Pull back to show the whole tower.
        const targetZoom = Math.min(1, 470 / (height + 120));
        zoom += (targetZoom - zoom) * 0.06;
        baseScreen += (590 - baseScreen) * 0.06;
        if (--dying <= 0) game.over = true;
        return;
      }
      camY += (Math.max(0, height + BH - (BASE_Y - FOCUS)) - camY) * 0.1;
      baseScreen = BASE_Y + camY;

      moving.x += moving.dir * moving.speed;
      if (moving.x > CENTER + RANGE) {
        moving.x = CENTER + RANGE;
        moving.dir = -1;
      } else if (moving.x < CENTER - RANGE) {
        moving.x = CENTER - RANGE;
        moving.dir = 1;
      }
    },
    pointerDown() {
      drop();
    },
    keyDown(key) {
      if (
        key === " " ||
        key === "Enter" ||
        key === "ArrowDown" ||
        key === "ArrowUp"
      )
        drop();
    },
    autoplay(input: Input) {
      if (dying >= 0) return;
      // Drop as the block passes its mark: usually dead centre, now and then a little off.
      const mark = blocks[blocks.length - 1].x + demoOffset;
      if (Math.abs(moving.x - mark) <= moving.speed / 2 + 0.01)
        input.pointerDown(moving.x, 300);
    },
  };
  spawn();
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
