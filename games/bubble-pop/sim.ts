import { compact, pushCapped } from "../shared/bounded";
import type { Rng } from "../shared/rng";
import {
  clamp,
  type Effect as SimEffect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
export const SURFACE = 86; // a bubble whose centre rises past this line escapes
export const LIVES = 3;
export const COLORS = [
  { fill: "#ff5fa2", light: "#ffc2dc", dark: "#b0245f" },
  { fill: "#ffd23f", light: "#fff1b8", dark: "#b98a00" },
  { fill: "#3ddcff", light: "#c4f5ff", dark: "#0f8aa8" },
  { fill: "#8ef05a", light: "#dcffc8", dark: "#3f9a17" },
  { fill: "#a77bff", light: "#e2d6ff", dark: "#6133c9" },
];
const CURSOR_SPEED = 5.5;
/**
 * The most of each list a round can hold, whatever its inputs (ADR 014). Bubbles and groups are bounded by the spawn
 * rate and the rise (about 150 bubbles at most); pops only turn bubbles into effects and popups.
 */
export const CAPS = {
  bubbles: 200,
  effects: 200,
  popups: 16,
} as const;

/**
 * Length of (dx, dy). Math.sqrt is exactly rounded in every engine, unlike Math.hypot, so a round
 * replays on the server to the very positions the player's browser had; it is also far quicker.
 */
const distance = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);

interface Group {
  baseX: number;
  /** How far the group's bubbles reach left and right of baseX. */
  minX: number;
  maxX: number;
  y: number;
  speed: number;
  wobble: number;
  phase: number;
  /** This step's sideways sway, the same for every bubble of the group. */
  sway: number;
  /** Bubbles still in the group (popping ones included). */
  members: number;
}

interface Bubble {
  group: Group;
  /** Offset inside the group. */
  ox: number;
  oy: number;
  r: number;
  color: number;
  x: number;
  y: number;
  /** Set when popped: the step it bursts (chains burst one ring at a time). */
  popAt: number;
}

interface Effect {
  x: number;
  y: number;
  r: number;
  color: string;
  at: number;
  kind: "pop" | "escape";
}

interface BubblePopState {
  rng: Rng;
  emit: (effect: SimEffect) => void;
  bubbles: Bubble[];
  groups: Group[];
  effects: Effect[];
  popups: { text: string; x: number; y: number; at: number; big: boolean }[];
  time: number;
  lives: number;
  nextSpawn: number;
  hurtAt: number;
  endAt: number;
  popped: number;
  bestChain: number;
  cursor: { x: number; y: number };
  held: { left: boolean; right: boolean; up: boolean; down: boolean };
  showCursor: boolean;
  aim: { x: number; y: number; target: Bubble | null };
  demoRest: number;
  /** For each bubble, the run of its group's bubbles it belongs to: where the run ends, and its box. */
  runs: {
    end: number;
    left: number;
    right: number;
    top: number;
    bottom: number;
  }[];
  score: number;
  over: boolean;
}

function createBubblePopState({ rng, emit }: SimContext): BubblePopState {
  return {
    rng,
    emit,
    bubbles: [],
    groups: [],
    effects: [],
    popups: [],
    time: 0,
    lives: LIVES,
    nextSpawn: 0,
    hurtAt: -100,
    endAt: -1,
    popped: 0,
    bestChain: 0,
    cursor: { x: W / 2, y: 420 },
    held: { left: false, right: false, up: false, down: false },
    showCursor: false,
    aim: { x: W / 2, y: 460, target: null },
    demoRest: 0,
    runs: [],
    score: 0,
    over: false,
  };
}

const seconds = (st: BubblePopState) => st.time / 60;

const riseSpeed = (st: BubblePopState) =>
  Math.min(2.4, 0.72 + seconds(st) * 0.02);

// world units per step
const colorCount = (st: BubblePopState) => (seconds(st) < 35 ? 4 : 5);

