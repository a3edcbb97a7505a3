import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  clamp,
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

function createMemoryMatch({ rng, emit, deal }: SimContext) {
  // Without a dealer (tools, tests) the faces come from the public seed, as a practice round's may.
  const dealer = deal ?? seedDealer(rng.int(0, 0xffffffff));
  /** The card whose face is on its way: the round holds until it arrives. */
  let waitingFor = -1;
  let cards: Card[] = [];
  let symbols: Glyph[] = [];
  let cols = 3;
  let rows = 2;
  let cw = 80;
  let ch = 100;
  let phase: Phase = "deal";
  let phaseAt = 0;
  let time = 0;
  let budget = 1;
  let left = 1;
  let open: number[] = [];
  let closeAt = -1;
  let streak = 0;
  let found = 0;
  let focus = 0;
  let keyboard = false;
  let penaltyAt = -100;
  let bonus = 0;
  const ripples: { x: number; y: number; at: number }[] = [];
  const bursts: { x: number; y: number; at: number; color: string }[] = [];
  const popups: {
    text: string;
    x: number;
    y: number;
    at: number;
    color: string;
  }[] = [];
  // The demo player's memory of what it has seen.
  let seen: (number | null)[] = [];
  let demoWait = 0;
  let demoOrder: number[] = [];

  function startLevel(level: number) {
    game.level = level;
    [cols, rows] = layoutOf(level);
    const pairs = (cols * rows) / 2;
    const shapes = [...SHAPES];
    const colors = [...COLORS];
    shuffle(shapes);
    shuffle(colors);
    symbols = Array.from({ length: pairs }, (_, k) => ({
      shape: shapes[k % shapes.length],
      color: colors[(k + Math.floor(k / shapes.length) * 3) % colors.length],
    }));
    cw = Math.min(
      100,
      (W - GRID_SIDE * 2 - (cols - 1) * GAP) / cols,
      (GRID_BOTTOM - GRID_TOP - (rows - 1) * GAP) / rows / 1.25,
    );
    ch = cw * 1.25;
    const gridW = cols * cw + (cols - 1) * GAP;
    const gridH = rows * ch + (rows - 1) * GAP;
    const ox = (W - gridW) / 2;
    const oy = GRID_TOP + (GRID_BOTTOM - GRID_TOP - gridH) / 2;
    cards = Array.from({ length: pairs * 2 }, (_, i) => ({
      symbol: -1,
      x: ox + (i % cols) * (cw + GAP),
      y: oy + Math.floor(i / cols) * (ch + GAP),
      flip: 0,
      up: false,
      matched: false,
      matchedAt: 0,
      dealAt: time + i * 2,
    }));
    // Seconds on the clock: generous at first, tighter per pair as levels climb.
    const perPair = Math.max(2.6, 4.6 - 0.22 * (level - 1));
    budget = Math.round((6 + pairs * perPair) * 60);
    left = budget;
    open = [];
    closeAt = -1;
    streak = 0;
    found = 0;
    focus = Math.min(focus, cards.length - 1);
    phase = "deal";
    phaseAt = time;
    seen = cards.map(() => null);
    demoOrder = cards
      .map((_, i) => i)
      .sort(
        (a, b) =>
          ((a * 7 + level * 5) % 11) - ((b * 7 + level * 5) % 11) || a - b,
      );
    demoWait = 0;
  }

  function shuffle<T>(items: T[]) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  const dealEnd = () => phaseAt + cards.length * 2 + 18;

  function closeOpen() {
    for (const i of open) if (!cards[i].matched) cards[i].up = false;
    open = [];
    closeAt = -1;
  }

  function flipCard(i: number) {
    if (phase !== "play" || i < 0 || i >= cards.length) return;
    const card = cards[i];
    if (card.matched || card.up) return;
    // Every turn asks the dealer, so the server sees the turns in the order they are played.
    const face = dealer.reveal(game.level ?? 1, i);
    if (face === null) {
      waitingFor = i;
      return;
    }
    card.symbol = face;
    if (open.length >= 2) closeOpen();
    card.up = true;
    open.push(i);
    emit("move");
    if (open.length < 2) return;
    const [a, b] = open;
    if (cards[a].symbol === cards[b].symbol) {
      cards[a].matched = cards[b].matched = true;
      cards[a].matchedAt = cards[b].matchedAt = time;
      open = [];
      streak++;
      found++;
      const gained = 10 * (game.level ?? 1) + 5 * (streak - 1);
      game.score += gained;
      emit("score");
      const sym = symbols[cards[a].symbol];
      for (const k of [a, b])
        pushCapped(
          bursts,
          {
            x: cards[k].x + cw / 2,
            y: cards[k].y + ch / 2,
            at: time,
            color: sym.color,
          },
          CAPS.bursts,
        );
      pushCapped(
        popups,
        {
          text: streak > 1 ? `+${gained} ×${streak}` : `+${gained}`,
          x: cards[b].x + cw / 2,
          y: cards[b].y + ch / 2,
          at: time,
          color: "#fde68a",
        },
        CAPS.popups,
      );
      if (found === cards.length / 2) {
        bonus = Math.ceil(left / 60) * 2;
        game.score += bonus;
        phase = "clear";
        phaseAt = time;
        emit("level");
      }
    } else {
      streak = 0;
      closeAt = time + 42;
      left = Math.max(0, left - 60);
      penaltyAt = time;
      emit("hit");
    }
  }

  function cardAt(x: number, y: number) {
    return cards.findIndex(
      (c) => x >= c.x && x <= c.x + cw && y >= c.y && y <= c.y + ch,
    );
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    left,
    budget,
    time,
    penaltyAt,
    found,
    cards,
    streak,
    phase,
    cw,
    ch,
    symbols,
    keyboard,
    focus,
    bursts,
    ripples,
    popups,
    phaseAt,
    bonus,
    waitingFor,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    level: 1,
    update() {
      time++;
      for (const card of cards) {
        const target = card.up || card.matched ? 1 : 0;
        if (card.flip < target)
          card.flip = Math.min(target, card.flip + 1 / FLIP);
        else if (card.flip > target)
          card.flip = Math.max(target, card.flip - 1 / FLIP);
      }
      if (phase === "deal" && time >= dealEnd()) {
        phase = "play";
        phaseAt = time;
      } else if (phase === "play") {
        if (closeAt >= 0 && time >= closeAt) closeOpen();
        left--;
        if (left <= 0) {
          left = 0;
          phase = "fail";
          phaseAt = time;
          open = [];
          // Only the faces seen are known; the others stay down.
          for (const card of cards) card.up = card.symbol >= 0;
          emit("hit");
        }
      } else if (phase === "clear" && time >= phaseAt + 80) {
        startLevel((game.level ?? 1) + 1);
      } else if (phase === "fail" && time >= phaseAt + 80) {
        game.over = true;
      }
      for (const list of [ripples, bursts, popups])
        compact<{ at: number }>(list, (item) => time - item.at <= 50);
    },
    get view() {
      return view();
    },
    ready() {
      if (waitingFor < 0) return true;
      const card = waitingFor;
      waitingFor = -1;
      flipCard(card);
      return waitingFor < 0;
    },
    pointerDown(x, y) {
      pushCapped(ripples, { x, y, at: time }, CAPS.ripples);
      const i = cardAt(x, y);
      if (i >= 0) {
        focus = i;
        flipCard(i);
      }
    },
    keyDown(key) {
      const step = FOCUS_MOVES[key] ?? FOCUS_MOVES[key.toLowerCase()];
      if (step) {
        if (!keyboard) {
          keyboard = true;
          return;
        }
        const col = clamp((focus % cols) + step[0], 0, cols - 1);
        const row = clamp(Math.floor(focus / cols) + step[1], 0, rows - 1);
        focus = row * cols + col;
        emit("tap");
      } else if (key === "Enter" || key === " " || key === "Spacebar") {
        keyboard = true;
        flipCard(focus);
      }
    },
    autoplay(input: Input) {
      if (phase !== "play") return;
      // Remember every card that is face up right now.
      cards.forEach((card, i) => {
        if (card.flip === 1 && !card.matched) seen[i] = card.symbol;
        if (card.matched) seen[i] = null;
      });
      if (cards.some((c) => c.flip > 0 && c.flip < 1)) return;
      if (--demoWait > 0) return;
      demoWait = open.length === 1 ? 12 : 18;
      const hidden = (i: number) => !cards[i].matched && !cards[i].up;
      const unknown = demoOrder.filter(
        (i) => hidden(i) && seen[i] === null && !cards[i].matched,
      );
      let target = -1;
      const current = open.length === 1 ? open[0] : -1;
      if (current >= 0) {
        target = seen.findIndex(
          (s, i) => i !== current && s === cards[current].symbol && hidden(i),
        );
      } else {
        for (let i = 0; i < cards.length && target < 0; i++) {
          if (!hidden(i) || seen[i] === null) continue;
          if (seen.some((s, j) => j !== i && s === seen[i] && hidden(j)))
            target = i;
        }
      }
      if (target < 0)
        target = unknown[0] ?? cards.findIndex((_, i) => hidden(i));
      if (target < 0) return;
      const c = cards[target];
      input.pointerDown(c.x + cw / 2, c.y + ch / 2);
    },
  };

  startLevel(1);
  return game;
}

export type MemoryMatch = ReturnType<typeof createMemoryMatch>;

export const rules: Rules<MemoryMatch> = {
  slug: "memory-match",
  world: { width: W, height: H },
  create: createMemoryMatch,
  dealer: seedDealer,
};
