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
export const N = 12;
export const CELL = 28;
export const BX = (W - N * CELL) / 2;
/** The most of each list a round can hold, whatever its inputs (ADR 014). */
export const CAPS = {
  board: N * N,
  previous: N * N,
  changeAt: N * N,
  popups: 12,
} as const;
export const BY = 116;
export const BUTTON_Y = 548;
export const BUTTON_R = 23;
export const COLORS = [
  "#f43f5e",
  "#fb923c",
  "#fde047",
  "#4ade80",
  "#38bdf8",
  "#a78bfa",
];
export const DARK = [
  "#9f1239",
  "#9a3412",
  "#a16207",
  "#166534",
  "#075985",
  "#5b21b6",
];
export const buttonX = (i: number) => W / 2 + (i - 2.5) * 56;

/** Each cell's neighbours (up, down, left, right), worked out once. */
const NEIGHBOURS: readonly (readonly number[])[] = Array.from(
  { length: N * N },
  (_, i) => {
    const r = Math.floor(i / N);
    const c = i % N;
    return [
      r > 0 ? i - N : -1,
      r < N - 1 ? i + N : -1,
      c > 0 ? i - 1 : -1,
      c < N - 1 ? i + 1 : -1,
    ].filter((j) => j >= 0);
  },
);

/**
 * Cells the top-left region holds after flooding it with `color` (1 = held): the current region, then
 * everything of the new colour touching it. The demo's look-ahead and every new board's move limit run
 * this thousands of times, and the server replays them, so it allocates nothing but its answer.
 */
function floodRegion(board: readonly number[], color: number): Uint8Array {
  const owned = new Uint8Array(N * N);
  const stack = new Int32Array(N * N);
  let top = 0;
  const spread = (match: number) => {
    while (top) {
      const i = stack[--top];
      for (const j of NEIGHBOURS[i]) {
        if (!owned[j] && board[j] === match) {
          owned[j] = 1;
          stack[top++] = j;
        }
      }
    }
  };
  owned[0] = 1;
  stack[top++] = 0;
  spread(board[0]);
  for (let i = 0; i < N * N; i++) if (owned[i]) stack[top++] = i;
  spread(color);
  return owned;
}

const count = (cells: Uint8Array) => cells.reduce((n, held) => n + held, 0);

function applyFlood(board: readonly number[], color: number): number[] {
  const owned = floodRegion(board, color);
  return board.map((v, i) => (owned[i] ? color : v));
}

const regionSize = (board: readonly number[]) =>
  count(floodRegion(board, board[0]));

/**
 * How many moves the greedy player needs to flood the board: each move takes the colour that grows
 * the region most (the lowest such colour on a tie). A move's gain for a colour is the size of the
 * patches of that colour touching the region, so one pass over the region's edge weighs every colour
 * at once. This sets every new board's move limit, so the server runs it on every board it replays.
 */
function greedyMoves(start: readonly number[]): number {
  const board = start.slice();
  const owned = floodRegion(board, board[0]);
  let size = count(owned);
  let color = board[0];
  const seen = new Uint8Array(N * N);
  const stack = new Int32Array(N * N);
  const gain = new Array<number>(COLORS.length);
  /** Marks (in `mark`) the patch of one colour outside the region that holds `from`; answers its size. */
  const patch = (from: number, mark: Uint8Array) => {
    const match = board[from];
    let top = 0;
    let cells = 1;
    mark[from] = 1;
    stack[top++] = from;
    while (top) {
      const i = stack[--top];
      for (const j of NEIGHBOURS[i]) {
        if (!mark[j] && !owned[j] && board[j] === match) {
          mark[j] = 1;
          stack[top++] = j;
          cells++;
        }
      }
    }
    return cells;
  };
  let moves = 0;
  while (size < N * N && moves < 60) {
    gain.fill(0);
    seen.fill(0);
    for (let i = 0; i < N * N; i++) {
      if (!owned[i]) continue;
      for (const j of NEIGHBOURS[i])
        if (!owned[j] && !seen[j]) gain[board[j]] += patch(j, seen);
    }
    let best = -1;
    for (let c = 0; c < COLORS.length; c++)
      if (c !== color && (best < 0 || gain[c] > gain[best])) best = c;
    for (let i = 0; i < N * N; i++) {
      if (!owned[i]) continue;
      for (const j of NEIGHBOURS[i])
        if (!owned[j] && board[j] === best) patch(j, owned);
    }
    size += gain[best];
    color = best;
    moves++;
  }
  return moves;
}