function spawnGroup(st: BubblePopState, startY?: number) {
  const count =
    1 + st.rng.int(1, Math.min(4, 2 + Math.floor(seconds(st) / 15)));
  const members: { ox: number; oy: number; r: number; color: number }[] = [];
  for (let k = 0; k < count; k++) {
    const r = st.rng.range(19, 27);
    if (!k) {
      members.push({
        ox: 0,
        oy: 0,
        r,
        color: st.rng.int(0, colorCount(st) - 1),
      });
      continue;
    }
    // Attach to an earlier bubble, touching it, without overlapping the others.
    for (let tries = 0; tries < 12; tries++) {
      const host = members[st.rng.int(0, members.length - 1)];
      const angle = st.rng.range(0, Math.PI * 2);
      const ox = host.ox + cos(angle) * (host.r + r);
      const oy = host.oy + sin(angle) * (host.r + r);
      if (Math.abs(ox) > 70) continue;
      if (members.some((m) => distance(m.ox - ox, m.oy - oy) < m.r + r - 1))
        continue;
      const color = st.rng.chance(0.45)
        ? host.color
        : st.rng.int(0, colorCount(st) - 1);
      members.push({ ox, oy, r, color });
      break;
    }
  }
  const minX = Math.min(...members.map((m) => m.ox - m.r));
  const maxX = Math.max(...members.map((m) => m.ox + m.r));
  const minY = Math.min(...members.map((m) => m.oy - m.r));
  const wobble = st.rng.range(4, 12);
  const baseX = st.rng.range(10 + wobble - minX, W - 10 - wobble - maxX);
  const group: Group = {
    baseX,
    minX,
    maxX,
    y: startY ?? H + 6 - minY,
    speed: st.rng.range(0.92, 1.08),
    wobble,
    phase: st.rng.range(0, Math.PI * 2),
    sway: 0,
    members: 0,
  };
  st.groups.push(group);
  for (const m of members)
    st.bubbles.push({
      group,
      ...m,
      x: baseX + m.ox,
      y: group.y + m.oy,
      popAt: -1,
    });
}

function place(b: Bubble) {
  const g = b.group;
  b.x = g.baseX + b.ox + g.sway;
  b.y = g.y + b.oy;
}

const live = (b: Bubble) => b.popAt < 0;

/** Clusters that drift into each other nudge apart instead of overlapping. */
function separate(st: BubblePopState) {
  // A group's bubbles sit next to each other in `bubbles`: one box around each such run lets a bubble
  // skip a whole cluster it cannot touch. Pairs are still met in the same order, so the nudges add up
  // to the same numbers as a loop over every pair.
  const n = st.bubbles.length;
  while (st.runs.length < n)
    st.runs.push({ end: 0, left: 0, right: 0, top: 0, bottom: 0 });
  for (let start = 0; start < n;) {
    const group = st.bubbles[start].group;
    let end = start;
    let left = Infinity;
    let right = -Infinity;
    let top = Infinity;
    let bottom = -Infinity;
    for (; end < n && st.bubbles[end].group === group; end++) {
      const b = st.bubbles[end];
      if (!live(b)) continue;
      left = Math.min(left, b.x - b.r);
      right = Math.max(right, b.x + b.r);
      top = Math.min(top, b.y - b.r);
      bottom = Math.max(bottom, b.y + b.r);
    }
    for (let k = start; k < end; k++) {
      const box = st.runs[k];
      box.end = end;
      box.left = left;
      box.right = right;
      box.top = top;
      box.bottom = bottom;
    }
    start = end;
  }
  for (let i = 0; i < n; i++) {
    const a = st.bubbles[i];
    if (!live(a)) continue;
    for (let j = i + 1; j < n; j++) {
      const box = st.runs[j];
      if (
        box.left >= a.x + a.r ||
        box.right <= a.x - a.r ||
        box.top >= a.y + a.r ||
        box.bottom <= a.y - a.r
      ) {
        j = box.end - 1;
        continue;
      }
      const b = st.bubbles[j];
      if (b.group === a.group || !live(b)) continue;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const reach = a.r + b.r;
      const squared = dx * dx + dy * dy;
      if (squared >= reach * reach) continue;
      const d = Math.sqrt(squared) || 1;
      const push = Math.min(reach - d, 3) * 0.5;
      const nx = dx / d;
      const ny = dy / d;
      a.group.baseX -= nx * push;
      a.group.y -= ny * push;
      b.group.baseX += nx * push;
      b.group.y += ny * push;
    }
  }
  for (const g of st.groups)
    g.baseX = clamp(g.baseX, 6 + g.wobble - g.minX, W - 6 - g.wobble - g.maxX);
}

