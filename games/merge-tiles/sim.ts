import { compact, pushCapped } from "../shared/bounded";
import type { Rng } from "../shared/rng";
import type {
  Effect,
  Input,
  Rules,
  SimContext,
  Simulation,
} from "../shared/sim";

export const W = 360;
export const H = 640;
export const N = 4;
export const CELL = 72;
const GAP = 9;
export const BOARD = N * CELL + (N + 1) * GAP;
export const BX = (W - BOARD) / 2;
export const BY = 178;
export const SLIDE = 7; // steps a slide takes
export const POP = 9; // steps a merge pop or a new tile takes
/** The most of each list a round can hold, whatever its inputs (ADR 014): a board's tiles and the ones merging away. */
export const CAPS = { tiles: 3 * N * N, popups: 16 } as const;

/** Where column c and row r of the board start. */
export const cellX = (c: number) => BX + GAP + c * (CELL + GAP);
export const cellY = (r: number) => BY + GAP + r * (CELL + GAP);

/** 0 up, 1 right, 2 down, 3 left. */
type Dir = 0 | 1 | 2 | 3;
const KEYS: Record<string, Dir> = {
  ArrowUp: 0,
  ArrowRight: 1,
  ArrowDown: 2,
  ArrowLeft: 3,
  w: 0,
  d: 1,
  s: 2,
  a: 3,
};
const DIR_KEYS = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"];

interface Tile {
  id: number;
  value: number;
  r: number;
  c: number;
  fr: number;
  fc: number;
  /** Step from which the tile is drawn (merges and new tiles wait for the slide). */
  appear: number;
  kind: "old" | "merge" | "new";
  /** Slides into a merge and then disappears. */
  consumed: boolean;
}

interface Popup {
  text: string;
  x: number;
  y: number;
  born: number;
  color: string;
}

/** The cells of line i, from the edge tiles slide towards. */
function lineCells(d: Dir, i: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let k = 0; k < N; k++) {
    if (d === 3) cells.push([i, k]);
    else if (d === 1) cells.push([i, N - 1 - k]);
    else if (d === 0) cells.push([k, i]);
    else cells.push([N - 1 - k, i]);
  }
  return cells;
}

/** Pure slide on a flat board of values (0 = empty) for the demo player's search. */
function slideValues(
  board: number[],
  d: Dir,
): { board: number[]; gained: number; moved: boolean } {
  const out = new Array<number>(N * N).fill(0);
  let gained = 0;
  let moved = false;
  for (let i = 0; i < N; i++) {
    const cells = lineCells(d, i);
    const values = cells.map(([r, c]) => board[r * N + c]).filter((v) => v > 0);
    const merged: number[] = [];
    for (let k = 0; k < values.length; k++) {
      if (k + 1 < values.length && values[k] === values[k + 1]) {
        merged.push(values[k] * 2);
        gained += values[k] * 2;
        k++;
      } else merged.push(values[k]);
    }
    cells.forEach(([r, c], k) => {
      const v = merged[k] ?? 0;
      out[r * N + c] = v;
      if (v !== board[r * N + c]) moved = true;
    });
  }
  return { board: out, gained, moved };
}

// A snake-shaped gradient: big tiles gather along the top row and wind down.
const WEIGHT = [
  [32768, 16384, 8192, 4096],
  [256, 512, 1024, 2048],
  [128, 64, 32, 16],
  [1, 2, 4, 8],
].flat();

function evaluate(board: number[]): number {
  let total = 0;
  let empty = 0;
  let max = 0;
  for (let i = 0; i < N * N; i++) {
    total += board[i] * WEIGHT[i];
    if (!board[i]) empty++;
    if (board[i] > max) max = board[i];
  }
  return total + empty * max * 2048;
}

