import { compact, room } from "../shared/bounded";
import { createRng, type Rng } from "../shared/rng";
import {
  clamp,
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
export const GROUND = 574;
export const BIRD_X = 104;
export const BIRD_R = 15;
const HIT_R = 11;
export const PILLAR_W = 64;
const SPACING = 212;
const GRAVITY = 0.4;
const HOP = -7.2;
const MAX_FALL = 9.5;
const SKY_TOP = 70; // gaps stay clear of the HUD

/** The most of each list a round can hold, whatever its inputs (ADR 014): hops make particles, points popups. */
export const CAPS = {
  particles: 120,
  popups: 8,
  pillars: 4,
  clouds: 7,
  starsBg: 40,
} as const;

const PILLAR_HUES = [168, 12, 262, 198, 336];

interface Pillar {
  x: number;
  gapY: number;
  gap: number;
  hue: number;
  scored: boolean;
}
interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  max: number;
  size: number;
  color: string;
  gravity: number;
}

interface SkyHopperState {
  rng: Rng;
  emit: (effect: Effect) => void;
  fx: Rng;
  clouds: { x: number; y: number; s: number }[];
  starsBg: { x: number; y: number; r: number }[];
  state: "ready" | "play" | "dead";
  bird: { y: number; vy: number; rot: number };
  pillars: Pillar[];
  scroll: number;
  frame: number;
  readyTimer: number;
  deadTimer: number;
  flash: number;
  shake: number;
  flapAnim: number;
  lastGapY: number;
  pillarCount: number;
  skyPhase: number;
  particles: Particle[];
  popups: { x: number; y: number; life: number }[];
  score: number;
  over: boolean;
}

function createSkyHopperState({ rng, emit }: SimContext): SkyHopperState {
  const fx = createRng(rng.int(1, 2 ** 30));
  const clouds = Array.from({ length: 7 }, (_, i) => ({
    x: i * 80 + fx.range(0, 60),
    y: fx.range(80, 300),
    s: fx.range(0.6, 1.2),
  }));
  const starsBg = Array.from({ length: 40 }, () => ({
    x: fx.range(0, W),
    y: fx.range(0, 420),
    r: fx.range(0.6, 1.8),
  }));
  const bird = { y: 300, vy: 0, rot: 0 };
  const pillars: Pillar[] = [];
  const particles: Particle[] = [];
  const popups: { x: number; y: number; life: number }[] = [];
  return {
    rng,
    emit,
    fx,
    clouds,
    starsBg,
    state: "ready",
    bird,
    pillars,
    scroll: 0,
    frame: 0,
    readyTimer: 0,
    deadTimer: 0,
    flash: 0,
    shake: 0,
    flapAnim: 0,
    lastGapY: 320,
    pillarCount: 0,
    skyPhase: 0,
    particles,
    popups,
    score: 0,
    over: false,
  };
}

const speed = (st: SkyHopperState) => 2.5 + Math.min(st.score * 0.025, 1);

const gapSize = (st: SkyHopperState) => Math.max(128, 160 - st.score * 1.2);

function addPillar(st: SkyHopperState, x: number) {
  const gap = gapSize(st);
  const lo = SKY_TOP + gap / 2;
  const hi = GROUND - 46 - gap / 2;
  // Big climbs get smaller as the pace rises, so every gap stays reachable.
  const reach = 165 - (speed(st) - 2.5) * 55;
  const gapY = clamp(st.lastGapY + st.rng.range(-reach, reach), lo, hi);
  st.lastGapY = gapY;
  st.pillars.push({
    x,
    gapY,
    gap,
    hue: PILLAR_HUES[st.pillarCount++ % PILLAR_HUES.length],
    scored: false,
  });
}

function puff(
  st: SkyHopperState,
  x: number,
  y: number,
  count: number,
  color: string,
  power: number,
  gravity: number,
) {
  for (let i = room(st.particles, count, CAPS.particles); i > 0; i--) {
    const a = st.fx.range(0, Math.PI * 2);
    const s = st.fx.range(0.3, power);
    const max = st.fx.int(20, 40);
    st.particles.push({
      x,
      y,
      vx: cos(a) * s - 1,
      vy: sin(a) * s,
      life: max,
      max,
      size: st.fx.range(2, 5),
      color,
      gravity,
    });
  }
}

function hop(st: SkyHopperState) {
  if (st.state === "dead") return;
  if (st.state === "ready") {
    st.state = "play";
    addPillar(st, W + 24);
  }
  st.bird.vy = HOP;
  st.flapAnim = 14;
  st.emit("tap");
  puff(st, BIRD_X - 10, st.bird.y + 8, 4, "rgba(255,255,255,0.9)", 1.2, 0);
}

function die(st: SkyHopperState) {
  if (st.state === "dead") return;
  st.state = "dead";
  st.flash = 14;
  st.shake = 12;
  st.emit("hit");
  puff(st, BIRD_X, st.bird.y, 14, "#ffd43b", 3.5, 0.12);
  puff(st, BIRD_X, st.bird.y, 6, "#ffffff", 2.5, 0.12);
}

function collides(st: SkyHopperState, p: Pillar) {
  const cx = clamp(BIRD_X, p.x, p.x + PILLAR_W);
  const top = p.gapY - p.gap / 2;
  const bottom = p.gapY + p.gap / 2;
  for (const [y0, y1] of [
    [-200, top],
    [bottom, GROUND],
  ]) {
    const cy = clamp(st.bird.y, y0, y1);
    const dx = BIRD_X - cx;
    const dy = st.bird.y - cy;
    if (dx * dx + dy * dy < HIT_R * HIT_R) return true;
  }
  return false;
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: SkyHopperState) => ({
  frame: st.frame,
  shake: st.shake,
  skyPhase: st.skyPhase,
  starsBg: st.starsBg,
  clouds: st.clouds,
  scroll: st.scroll,
  pillars: st.pillars,
  particles: st.particles,
  bird: st.bird,
  state: st.state,
  flapAnim: st.flapAnim,
  popups: st.popups,
  flash: st.flash,
});