function bubbleAt(
  st: BubblePopState,
  x: number,
  y: number,
  reach: number,
): Bubble | null {
  let best: Bubble | null = null;
  let bestD = Infinity;
  for (const b of st.bubbles) {
    if (!live(b)) continue;
    const d = distance(b.x - x, b.y - y) - b.r;
    if (d < reach && d < bestD) {
      bestD = d;
      best = b;
    }
  }
  return best;
}

/** The bubble and every same-coloured bubble touching it, in rings outward. */
function cluster(st: BubblePopState, start: Bubble): Bubble[][] {
  const rings: Bubble[][] = [[start]];
  const taken = new Set([start]);
  for (;;) {
    const ring: Bubble[] = [];
    for (const a of rings[rings.length - 1]) {
      for (const b of st.bubbles) {
        if (taken.has(b) || !live(b) || b.color !== start.color) continue;
        if (distance(a.x - b.x, a.y - b.y) <= a.r + b.r + 4) {
          taken.add(b);
          ring.push(b);
        }
      }
    }
    if (!ring.length) return rings;
    rings.push(ring);
  }
}

function popAt(st: BubblePopState, x: number, y: number, reach: number) {
  if (st.endAt >= 0) return;
  const hit = bubbleAt(st, x, y, reach);
  if (!hit) return;
  const rings = cluster(st, hit);
  let n = 0;
  rings.forEach((ring, depth) => {
    for (const b of ring) {
      b.popAt = st.time + depth * 4;
      n++;
    }
  });
  const gained = 10 * n * n;
  st.score += gained;
  st.popped += n;
  st.bestChain = Math.max(st.bestChain, n);
  pushCapped(
    st.popups,
    {
      text: n > 1 ? `+${gained}  chain ×${n}` : `+${gained}`,
      x: hit.x,
      y: hit.y - hit.r,
      at: st.time,
      big: n > 2,
    },
    CAPS.popups,
  );
  st.emit(n > 1 ? "score" : "tap");
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: BubblePopState) => ({
  time: st.time,
  lives: st.lives,
  hurtAt: st.hurtAt,
  endAt: st.endAt,
  popped: st.popped,
  bestChain: st.bestChain,
  bubbles: st.bubbles,
  effects: st.effects,
  popups: st.popups,
  cursor: st.cursor,
  showCursor: st.showCursor,
  /** Where the demo player's finger is (drawn in promo videos). */
  aim: st.aim,
});

function step(st: BubblePopState) {
  st.time++;
  if (st.endAt >= 0) {
    if (st.time - st.endAt > 50) st.over = true;
  } else if (st.time >= st.nextSpawn) {
    spawnGroup(st);
    st.nextSpawn = st.time + Math.max(26, Math.round(52 - seconds(st) * 0.45));
  }
  const speed = st.endAt >= 0 ? 0 : riseSpeed(st);
  for (const g of st.groups) {
    g.y -= speed * g.speed;
    g.sway = sin(st.time * 0.03 + g.phase) * g.wobble;
  }
  for (const b of st.bubbles) if (live(b)) place(b);
  separate(st);

  // Keyboard cursor.
  const dx = Number(st.held.right) - Number(st.held.left);
  const dy = Number(st.held.down) - Number(st.held.up);
  st.cursor.x = clamp(st.cursor.x + dx * CURSOR_SPEED, 10, W - 10);
  st.cursor.y = clamp(st.cursor.y + dy * CURSOR_SPEED, SURFACE, H - 10);

  const remaining: Bubble[] = [];
  for (const b of st.bubbles) {
    if (!live(b)) {
      if (st.time >= b.popAt) {
        pushCapped(
          st.effects,
          {
            x: b.x,
            y: b.y,
            r: b.r,
            color: COLORS[b.color].fill,
            at: st.time,
            kind: "pop",
          },
          CAPS.effects,
        );
        continue;
      }
    } else if (b.y < SURFACE) {
      pushCapped(
        st.effects,
        {
          x: b.x,
          y: b.y,
          r: b.r,
          color: COLORS[b.color].fill,
          at: st.time,
          kind: "escape",
        },
        CAPS.effects,
      );
      if (st.endAt < 0) {
        st.lives--;
        st.hurtAt = st.time;
        st.emit("hit");
        if (st.lives <= 0) st.endAt = st.time;
      }
      continue;
    }
    remaining.push(b);
  }
  st.bubbles = remaining;
  for (const g of st.groups) g.members = 0;
  for (const b of st.bubbles) b.group.members++;
  compact(st.groups, (g) => g.members > 0);
  compact(st.effects, (e) => st.time - e.at <= 24);
  compact(st.popups, (p) => st.time - p.at <= 50);
}

