import { compact, pushCapped } from "../shared/bounded";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
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

function createMergeTiles({ rng, emit }: SimContext) {
  let grid: (Tile | null)[][] = Array.from({ length: N }, () =>
    new Array<Tile | null>(N).fill(null),
  );
  let tiles: Tile[] = [];
  let nextId = 1;
  let time = 0;
  let moveAt = -100;
  let queued: Dir | null = null;
  let moves = 0;
  let bestTile = 2;
  let stuckAt = -1;
  let swipe: { x: number; y: number } | null = null;
  let shake = 0;
  let demoWait = 30;
  const popups: Popup[] = [];

  function spawn(appear: number) {
    const empty: [number, number][] = [];
    for (let r = 0; r < N; r++)
      for (let c = 0; c < N; c++) if (!grid[r][c]) empty.push([r, c]);
    if (!empty.length) return;
    const [r, c] = empty[rng.int(0, empty.length - 1)];
    const value = rng.chance(0.9) ? 2 : 4;
    const tile: Tile = {
      id: nextId++,
      value,
      r,
      c,
      fr: r,
      fc: c,
      appear,
      kind: "new",
      consumed: false,
    };
    grid[r][c] = tile;
    tiles.push(tile);
  }

  const values = () => grid.flat().map((t) => (t ? t.value : 0));
  const canMove = () =>
    ([0, 1, 2, 3] as Dir[]).some((d) => slideValues(values(), d).moved);
  const busy = () => time < moveAt + SLIDE;

  function move(d: Dir) {
    if (stuckAt >= 0) return;
    if (busy()) {
      queued = d;
      return;
    }
    // Settle the last move: drop tiles that merged away and fix everyone's start cell.
    tiles = tiles.filter((t) => !t.consumed);
    for (const t of tiles) {
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
        .map(([r, c]) => grid[r][c])
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
            id: nextId++,
            value: a.value * 2,
            r,
            c,
            fr: r,
            fc: c,
            appear: time + SLIDE,
            kind: "merge",
            consumed: false,
          };
          tiles.push(merged);
          next[r][c] = merged;
          gained += merged.value;
          mergedCount++;
          pushCapped(
            popups,
            {
              text: `+${merged.value}`,
              x: cellX(c) + CELL / 2,
              y: cellY(r) + 8,
              born: time + SLIDE,
              color: "#fff",
            },
            CAPS.popups,
          );
          bestTile = Math.max(bestTile, merged.value);
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
      shake = 8;
      return;
    }
    grid = next;
    moveAt = time;
    moves++;
    for (const t of tiles)
      if (t.kind !== "old" && t.appear <= time) t.kind = "old";
    spawn(time + SLIDE);
    if (gained) {
      game.score += gained;
      emit(mergedCount > 1 || gained >= 64 ? "score" : "tap");
    } else emit("move");
    if (!canMove()) stuckAt = time;
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    bestTile,
    moves,
    shake,
    time,
    moveAt,
    tiles,
    stuckAt,
    popups,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      time++;
      if (shake > 0) shake--;
      if (!busy()) {
        tiles = tiles.filter((t) => !t.consumed);
        if (queued !== null) {
          const d = queued;
          queued = null;
          move(d);
        }
      }
      compact(popups, (p) => time - p.born <= 40);
      if (stuckAt >= 0 && time - stuckAt > 70) game.over = true;
    },
    get view() {
      return view();
    },
    keyDown(key) {
      const d = KEYS[key] ?? KEYS[key.toLowerCase()];
      if (d !== undefined) move(d);
    },
    pointerDown(x, y) {
      swipe = { x, y };
    },
    pointerMove(x, y) {
      if (!swipe) return;
      const dx = x - swipe.x;
      const dy = y - swipe.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
      swipe = null;
      move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 1 : 3) : dy > 0 ? 2 : 0);
    },
    pointerUp(x, y) {
      game.pointerMove?.(x, y);
      swipe = null;
    },
    autoplay(input: Input) {
      if (busy() || stuckAt >= 0 || queued !== null) return;
      if (--demoWait > 0) return;
      demoWait = 9;
      const d = bestMove(values());
      if (d !== null) input.keyDown(DIR_KEYS[d]);
    },
  };

  spawn(0);
  spawn(0);
  return game;
}

export type MergeTiles = ReturnType<typeof createMergeTiles>;

export const rules: Rules<MergeTiles> = {
  slug: "merge-tiles",
  world: { width: W, height: H },
  create: createMergeTiles,
};
