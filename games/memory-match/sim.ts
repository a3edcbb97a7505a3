import type { Rng } from "../shared/rng";
import {
  clamp,
  type Dealer,
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
} from "../shared/sim";
import { compact, pushCapped } from "../shared/bounded";
import { layoutOf, seedDealer } from "./deal";

export const W = 360;
export const H = 640;
const GRID_TOP = 104;
const GRID_BOTTOM = 622;
const GRID_SIDE = 14;
const GAP = 8;
const FLIP = 8; // steps a card takes to turn over
export const BAR_X = 20;
export const BAR_W = W - 40;

const SHAPES = [
  "circle",
  "square",
  "triangle",
  "diamond",
  "star",
  "heart",
  "hexagon",
  "plus",
  "moon",
  "ring",
  "drop",
  "bolt",
] as const;
export type Shape = (typeof SHAPES)[number];
const COLORS = [
  "#f43f5e",
  "#fb923c",
  "#eab308",
  "#22c55e",
  "#0ea5e9",
  "#8b5cf6",
];

interface Glyph {
  shape: Shape;
  color: string;
}

interface Card {
  /** The face's pair index, or -1 until the dealer has revealed it. */
  symbol: number;
  x: number;
  y: number;
  /** 0 face down .. 1 face up, animated towards `up`. */
  flip: number;
  up: boolean;
  matched: boolean;
  matchedAt: number;
  /** Step its deal flight starts. */
  dealAt: number;
}

type Phase = "deal" | "play" | "clear" | "fail";

/** Keys that move the keyboard focus, by [column, row] step. */
const FOCUS_MOVES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  a: [-1, 0],
  d: [1, 0],
  w: [0, -1],
  s: [0, 1],
};

/**
 * The most of each list a round can hold, whatever its inputs (ADR 014). A ripple lives 51 steps, in which
 * log-limits lets a person press 25 times; a level clears at most its 18 pairs (two bursts and a popup each) before
 * the next is dealt. Full lists skip the newest cosmetic item; nothing the rules read is capped.
 */
export const CAPS = {
  cards: 36,
  symbols: 18,
  ripples: 25,
  bursts: 36,
  popups: 18,
} as const;

interface MemoryMatchState {
  rng: Rng;
  emit: (effect: Effect) => void;
  deal: Dealer | undefined;
  dealer: Dealer;
  waitingFor: number;
  cards: Card[];
  symbols: Glyph[];
  cols: number;
  rows: number;
  cw: number;
  ch: number;
  phase: Phase;
  phaseAt: number;
  time: number;
  budget: number;
  left: number;
  open: number[];
  closeAt: number;
  streak: number;
  found: number;
  focus: number;
  keyboard: boolean;
  penaltyAt: number;
  bonus: number;
  ripples: { x: number; y: number; at: number }[];
  bursts: { x: number; y: number; at: number; color: string }[];
  popups: { text: string; x: number; y: number; at: number; color: string }[];
  seen: (number | null)[];
  demoWait: number;
  demoOrder: number[];
  score: number;
  over: boolean;
  level: number;
}

function createMemoryMatchState({
  rng,
  emit,
  deal,
}: SimContext): MemoryMatchState {
  // Without a dealer (tools, tests) the faces come from the public seed, as a practice round's may.
  const dealer = deal ?? seedDealer(rng.int(0, 0xffffffff));
  const ripples: { x: number; y: number; at: number }[] = [];
  const bursts: { x: number; y: number; at: number; color: string }[] = [];
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
    deal,
    dealer,
    waitingFor: -1,
    cards: [],
    symbols: [],
    cols: 3,
    rows: 2,
    cw: 80,
    ch: 100,
    phase: "deal",
    phaseAt: 0,
    time: 0,
    budget: 1,
    left: 1,
    open: [],
    closeAt: -1,
    streak: 0,
    found: 0,
    focus: 0,
    keyboard: false,
    penaltyAt: -100,
    bonus: 0,
    ripples,
    bursts,
    popups,
    seen: [],
    demoWait: 0,
    demoOrder: [],
    score: 0,
    over: false,
    level: 1,
  };
}