function onKeyDown(st: BubblePopState, key: string) {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (k === "ArrowLeft" || k === "a") st.held.left = true;
  else if (k === "ArrowRight" || k === "d") st.held.right = true;
  else if (k === "ArrowUp" || k === "w") st.held.up = true;
  else if (k === "ArrowDown" || k === "s") st.held.down = true;
  else if (k === " " || k === "Spacebar" || k === "Enter") {
    if (st.showCursor) popAt(st, st.cursor.x, st.cursor.y, 14);
  } else return;
  st.showCursor = true;
}

function demo(st: BubblePopState, input: Input) {
  if (st.endAt >= 0) return;
  // Pick a target: save anything close to the surface first, else the biggest same-colour cluster.
  if (st.demoRest > 0) st.demoRest--;
  if (
    !st.aim.target ||
    !live(st.aim.target) ||
    !st.bubbles.includes(st.aim.target)
  ) {
    st.aim.target = null;
    let best: Bubble | null = null;
    let bestScore = -Infinity;
    for (const b of st.bubbles) {
      // Let bubbles rise into view before going for them, unless they are getting close to the surface.
      if (!live(b) || b.y > 470) continue;
      const size = cluster(st, b).reduce((n, ring) => n + ring.length, 0);
      if (size < 2 && b.y > 300) continue;
      const urgency = b.y < 250 ? (250 - b.y) * 4 : 0;
      const reach = distance(b.x - st.aim.x, b.y - st.aim.y) * 0.15;
      const score = size * size * 12 + urgency - reach;
      if (score > bestScore) {
        bestScore = score;
        best = b;
      }
    }
    st.aim.target = best;
  }
  const t = st.aim.target;
  if (!t) return;
  const dx = t.x - st.aim.x;
  const dy = t.y - st.aim.y;
  const d = distance(dx, dy);
  const stepLength = Math.min(d, 9 + d * 0.12);
  if (d > 0) {
    st.aim.x += (dx / d) * stepLength;
    st.aim.y += (dy / d) * stepLength;
  }
  if (
    distance(t.x - st.aim.x, t.y - st.aim.y) < t.r * 0.5 &&
    (st.demoRest === 0 || t.y < 200)
  ) {
    input.pointerDown(st.aim.x, st.aim.y);
    st.aim.target = null;
    st.demoRest = 14;
  }
}

function createBubblePop(ctx: SimContext) {
  const st = createBubblePopState(ctx);
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
    pointerDown(x, y) {
      popAt(st, x, y, 10);
    },
    keyDown(key) {
      onKeyDown(st, key);
    },
    keyUp(key) {
      const k = key.length === 1 ? key.toLowerCase() : key;
      if (k === "ArrowLeft" || k === "a") st.held.left = false;
      else if (k === "ArrowRight" || k === "d") st.held.right = false;
      else if (k === "ArrowUp" || k === "w") st.held.up = false;
      else if (k === "ArrowDown" || k === "s") st.held.down = false;
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  for (const y of [330, 440, 550, 650]) spawnGroup(st, y);
  st.nextSpawn = 40;
  return game;
}

export type BubblePop = ReturnType<typeof createBubblePop>;

export const rules: Rules<BubblePop> = {
  slug: "bubble-pop",
  world: { width: W, height: H },
  create: createBubblePop,
};
