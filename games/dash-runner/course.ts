import type { Rng } from "../shared/rng";
import { clamp } from "../shared/sim";
import { sin } from "../shared/trig";

export const H = 640;

export const GROUND = 452;
export const CRATE = 34;
export const BASE_SPEED = 230;
export const MAX_SPEED = 440;
const ACCEL = 0.011; // extra speed per unit of distance

export const speedAt = (distance: number) =>
  Math.min(MAX_SPEED, BASE_SPEED + distance * ACCEL);

type ObstacleKind = "spike" | "crate" | "drone" | "pit";

export interface Obstacle {
  kind: ObstacleKind;
  x: number;
  w: number;
  /** Top edge (crates, spikes, drones); pits ignore it. */
  top: number;
  bottom: number;
}

export interface Coin {
  x: number;
  y: number;
  taken: number; // frames since collected, -1 while waiting
}

/** What laying out the track reads and writes: the seed, the pieces ahead, and where the next piece goes. */
export interface Course {
  rng: Rng;
  obstacles: Obstacle[];
  coins: Coin[];
  nextX: number;
}

function addCoinArc(st: Course, centre: number, width: number, height: number) {
  const count = 5;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1) - 0.5;
    st.coins.push({
      x: centre + t * width,
      y: GROUND - 30 - height * (1 - 4 * t * t),
      taken: -1,
    });
  }
}

function addSpikes(st: Course, x: number, count: number) {
  const w = count * 24;
  st.obstacles.push({ kind: "spike", x, w, top: GROUND - 26, bottom: GROUND });
  return x + w;
}

function addCrates(st: Course, x: number, wide: number, high: number) {
  const w = wide * CRATE;
  st.obstacles.push({
    kind: "crate",
    x,
    w,
    top: GROUND - high * CRATE,
    bottom: GROUND,
  });
  return x + w;
}

function addPit(st: Course, x: number, w: number) {
  st.obstacles.push({ kind: "pit", x, w, top: GROUND, bottom: H });
  return x + w;
}

function addDrone(st: Course, x: number) {
  st.obstacles.push({
    kind: "drone",
    x,
    w: 44,
    top: GROUND - 80,
    bottom: GROUND - 52,
  });
  return x + 44;
}

/** Lays out the next stretch of track: one pattern, then a breathing gap. */
export function generate(st: Course) {
  const speed = speedAt(st.nextX);
  const difficulty = clamp(st.nextX / 14000, 0, 1);
  const weights: [string, number][] = [
    ["spikes", 3],
    ["crates", 3],
    ["pit", st.nextX > 1400 ? 2.2 : 0],
    ["drone", st.nextX > 2400 ? 1.2 + difficulty : 0],
    ["combo", st.nextX > 3500 ? 0.6 + 2.4 * difficulty : 0],
    ["coins", 1.3 - difficulty],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = st.rng.next() * total;
  let pattern = "coins";
  for (const [name, weight] of weights) {
    if ((roll -= weight) < 0) {
      pattern = name;
      break;
    }
  }
  let x = st.nextX;
  let end = x;
  if (pattern === "spikes") {
    const count = st.rng.int(1, 1 + Math.round(2 * difficulty + 0.4));
    end = addSpikes(st, x, count);
    addCoinArc(st, x + count * 12, 160, 118);
  } else if (pattern === "crates") {
    const high = st.rng.chance(0.25 + 0.5 * difficulty) ? 2 : 1;
    const wide = st.rng.chance(0.4) ? 2 : 1;
    end = addCrates(st, x, wide, high);
    for (let i = 0; i < wide * 2 + 1; i++)
      st.coins.push({
        x: x + i * (CRATE / 2) + (wide === 1 ? 0 : 0),
        y: GROUND - high * CRATE - 26,
        taken: -1,
      });
  } else if (pattern === "pit") {
    const w = st.rng.range(58, Math.min(150, speed * 0.42));
    end = addPit(st, x, w);
    addCoinArc(st, x + w / 2, Math.max(150, w + 60), 118);
  } else if (pattern === "drone") {
    end = addDrone(st, x);
    for (let i = 0; i < 4; i++)
      st.coins.push({ x: x - 30 + i * 34, y: GROUND - 20, taken: -1 });
  } else if (pattern === "combo") {
    const first = st.rng.int(0, 2);
    const second = st.rng.int(0, 2);
    end =
      first === 0
        ? addSpikes(st, x, st.rng.int(1, 2))
        : first === 1
          ? addCrates(st, x, 1, 1)
          : addPit(st, x, st.rng.range(58, 90));
    x = end + speed * st.rng.range(0.78, 1.0) + 30;
    end =
      second === 0
        ? addSpikes(st, x, st.rng.int(1, 2))
        : second === 1
          ? addCrates(st, x, 1, st.rng.chance(0.5) ? 2 : 1)
          : addPit(st, x, st.rng.range(58, 90));
    addCoinArc(st, x + (end - x) / 2, 160, 118);
  } else {
    const wave = st.rng.chance(0.5);
    for (let i = 0; i < 7; i++)
      st.coins.push({
        x: x + i * 30,
        y: GROUND - 22 - (wave ? sin(i * 0.9) * 20 + 20 : 0),
        taken: -1,
      });
    end = x + 200;
  }
  st.nextX = end + speed * st.rng.range(0.9, 1.6 - 0.45 * difficulty) + 40;
}

/** Whether the feet, centred at world x, rest on solid ground (not wholly over a pit). */