function startLevel(st: MemoryMatchState, level: number) {
  st.level = level;
  [st.cols, st.rows] = layoutOf(level);
  const pairs = (st.cols * st.rows) / 2;
  const shapes = [...SHAPES];
  const colors = [...COLORS];
  shuffle(st, shapes);
  shuffle(st, colors);
  st.symbols = Array.from({ length: pairs }, (_, k) => ({
    shape: shapes[k % shapes.length],
    color: colors[(k + Math.floor(k / shapes.length) * 3) % colors.length],
  }));
  st.cw = Math.min(
    100,
    (W - GRID_SIDE * 2 - (st.cols - 1) * GAP) / st.cols,
    (GRID_BOTTOM - GRID_TOP - (st.rows - 1) * GAP) / st.rows / 1.25,
  );
  st.ch = st.cw * 1.25;
  const gridW = st.cols * st.cw + (st.cols - 1) * GAP;
  const gridH = st.rows * st.ch + (st.rows - 1) * GAP;
  const ox = (W - gridW) / 2;
  const oy = GRID_TOP + (GRID_BOTTOM - GRID_TOP - gridH) / 2;
  st.cards = Array.from({ length: pairs * 2 }, (_, i) => ({
    symbol: -1,
    x: ox + (i % st.cols) * (st.cw + GAP),
    y: oy + Math.floor(i / st.cols) * (st.ch + GAP),
    flip: 0,
    up: false,
    matched: false,
    matchedAt: 0,
    dealAt: st.time + i * 2,
  }));
  // Seconds on the clock: generous at first, tighter per pair as levels climb.
  const perPair = Math.max(2.6, 4.6 - 0.22 * (level - 1));
  st.budget = Math.round((6 + pairs * perPair) * 60);
  st.left = st.budget;
  st.open = [];
  st.closeAt = -1;
  st.streak = 0;
  st.found = 0;
  st.focus = Math.min(st.focus, st.cards.length - 1);
  st.phase = "deal";
  st.phaseAt = st.time;
  st.seen = st.cards.map(() => null);
  st.demoOrder = st.cards
    .map((_, i) => i)
    .sort(
      (a, b) =>
        ((a * 7 + level * 5) % 11) - ((b * 7 + level * 5) % 11) || a - b,
    );
  st.demoWait = 0;
}

