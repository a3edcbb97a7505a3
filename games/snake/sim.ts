import type { Input, Rules, SimContext, Simulation } from "../shared/sim";

export const COLS = 18;
export const ROWS = 30;
export const CELL = 20;
export const TOP = 40; // room for the HUD

/** The most of each list a round can hold, whatever its inputs (ADR 014); two turns wait at most. */
export const CAPS = { body: COLS * ROWS } as const;

export type Point = { x: number; y: number };

const DIRECTIONS: Record<string, Point> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  w: { x: 0, y: -1 },
  s: { x: 0, y: 1 },
  a: { x: -1, y: 0 },
  d: { x: 1, y: 0 },
};

/** The key that turns the snake towards `direction`. */
const KEY_FOR = new Map(
  Object.entries(DIRECTIONS)
    .slice(0, 4)
    .map(([key, d]) => [`${d.x},${d.y}`, key]),
);

export interface Snake extends Simulation {
  /** Head first. */
  readonly body: readonly Point[];
  readonly food: Point;
  readonly direction: Point;
  /** True until the player's first move: the snake waits for it, however long. */
  readonly waiting: boolean;
}

function createSnake({ rng, emit }: SimContext): Snake {
  let waiting = true;
  let body: Point[] = [
    { x: 8, y: 15 },
    { x: 7, y: 15 },
    { x: 6, y: 15 },
  ];
  let direction: Point = { x: 1, y: 0 };
  const queued: Point[] = [];
  let food = placeFood();
  let tick = 0;
  let swipeStart: Point | null = null;

  function free(cell: Point) {
    return !body.some((part) => part.x === cell.x && part.y === cell.y);
  }

  /** A free cell at random; on a nearly full board a few misses fall back to one of the free cells, so it ends. */
  function placeFood(): Point {
    for (let tries = 0; tries < 64; tries++) {
      const candidate = { x: rng.int(0, COLS - 1), y: rng.int(0, ROWS - 1) };
      if (free(candidate)) return candidate;
    }
    const cells: Point[] = [];
    for (let y = 0; y < ROWS; y++)
      for (let x = 0; x < COLS; x++) if (free({ x, y })) cells.push({ x, y });
    // A full board: the round is over (update ends it), and the food sits under the head.
    return cells.length ? rng.pick(cells) : body[0];
  }

  function turn(next: Point) {
    waiting = false;
    const last = queued[queued.length - 1] ?? direction;
    if (next.x === -last.x && next.y === -last.y) return; // no reversing into yourself
    if (next.x === last.x && next.y === last.y) return;
    if (queued.length < 2) queued.push(next);
  }

  const sim: Snake = {
    score: 0,
    over: false,
    get body() {
      return body;
    },
    get food() {
      return food;
    },
    get direction() {
      return direction;
    },
    get waiting() {
      return waiting;
    },
    update() {
      if (waiting) return;
      // Faster as the snake grows: from 8 to 16 moves a second.
      const interval = Math.max(4, 8 - Math.floor(sim.score / 5));
      if (++tick < interval) return;
      tick = 0;
      direction = queued.shift() ?? direction;
      const head = { x: body[0].x + direction.x, y: body[0].y + direction.y };
      const hitWall =
        head.x < 0 || head.y < 0 || head.x >= COLS || head.y >= ROWS;
      if (
        hitWall ||
        body.some((part) => part.x === head.x && part.y === head.y)
      ) {
        emit("hit");
        sim.over = true;
        return;
      }
      body = [head, ...body];
      if (head.x === food.x && head.y === food.y) {
        sim.score += 1;
        emit("score");
        food = placeFood();
        if (body.length >= CAPS.body) sim.over = true;
      } else {
        body.pop();
      }
    },
    keyDown(key) {
      const next = DIRECTIONS[key];
      if (next) turn(next);
      // Any other key still counts as the first move: the snake sets off the way it faces.
      else waiting = false;
    },
    pointerDown(x, y) {
      swipeStart = { x, y };
    },
    pointerUp(x, y) {
      if (!swipeStart) return;
      const dx = x - swipeStart.x;
      const dy = y - swipeStart.y;
      swipeStart = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 12) {
        // A tap turns towards the tapped side of the head.
        const head = body[0];
        const hx = head.x * CELL + CELL / 2;
        const hy = TOP + head.y * CELL + CELL / 2;
        if (direction.x !== 0) turn({ x: 0, y: y < hy ? -1 : 1 });
        else turn({ x: x < hx ? -1 : 1, y: 0 });
        return;
      }
      turn(
        Math.abs(dx) > Math.abs(dy)
          ? { x: Math.sign(dx), y: 0 }
          : { x: 0, y: Math.sign(dy) },
      );
    },
    autoplay(input: Input) {
      // Head for the food, avoiding walls and the body.
      if ((tick !== 0 || queued.length) && !waiting) return;
      const head = body[0];
      const options = Object.values(DIRECTIONS)
        .slice(0, 4)
        .filter((d) => !(d.x === -direction.x && d.y === -direction.y));
      const safe = options.filter((d) => {
        const next = { x: head.x + d.x, y: head.y + d.y };
        return (
          next.x >= 0 &&
          next.y >= 0 &&
          next.x < COLS &&
          next.y < ROWS &&
          !body.some((p) => p.x === next.x && p.y === next.y)
        );
      });
      const distance = (d: Point) =>
        Math.abs(head.x + d.x - food.x) + Math.abs(head.y + d.y - food.y);
      const best = (safe.length ? safe : options).sort(
        (a, b) => distance(a) - distance(b),
      )[0];
      if (best && (waiting || best.x !== direction.x || best.y !== direction.y))
        input.keyDown(KEY_FOR.get(`${best.x},${best.y}`)!);
    },
  };
  return sim;
}

export const rules: Rules<Snake> = {
  slug: "snake",
  world: { width: COLS * CELL, height: TOP + ROWS * CELL },
  create: createSnake,
};