function step(st: SkyHopperState) {
  st.frame++;
  if (st.flash > 0) st.flash--;
  if (st.shake > 0) st.shake--;
  if (st.flapAnim > 0) st.flapAnim--;
  for (const p of st.particles) {
    p.x += p.vx;
    p.y += p.vy;
    p.vy += p.gravity;
    p.life--;
  }
  compact(st.particles, (p) => p.life > 0);
  for (const p of st.popups) {
    p.y -= 0.8;
    p.life--;
  }
  while (st.popups.length && st.popups[0].life <= 0) st.popups.shift();
  st.skyPhase += (Math.floor(st.score / 10) - st.skyPhase) * 0.02;

  if (st.state === "ready") {
    st.scroll += 2;
    st.bird.y = 300 + sin(st.frame * 0.08) * 8;
    st.bird.rot = 0;
    // Nobody playing? After a while gravity starts anyway, so an idle round ends.
    if (++st.readyTimer > 360) {
      st.state = "play";
      addPillar(st, W + 70);
    }
    return;
  }
  if (st.state === "dead") {
    st.deadTimer++;
    if (st.bird.y + BIRD_R < GROUND) {
      st.bird.vy = Math.min(st.bird.vy + GRAVITY * 1.3, MAX_FALL + 2);
      st.bird.y = Math.min(st.bird.y + st.bird.vy, GROUND - BIRD_R);
    }
    st.bird.rot += (1.5 - st.bird.rot) * 0.15;
    if (st.deadTimer > 55) st.over = true;
    return;
  }

  const v = speed(st);
  st.scroll += v;
  st.bird.vy = Math.min(st.bird.vy + GRAVITY, MAX_FALL);
  st.bird.y += st.bird.vy;
  if (st.bird.y < BIRD_R) {
    st.bird.y = BIRD_R;
    st.bird.vy = 0;
  }
  st.bird.rot += (clamp(st.bird.vy * 0.085, -0.45, 1.25) - st.bird.rot) * 0.25;

  for (const p of st.pillars) {
    p.x -= v;
    if (!p.scored && p.x + PILLAR_W / 2 < BIRD_X) {
      p.scored = true;
      st.score++;
      st.emit("score");
      if (st.popups.length < CAPS.popups)
        st.popups.push({ x: BIRD_X + 26, y: st.bird.y - 30, life: 36 });
      puff(st, p.x + PILLAR_W / 2, p.gapY, 8, `hsl(${p.hue} 90% 75%)`, 2.2, 0);
    }
  }
  while (st.pillars.length && st.pillars[0].x < -PILLAR_W - 10)
    st.pillars.shift();
  const last = st.pillars[st.pillars.length - 1];
  if (last && last.x < W + 20 - SPACING + PILLAR_W)
    addPillar(st, last.x + SPACING);

  if (st.bird.y + HIT_R >= GROUND) {
    st.bird.y = GROUND - HIT_R;
    die(st);
    return;
  }
  if (st.pillars.some((p) => collides(st, p))) die(st);
}

function onKeyDown(st: SkyHopperState, key: string) {
  if (
    key === " " ||
    key === "ArrowUp" ||
    key === "w" ||
    key === "W" ||
    key === "Enter"
  )
    hop(st);
}

function demo(st: SkyHopperState, input: Input) {
  if (st.state === "dead") return;
  if (st.state === "ready") {
    if (st.frame > 20) input.pointerDown(BIRD_X, st.bird.y);
    return;
  }
  // Aim a little below the middle of the next gap and hop when falling past it, checking a
  // short look-ahead so a hop never carries the bird into a pillar.
  const next = st.pillars.find((p) => p.x + PILLAR_W > BIRD_X - HIT_R);
  const target = next ? next.gapY + next.gap * 0.16 : 330;
  const v = speed(st);
  const crashes = (vy0: number, frames: number, upperOnly = false) => {
    let y = st.bird.y;
    let vy = vy0;
    for (let f = 1; f <= frames; f++) {
      vy = Math.min(vy + GRAVITY, MAX_FALL);
      y = Math.max(y + vy, BIRD_R);
      if (y + HIT_R >= GROUND && !upperOnly) return true;
      for (const p of st.pillars) {
        const x = p.x - v * f;
        if (x > BIRD_X + HIT_R || x + PILLAR_W < BIRD_X - HIT_R) continue;
        if (
          y - HIT_R < p.gapY - p.gap / 2 ||
          (!upperOnly && y + HIT_R > p.gapY + p.gap / 2)
        )
          return true;
      }
    }
    return false;
  };
  const hopSafe = !crashes(HOP, 30, true);
  const falling = crashes(st.bird.vy, 16);
  if (
    (hopSafe && (falling || (st.bird.y > target && st.bird.vy > -1))) ||
    (!hopSafe && crashes(st.bird.vy, 4))
  )
    input.pointerDown(BIRD_X, st.bird.y);
}

function createSkyHopper(ctx: SimContext) {
  const st = createSkyHopperState(ctx);
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
    pointerDown() {
      hop(st);
    },
    keyDown(key) {
      onKeyDown(st, key);
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  return game;
}

export type SkyHopper = ReturnType<typeof createSkyHopper>;

export const rules: Rules<SkyHopper> = {
  slug: "sky-hopper",
  world: { width: W, height: H },
  create: createSkyHopper,
};