function bestMove(board: number[]): Dir | null {
  let best: Dir | null = null;
  let bestScore = -Infinity;
  for (let d = 0 as Dir; d < 4; d = (d + 1) as Dir) {
    const first = slideValues(board, d);
    if (!first.moved) continue;
    const empties = first.board.flatMap((v, i) => (v ? [] : [i]));
    let expected = 0;
    for (const cell of empties) {
      for (const [value, chance] of [
        [2, 0.9],
        [4, 0.1],
      ]) {
        const next = first.board.slice();
        next[cell] = value;
        let reply = -Infinity;
        for (let e = 0 as Dir; e < 4; e = (e + 1) as Dir) {
          const second = slideValues(next, e);
          if (second.moved) reply = Math.max(reply, evaluate(second.board));
        }
        expected += chance * (reply === -Infinity ? -1e12 : reply);
      }
    }
    const score = empties.length
      ? expected / empties.length
      : evaluate(first.board);
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

interface MergeTilesState {
  rng: Rng;
  emit: (effect: Effect) => void;
  grid: (Tile | null)[][];
  tiles: Tile[];
  nextId: number;
  time: number;
  moveAt: number;
  queued: Dir | null;
  moves: number;
  bestTile: number;
  stuckAt: number;
  swipe: { x: number; y: number } | null;
  shake: number;
  demoWait: number;
  popups: Popup[];
  score: number;
  over: boolean;
}

function createMergeTilesState({ rng, emit }: SimContext): MergeTilesState {
  const grid: (Tile | null)[][] = Array.from({ length: N }, () =>
    new Array<Tile | null>(N).fill(null),
  );
  const popups: Popup[] = [];
  return {
    rng,
    emit,
    grid,
    tiles: [],
    nextId: 1,
    time: 0,
    moveAt: -100,
    queued: null,
    moves: 0,
    bestTile: 2,
    stuckAt: -1,
    swipe: null,
    shake: 0,
    demoWait: 30,
    popups,
    score: 0,
    over: false,
  };
}

function spawn(st: MergeTilesState, appear: number) {
  const empty: [number, number][] = [];
  for (let r = 0; r < N; r++)
    for (let c = 0; c < N; c++) if (!st.grid[r][c]) empty.push([r, c]);
  if (!empty.length) return;
  const [r, c] = empty[st.rng.int(0, empty.length - 1)];
  const value = st.rng.chance(0.9) ? 2 : 4;
  const tile: Tile = {
    id: st.nextId++,
    value,
    r,
    c,
    fr: r,
    fc: c,
    appear,
    kind: "new",
    consumed: false,
  };
  st.grid[r][c] = tile;
  st.tiles.push(tile);
}

const values = (st: MergeTilesState) =>
  st.grid.flat().map((t) => (t ? t.value : 0));

const canMove = (st: MergeTilesState) =>
  ([0, 1, 2, 3] as Dir[]).some((d) => slideValues(values(st), d).moved);

const busy = (st: MergeTilesState) => st.time < st.moveAt + SLIDE;

function move(st: MergeTilesState, d: Dir) {
  if (st.stuckAt >= 0) return;
  if (busy(st)) {
    st.queued = d;
    return;
  }
  // Settle the last move: drop tiles that merged away and fix everyone's start cell.
  st.tiles = st.tiles.filter((t) => !t.consumed);
  for (const t of st.tiles) {
    t.fr = t.r;
    t.fc = t.c;
  }
  const next: (Tile | null)[][] = Array.from({ length: N }, () =>
    new Array<Tile | null>(N).fill(null),
  );
  let gained = 0;
  let moved = false;
  let mergedCount = 0;
  for (let i = 0; i < N; i++) {
    const cells = lineCells(d, i);
    const line = cells
      .map(([r, c]) => st.grid[r][c])
      .filter((t): t is Tile => t !== null);
    let slot = 0;
    for (let k = 0; k < line.length; k++) {
      const [r, c] = cells[slot];
      const a = line[k];
      const b = line[k + 1];
      if (b && a.value === b.value) {
        a.r = b.r = r;
        a.c = b.c = c;
        a.consumed = b.consumed = true;
        const merged: Tile = {
          id: st.nextId++,
          value: a.value * 2,
          r,
          c,
          fr: r,
          fc: c,
          appear: st.time + SLIDE,
          kind: "merge",
          consumed: false,
        };
        st.tiles.push(merged);
        next[r][c] = merged;
        gained += merged.value;
        mergedCount++;
        pushCapped(
          st.popups,
          {
            text: `+${merged.value}`,
            x: cellX(c) + CELL / 2,
            y: cellY(r) + 8,
            born: st.time + SLIDE,
            color: "#fff",
          },
          CAPS.popups,
        );
        st.bestTile = Math.max(st.bestTile, merged.value);
        moved = true;
        k++;
      } else {
        if (a.r !== r || a.c !== c) moved = true;
        a.r = r;
        a.c = c;
        next[r][c] = a;
      }
      slot++;
    }
  }
  if (!moved) {
    st.shake = 8;
    return;
  }
  st.grid = next;
  st.moveAt = st.time;
  st.moves++;
  for (const t of st.tiles)
    if (t.kind !== "old" && t.appear <= st.time) t.kind = "old";
  spawn(st, st.time + SLIDE);
  if (gained) {
    st.score += gained;
    st.emit(mergedCount > 1 || gained >= 64 ? "score" : "tap");
  } else st.emit("move");
  if (!canMove(st)) st.stuckAt = st.time;
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: MergeTilesState) => ({
  bestTile: st.bestTile,
  moves: st.moves,
  shake: st.shake,
  time: st.time,
  moveAt: st.moveAt,
  tiles: st.tiles,
  stuckAt: st.stuckAt,
  popups: st.popups,
});

function step(st: MergeTilesState) {
  st.time++;
  if (st.shake > 0) st.shake--;
  if (!busy(st)) {
    st.tiles = st.tiles.filter((t) => !t.consumed);
    if (st.queued !== null) {
      const d = st.queued;
      st.queued = null;
      move(st, d);
    }
  }
  compact(st.popups, (p) => st.time - p.born <= 40);
  if (st.stuckAt >= 0 && st.time - st.stuckAt > 70) st.over = true;
}

function onPointerMove(st: MergeTilesState, x: number, y: number) {
  if (!st.swipe) return;
  const dx = x - st.swipe.x;
  const dy = y - st.swipe.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
  st.swipe = null;
  move(st, Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 1 : 3) : dy > 0 ? 2 : 0);
}

function createMergeTiles(ctx: SimContext) {
  const st = createMergeTilesState(ctx);
  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    get score() {
      return st.score;
    },
    get over() {
      return st.over;
    },
    update() {
      step(st);
    },
    get view() {
      return view(st);
    },
    keyDown(key) {
      const d = KEYS[key] ?? KEYS[key.toLowerCase()];
      if (d !== undefined) move(st, d);
    },
    pointerDown(x, y) {
      st.swipe = { x, y };
    },
    pointerMove(x, y) {
      onPointerMove(st, x, y);
    },
    pointerUp(x, y) {
      game.pointerMove?.(x, y);
      st.swipe = null;
    },
    autoplay(input: Input) {
      if (busy(st) || st.stuckAt >= 0 || st.queued !== null) return;
      if (--st.demoWait > 0) return;
      st.demoWait = 9;
      const d = bestMove(values(st));
      if (d !== null) input.keyDown(DIR_KEYS[d]);
    },
  };
  spawn(st, 0);
  spawn(st, 0);
  return game;
}

export type MergeTiles = ReturnType<typeof createMergeTiles>;

export const rules: Rules<MergeTiles> = {
  slug: "merge-tiles",
  world: { width: W, height: H },
  create: createMergeTiles,
};