function shuffle<T>(st: MemoryMatchState, items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = st.rng.int(0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

const dealEnd = (st: MemoryMatchState) => st.phaseAt + st.cards.length * 2 + 18;

function closeOpen(st: MemoryMatchState) {
  for (const i of st.open) if (!st.cards[i].matched) st.cards[i].up = false;
  st.open = [];
  st.closeAt = -1;
}

function flipCard(st: MemoryMatchState, i: number) {
  if (st.phase !== "play" || i < 0 || i >= st.cards.length) return;
  const card = st.cards[i];
  if (card.matched || card.up) return;
  // Every turn asks the dealer, so the server sees the turns in the order they are played.
  const face = st.dealer.reveal(st.level ?? 1, i);
  if (face === null) {
    st.waitingFor = i;
    return;
  }
  card.symbol = face;
  if (st.open.length >= 2) closeOpen(st);
  card.up = true;
  st.open.push(i);
  st.emit("move");
  if (st.open.length < 2) return;
  const [a, b] = st.open;
  if (st.cards[a].symbol === st.cards[b].symbol) {
    st.cards[a].matched = st.cards[b].matched = true;
    st.cards[a].matchedAt = st.cards[b].matchedAt = st.time;
    st.open = [];
    st.streak++;
    st.found++;
    const gained = 10 * (st.level ?? 1) + 5 * (st.streak - 1);
    st.score += gained;
    st.emit("score");
    const sym = st.symbols[st.cards[a].symbol];
    for (const k of [a, b])
      pushCapped(
        st.bursts,
        {
          x: st.cards[k].x + st.cw / 2,
          y: st.cards[k].y + st.ch / 2,
          at: st.time,
          color: sym.color,
        },
        CAPS.bursts,
      );
    pushCapped(
      st.popups,
      {
        text: st.streak > 1 ? `+${gained} ×${st.streak}` : `+${gained}`,
        x: st.cards[b].x + st.cw / 2,
        y: st.cards[b].y + st.ch / 2,
        at: st.time,
        color: "#fde68a",
      },
      CAPS.popups,
    );
    if (st.found === st.cards.length / 2) {
      st.bonus = Math.ceil(st.left / 60) * 2;
      st.score += st.bonus;
      st.phase = "clear";
      st.phaseAt = st.time;
      st.emit("level");
    }
  } else {
    st.streak = 0;
    st.closeAt = st.time + 42;
    st.left = Math.max(0, st.left - 60);
    st.penaltyAt = st.time;
    st.emit("hit");
  }
}

function cardAt(st: MemoryMatchState, x: number, y: number) {
  return st.cards.findIndex(
    (c) => x >= c.x && x <= c.x + st.cw && y >= c.y && y <= c.y + st.ch,
  );
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: MemoryMatchState) => ({
  left: st.left,
  budget: st.budget,
  time: st.time,
  penaltyAt: st.penaltyAt,
  found: st.found,
  cards: st.cards,
  streak: st.streak,
  phase: st.phase,
  cw: st.cw,
  ch: st.ch,
  symbols: st.symbols,
  keyboard: st.keyboard,
  focus: st.focus,
  bursts: st.bursts,
  ripples: st.ripples,
  popups: st.popups,
  phaseAt: st.phaseAt,
  bonus: st.bonus,
  waitingFor: st.waitingFor,
});

function step(st: MemoryMatchState) {
  st.time++;
  for (const card of st.cards) {
    const target = card.up || card.matched ? 1 : 0;
    if (card.flip < target) card.flip = Math.min(target, card.flip + 1 / FLIP);
    else if (card.flip > target)
      card.flip = Math.max(target, card.flip - 1 / FLIP);
  }
  if (st.phase === "deal" && st.time >= dealEnd(st)) {
    st.phase = "play";
    st.phaseAt = st.time;
  } else if (st.phase === "play") {
    if (st.closeAt >= 0 && st.time >= st.closeAt) closeOpen(st);
    st.left--;
    if (st.left <= 0) {
      st.left = 0;
      st.phase = "fail";
      st.phaseAt = st.time;
      st.open = [];
      // Only the faces seen are known; the others stay down.
      for (const card of st.cards) card.up = card.symbol >= 0;
      st.emit("hit");
    }
  } else if (st.phase === "clear" && st.time >= st.phaseAt + 80) {
    startLevel(st, (st.level ?? 1) + 1);
  } else if (st.phase === "fail" && st.time >= st.phaseAt + 80) {
    st.over = true;
  }
  for (const list of [st.ripples, st.bursts, st.popups])
    compact<{ at: number }>(list, (item) => st.time - item.at <= 50);
}

function onPointerDown(st: MemoryMatchState, x: number, y: number) {
  pushCapped(st.ripples, { x, y, at: st.time }, CAPS.ripples);
  const i = cardAt(st, x, y);
  if (i >= 0) {
    st.focus = i;
    flipCard(st, i);
  }
}

function onKeyDown(st: MemoryMatchState, key: string) {
  const step = FOCUS_MOVES[key] ?? FOCUS_MOVES[key.toLowerCase()];
  if (step) {
    if (!st.keyboard) {
      st.keyboard = true;
      return;
    }
    const col = clamp((st.focus % st.cols) + step[0], 0, st.cols - 1);
    const row = clamp(Math.floor(st.focus / st.cols) + step[1], 0, st.rows - 1);
    st.focus = row * st.cols + col;
    st.emit("tap");
  } else if (key === "Enter" || key === " " || key === "Spacebar") {
    st.keyboard = true;
    flipCard(st, st.focus);
  }
}

function demo(st: MemoryMatchState, input: Input) {
  if (st.phase !== "play") return;
  // Remember every card that is face up right now.
  st.cards.forEach((card, i) => {
    if (card.flip === 1 && !card.matched) st.seen[i] = card.symbol;
    if (card.matched) st.seen[i] = null;
  });
  if (st.cards.some((c) => c.flip > 0 && c.flip < 1)) return;
  if (--st.demoWait > 0) return;
  st.demoWait = st.open.length === 1 ? 12 : 18;
  const hidden = (i: number) => !st.cards[i].matched && !st.cards[i].up;
  const unknown = st.demoOrder.filter(
    (i) => hidden(i) && st.seen[i] === null && !st.cards[i].matched,
  );
  let target = -1;
  const current = st.open.length === 1 ? st.open[0] : -1;
  if (current >= 0) {
    target = st.seen.findIndex(
      (s, i) => i !== current && s === st.cards[current].symbol && hidden(i),
    );
  } else {
    for (let i = 0; i < st.cards.length && target < 0; i++) {
      if (!hidden(i) || st.seen[i] === null) continue;
      if (st.seen.some((s, j) => j !== i && s === st.seen[i] && hidden(j)))
        target = i;
    }
  }
  if (target < 0)
    target = unknown[0] ?? st.cards.findIndex((_, i) => hidden(i));
  if (target < 0) return;
  const c = st.cards[target];
  input.pointerDown(c.x + st.cw / 2, c.y + st.ch / 2);
}

function createMemoryMatch(ctx: SimContext) {
  const st = createMemoryMatchState(ctx);
  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    get score() {
      return st.score;
    },
    get over() {
      return st.over;
    },
    get level() {
      return st.level;
    },
    update() {
      step(st);
    },
    get view() {
      return view(st);
    },
    ready() {
      if (st.waitingFor < 0) return true;
      const card = st.waitingFor;
      st.waitingFor = -1;
      flipCard(st, card);
      return st.waitingFor < 0;
    },
    pointerDown(x, y) {
      onPointerDown(st, x, y);
    },
    keyDown(key) {
      onKeyDown(st, key);
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  startLevel(st, 1);
  return game;
}

export type MemoryMatch = ReturnType<typeof createMemoryMatch>;

export const rules: Rules<MemoryMatch> = {
  slug: "memory-match",
  world: { width: W, height: H },
  create: createMemoryMatch,
  dealer: seedDealer,
};
