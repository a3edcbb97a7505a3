import { compact, pushCapped } from "../shared/bounded";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
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

function createColorFlood({ rng, emit }: SimContext) {
  let board: number[] = [];
  let previous: number[] = [];
  let changeAt: number[] = [];
  let owned: Uint8Array = new Uint8Array(N * N);
  let limit = 0;
  let used = 0;
  let boardNumber = 0;
  let time = 0;
  let phase: "play" | "won" | "lost" = "play";
  let phaseAt = 0;
  let selected = 0;
  let pressed = -1;
  let pressedAt = -100;
  let shake = 0;
  let winBonus = 0;
  let demoWait = 24;
  const popups: {
    text: string;
    x: number;
    y: number;
    at: number;
    color: string;
  }[] = [];

  function newBoard() {
    boardNumber++;
    board = Array.from({ length: N * N }, () => rng.int(0, COLORS.length - 1));
    const slack = Math.max(1, 5 - boardNumber);
    limit = greedyMoves(board) + slack;
    used = 0;
    owned = floodRegion(board, board[0]);
    previous = board.slice();
    // Deal the new board in as a diagonal wave.
    changeAt = board.map((_, i) => time + (Math.floor(i / N) + (i % N)) * 1.5);
    previous = board.map(() => -1);
    phase = "play";
    phaseAt = time;
  }

  function pick(color: number) {
    if (phase !== "play" || color < 0 || color >= COLORS.length) return;
    selected = color;
    pressed = color;
    pressedAt = time;
    if (color === board[0]) {
      shake = 10;
      emit("tap");
      return;
    }
    const before = count(owned);
    const next = floodRegion(board, color);
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
      previous[i] = time >= changeAt[i] ? board[i] : previous[i];
      changeAt[i] = time + distance[i] * 0.9;
      board[i] = color;
    }
    owned = next;
    used++;
    const gained = count(owned) - before;
    game.score += gained;
    if (gained > 0) {
      pushCapped(
        popups,
        {
          text: `+${gained}`,
          x: buttonX(color),
          y: BUTTON_Y - 40,
          at: time,
          color: COLORS[color],
        },
        CAPS.popups,
      );
    }
    emit(gained >= 6 ? "score" : "move");
    if (owned.every((held) => held === 1)) {
      winBonus = 100 + 50 * (limit - used);
      game.score += winBonus;
      phase = "won";
      phaseAt = time;
      emit("level");
    } else if (used >= limit) {
      phase = "lost";
      phaseAt = time;
      emit("hit");
    }
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    board,
    /** Until its step in `changeAt`, a cell still shows its previous colour (the flood spreads as a wave). */
    previous,
    changeAt,
    owned,
    limit,
    used,
    boardNumber,
    time,
    phase,
    phaseAt,
    selected,
    pressed,
    pressedAt,
    shake,
    winBonus,
    popups,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      time++;
      if (shake > 0) shake--;
      if (phase === "won" && time - phaseAt > 90) newBoard();
      if (phase === "lost" && time - phaseAt > 75) game.over = true;
      compact(popups, (p) => time - p.at <= 45);
    },
    get view() {
      return view();
    },
    pointerDown(x, y) {
      for (let i = 0; i < COLORS.length; i++) {
        const dx = x - buttonX(i);
        const dy = y - BUTTON_Y;
        if (dx * dx + dy * dy <= (BUTTON_R + 6) * (BUTTON_R + 6)) {
          pick(i);
          return;
        }
      }
      // Tapping a cell floods with that cell's colour.
      const c = Math.floor((x - BX) / CELL);
      const r = Math.floor((y - BY) / CELL);
      if (r >= 0 && r < N && c >= 0 && c < N) pick(board[r * N + c]);
    },
    keyDown(key) {
      if (key >= "1" && key <= "6") pick(Number(key) - 1);
      else if (key === "ArrowLeft" || key === "a" || key === "A")
        selected = (selected + COLORS.length - 1) % COLORS.length;
      else if (key === "ArrowRight" || key === "d" || key === "D")
        selected = (selected + 1) % COLORS.length;
      else if (key === "Enter" || key === " " || key === "Spacebar")
        pick(selected);
    },
    autoplay(input: Input) {
      if (phase !== "play") return;
      if (--demoWait > 0) return;
      demoWait = 26;
      const color = smartColor(board);
      input.pointerDown(buttonX(color), BUTTON_Y);
    },
  };

  newBoard();
  return game;
}

export type ColorFlood = ReturnType<typeof createColorFlood>;

export const rules: Rules<ColorFlood> = {
  slug: "color-flood",
  world: { width: W, height: H },
  create: createColorFlood,
};