/** Two moves of look-ahead: what a sharp player would pick. */
function smartColor(board: number[]): number {
  let best = -1;
  let bestScore = -1;
  for (let a = 0; a < COLORS.length; a++) {
    if (a === board[0]) continue;
    const first = applyFlood(board, a);
    const firstSize = regionSize(first);
    if (firstSize === N * N) return a;
    let second = firstSize;
    for (let b = 0; b < COLORS.length; b++) {
      if (b === a) continue;
      second = Math.max(second, regionSize(applyFlood(first, b)));
    }
    const score = second * 200 + firstSize;
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

interface ColorFloodState {
  rng: Rng;
  emit: (effect: Effect) => void;
  board: number[];
  previous: number[];
  changeAt: number[];
  owned: Uint8Array<ArrayBufferLike>;
  limit: number;
  used: number;
  boardNumber: number;
  time: number;
  phase: "play" | "won" | "lost";
  phaseAt: number;
  selected: number;
  pressed: number;
  pressedAt: number;
  shake: number;
  winBonus: number;
  demoWait: number;
  popups: { text: string; x: number; y: number; at: number; color: string }[];
  score: number;
  over: boolean;
}

function createColorFloodState({ rng, emit }: SimContext): ColorFloodState {
  const owned: Uint8Array = new Uint8Array(N * N);
  const popups: {
    text: string;
    x: number;
    y: number;
    at: number;
    color: string;
  }[] = [];
  return {
    rng,
    emit,
    board: [],
    previous: [],
    changeAt: [],
    owned,
    limit: 0,
    used: 0,
    boardNumber: 0,
    time: 0,
    phase: "play",
    phaseAt: 0,
    selected: 0,
    pressed: -1,
    pressedAt: -100,
    shake: 0,
    winBonus: 0,
    demoWait: 24,
    popups,
    score: 0,
    over: false,
  };
}

function newBoard(st: ColorFloodState) {
  st.boardNumber++;
  st.board = Array.from({ length: N * N }, () =>
    st.rng.int(0, COLORS.length - 1),
  );
  const slack = Math.max(1, 5 - st.boardNumber);
  st.limit = greedyMoves(st.board) + slack;
  st.used = 0;
  st.owned = floodRegion(st.board, st.board[0]);
  st.previous = st.board.slice();
  // Deal the new board in as a diagonal wave.
  st.changeAt = st.board.map(
    (_, i) => st.time + (Math.floor(i / N) + (i % N)) * 1.5,
  );
  st.previous = st.board.map(() => -1);
  st.phase = "play";
  st.phaseAt = st.time;
}

function pick(st: ColorFloodState, color: number) {
  if (st.phase !== "play" || color < 0 || color >= COLORS.length) return;
  st.selected = color;
  st.pressed = color;
  st.pressedAt = st.time;
  if (color === st.board[0]) {
    st.shake = 10;
    st.emit("tap");
    return;
  }
  const before = count(st.owned);
  const next = floodRegion(st.board, color);
  // The colour change spreads outward from the corner through the region.
  const distance = new Int16Array(N * N).fill(-1);
  const queue = new Int16Array(N * N);
  let tail = 0;
  distance[0] = 0;
  queue[tail++] = 0;
  for (let q = 0; q < tail; q++) {
    const i = queue[q];
    for (const j of NEIGHBOURS[i]) {
      if (next[j] && distance[j] < 0) {
        distance[j] = distance[i] + 1;
        queue[tail++] = j;
      }
    }
  }
  for (let i = 0; i < N * N; i++) {
    if (!next[i]) continue;
    st.previous[i] = st.time >= st.changeAt[i] ? st.board[i] : st.previous[i];
    st.changeAt[i] = st.time + distance[i] * 0.9;
    st.board[i] = color;
  }
  st.owned = next;
  st.used++;
  const gained = count(st.owned) - before;
  st.score += gained;
  if (gained > 0) {
    pushCapped(
      st.popups,
      {
        text: `+${gained}`,
        x: buttonX(color),
        y: BUTTON_Y - 40,
        at: st.time,
        color: COLORS[color],
      },
      CAPS.popups,
    );
  }
  st.emit(gained >= 6 ? "score" : "move");
  if (st.owned.every((held) => held === 1)) {
    st.winBonus = 100 + 50 * (st.limit - st.used);
    st.score += st.winBonus;
    st.phase = "won";
    st.phaseAt = st.time;
    st.emit("level");
  } else if (st.used >= st.limit) {
    st.phase = "lost";
    st.phaseAt = st.time;
    st.emit("hit");
  }
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: ColorFloodState) => ({
  board: st.board,
  /** Until its step in `changeAt`, a cell still shows its previous colour (the flood spreads as a wave). */
  previous: st.previous,
  changeAt: st.changeAt,
  owned: st.owned,
  limit: st.limit,
  used: st.used,
  boardNumber: st.boardNumber,
  time: st.time,
  phase: st.phase,
  phaseAt: st.phaseAt,
  selected: st.selected,
  pressed: st.pressed,
  pressedAt: st.pressedAt,
  shake: st.shake,
  winBonus: st.winBonus,
  popups: st.popups,
});

function onPointerDown(st: ColorFloodState, x: number, y: number) {
  for (let i = 0; i < COLORS.length; i++) {
    const dx = x - buttonX(i);
    const dy = y - BUTTON_Y;
    if (dx * dx + dy * dy <= (BUTTON_R + 6) * (BUTTON_R + 6)) {
      pick(st, i);
      return;
    }
  }
  // Tapping a cell floods with that cell's colour.
  const c = Math.floor((x - BX) / CELL);
  const r = Math.floor((y - BY) / CELL);
  if (r >= 0 && r < N && c >= 0 && c < N) pick(st, st.board[r * N + c]);
}

function onKeyDown(st: ColorFloodState, key: string) {
  if (key >= "1" && key <= "6") pick(st, Number(key) - 1);
  else if (key === "ArrowLeft" || key === "a" || key === "A")
    st.selected = (st.selected + COLORS.length - 1) % COLORS.length;
  else if (key === "ArrowRight" || key === "d" || key === "D")
    st.selected = (st.selected + 1) % COLORS.length;
  else if (key === "Enter" || key === " " || key === "Spacebar")
    pick(st, st.selected);
}

function createColorFlood(ctx: SimContext) {
  const st = createColorFloodState(ctx);
  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    get score() {
      return st.score;
    },
    get over() {
      return st.over;
    },
    update() {
      st.time++;
      if (st.shake > 0) st.shake--;
      if (st.phase === "won" && st.time - st.phaseAt > 90) newBoard(st);
      if (st.phase === "lost" && st.time - st.phaseAt > 75) st.over = true;
      compact(st.popups, (p) => st.time - p.at <= 45);
    },
    get view() {
      return view(st);
    },
    pointerDown(x, y) {
      onPointerDown(st, x, y);
    },
    keyDown(key) {
      onKeyDown(st, key);
    },
    autoplay(input: Input) {
      if (st.phase !== "play") return;
      if (--st.demoWait > 0) return;
      st.demoWait = 26;
      const color = smartColor(st.board);
      input.pointerDown(buttonX(color), BUTTON_Y);
    },
  };
  newBoard(st);
  return game;
}

export type ColorFlood = ReturnType<typeof createColorFlood>;

export const rules: Rules<ColorFlood> = {
  slug: "color-flood",
  world: { width: W, height: H },
  create: createColorFlood,
};
