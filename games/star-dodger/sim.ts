import { compact, pushCapped } from "../shared/bounded";
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
export const SHIP_Y = 566;
const SHIP_R = 13;
export const LIVES = 3;
const EDGE = 22;
/** The most of each list a round can hold, whatever its inputs (ADR 014); rocks and stars come on a timer. */
export const CAPS = {
  sky: 3,
  meteors: 48,
  stars: 12,
  particles: 200,
  popups: 12,
} as const;

interface Meteor {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  rot: number;
  vr: number;
  shape: number[];
  craters: number[];
  tone: number;
}
interface Star {
  x: number;
  y: number;
  vy: number;
  rot: number;
  big: boolean;
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
}

interface StarDodgerState {
  rng: Rng;
  emit: (effect: Effect) => void;
  fx: Rng;
  sky: { x: number; y: number; depth: number; r: number }[][];
  ship: { x: number; target: number; vel: number; tilt: number };
  lives: number;
  invulnerable: number;
  meteors: Meteor[];
  stars: Star[];
  particles: Particle[];
  popups: { x: number; y: number; text: string; life: number; color: string }[];
  frame: number;
  travelled: number;
  meteorTimer: number;
  starTimer: number;
  shake: number;
  hitFlash: number;
  dying: number;
  left: boolean;
  right: boolean;
  drag: { finger: number; ship: number } | null;
  demoFinger: number | null;
  demoGoal: number;
  score: number;
  over: boolean;
}

function createStarDodgerState({ rng, emit }: SimContext): StarDodgerState {
  const fx = createRng(rng.int(1, 2 ** 30));
  const sky = [0.25, 0.55, 1].map((depth) =>
    Array.from({ length: 26 }, () => ({
      x: fx.range(0, W),
      y: fx.range(0, H),
      depth,
      r: fx.range(0.5, 1.3) * depth + 0.3,
    })),
  );
  const ship = { x: W / 2, target: W / 2, vel: 0, tilt: 0 };
  const meteors: Meteor[] = [];
  const stars: Star[] = [];
  const particles: Particle[] = [];
  const popups: {
    x: number;
    y: number;
    text: string;
    life: number;
    color: string;
  }[] = [];
  return {
    rng,
    emit,
    fx,
    sky,
    ship,
    lives: LIVES,
    invulnerable: 0,
    meteors,
    stars,
    particles,
    popups,
    frame: 0,
    travelled: 0,
    meteorTimer: 70,
    starTimer: 30,
    shake: 0,
    hitFlash: 0,
    dying: -1,
    left: false,
    right: false,
    drag: null,
    demoFinger: null,
    demoGoal: W / 2,
    score: 0,
    over: false,
  };
}

/** Pace grows from 1 to 2.3 over the first ~70 seconds. */
const pace = (st: StarDodgerState) => 1 + Math.min(st.frame / 3200, 1.3);

function addMeteor(st: StarDodgerState, x: number, delay = 0, size?: number) {
  const r = size ?? st.rng.range(11, Math.min(24, 19 + st.frame / 600));
  const points = 9;
  st.meteors.push({
    x: clamp(x, r, W - r),
    y: -r - 10 - delay,
    vx: st.rng.range(-0.5, 0.5),
    vy: st.rng.range(2.3, 3.2) * pace(st),
    r,
    rot: st.rng.range(0, Math.PI * 2),
    vr: st.rng.range(-0.05, 0.05),
    shape: Array.from({ length: points }, () => st.fx.range(0.78, 1.08)),
    craters: Array.from({ length: 3 }, () => st.fx.range(0, Math.PI * 2)),
    tone: st.fx.range(0, 1),
  });
}

/** One spawn "beat": single rocks, pairs, a sweeping diagonal, or a wall with one gap. */
function spawnPattern(st: StarDodgerState) {
  const seconds = st.frame / 60;
  const roll = st.rng.next();
  if (seconds > 12 && roll < 0.12) {
    const gap = st.rng.range(60, W - 60);
    const size = 15;
    for (let x = size; x < W; x += size * 2 + 10)
      if (Math.abs(x - gap) > 52) addMeteor(st, x, 0, size);
    st.meteorTimer = 80;
    return;
  }
  if (seconds > 6 && roll < 0.26) {
    const fromLeft = st.rng.chance(0.5);
    for (let i = 0; i < 4; i++)
      addMeteor(st, fromLeft ? 40 + i * 70 : W - 40 - i * 70, i * 34, 13);
    st.meteorTimer = 70;
    return;
  }
  if (seconds > 8 && roll < 0.5) {
    const a = st.rng.range(20, W / 2 - 30);
    addMeteor(st, a);
    addMeteor(st, a + st.rng.range(110, 170));
  } else {
    addMeteor(st, st.rng.range(20, W - 20));
  }
  st.meteorTimer = Math.max(14, 54 - st.frame / 70) + st.rng.int(0, 12);
}

function burst(
  st: StarDodgerState,
  x: number,
  y: number,
  colors: string[],
  count: number,
  power: number,
) {
  for (let i = 0; i < count; i++) {
    const a = st.fx.range(0, Math.PI * 2);
    const s = st.fx.range(0.4, power);
    const max = st.fx.int(22, 48);
    pushCapped(
      st.particles,
      {
        x,
        y,
        vx: cos(a) * s,
        vy: sin(a) * s,
        life: max,
        max,
        size: st.fx.range(1.5, 4),
        color: st.fx.pick(colors),
      },
      CAPS.particles,
    );
  }
}

function hit(st: StarDodgerState, m: Meteor) {
  st.meteors.splice(st.meteors.indexOf(m), 1);
  st.lives--;
  st.shake = 16;
  st.hitFlash = 18;
  st.emit("hit");
  burst(st, m.x, m.y, ["#a8815e", "#ff9f43", "#ffd166"], 16, 4);
  if (st.lives <= 0) {
    st.dying = 70;
    burst(
      st,
      st.ship.x,
      SHIP_Y,
      ["#ffffff", "#7dd3fc", "#f472b6", "#ffd166"],
      40,
      5.5,
    );
    return;
  }
  st.invulnerable = 100;
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: StarDodgerState) => ({
  frame: st.frame,
  shake: st.shake,
  hitFlash: st.hitFlash,
  sky: st.sky,
  travelled: st.travelled,
  pace: pace(st),
  stars: st.stars,
  meteors: st.meteors,
  particles: st.particles,
  popups: st.popups,
  dying: st.dying,
  invulnerable: st.invulnerable,
  ship: st.ship,
  lives: st.lives,
});

function step(st: StarDodgerState) {
  st.frame++;
  const p = pace(st);
  st.travelled += p;
  if (st.shake > 0) st.shake--;
  if (st.hitFlash > 0) st.hitFlash--;
  if (st.invulnerable > 0) st.invulnerable--;
  for (const q of st.particles) {
    q.x += q.vx;
    q.y += q.vy;
    q.vx *= 0.97;
    q.vy *= 0.97;
    q.life--;
  }
  compact(st.particles, (q) => q.life > 0);
  for (const q of st.popups) {
    q.y -= 0.8;
    q.life--;
  }
  while (st.popups.length && st.popups[0].life <= 0) st.popups.shift();

  // Rocks and stars keep falling, even while the ship breaks apart.
  for (const m of st.meteors) {
    m.x += m.vx;
    m.y += m.vy;
    m.rot += m.vr;
  }
  compact(st.meteors, (m) => m.y - m.r <= H + 10);
  for (const s of st.stars) {
    s.y += s.vy;
    s.rot += 0.04;
  }
  compact(st.stars, (s) => s.y <= H + 20);

  if (st.dying >= 0) {
    if (--st.dying <= 0) st.over = true;
    return;
  }

  if (--st.meteorTimer <= 0) spawnPattern(st);
  if (--st.starTimer <= 0) {
    const big = st.rng.chance(0.1);
    st.stars.push({
      x: st.rng.range(24, W - 24),
      y: -20,
      vy: st.rng.range(2, 2.6) * Math.min(p, 1.8),
      rot: 0,
      big,
    });
    st.starTimer = st.rng.int(36, 70);
  }

  // Ship: arrow keys steer with momentum; dragging moves it with the finger.
  const before = st.ship.x;
  if (st.left || st.right) {
    st.ship.vel = clamp(
      st.ship.vel + (st.right ? 1 : 0) - (st.left ? 1 : 0),
      -7.5,
      7.5,
    );
    st.ship.x += st.ship.vel;
    st.ship.target = st.ship.x;
  } else {
    st.ship.vel = 0;
    st.ship.x += clamp(st.ship.target - st.ship.x, -14, 14);
  }
  st.ship.x = clamp(st.ship.x, EDGE, W - EDGE);
  st.ship.target = clamp(st.ship.target, EDGE, W - EDGE);
  st.ship.tilt += (clamp((st.ship.x - before) / 8, -1, 1) - st.ship.tilt) * 0.2;

  for (let i = st.stars.length - 1; i >= 0; i--) {
    const s = st.stars[i];
    const dx = s.x - st.ship.x;
    const dy = s.y - SHIP_Y;
    const reach = s.big ? 30 : 26;
    if (dx * dx + dy * dy < reach * reach) {
      st.stars.splice(i, 1);
      const points = s.big ? 5 : 1;
      st.score += points;
      st.emit(s.big ? "level" : "score");
      burst(
        st,
        s.x,
        s.y,
        s.big
          ? ["#f9a8d4", "#ffffff", "#f472b6"]
          : ["#fde68a", "#ffffff", "#facc15"],
        s.big ? 18 : 10,
        3,
      );
      pushCapped(
        st.popups,
        {
          x: s.x,
          y: s.y - 16,
          text: `+${points}`,
          life: 40,
          color: s.big ? "#f9a8d4" : "#fde68a",
        },
        CAPS.popups,
      );
    }
  }
  if (st.invulnerable === 0) {
    for (const m of st.meteors) {
      const dx = m.x - st.ship.x;
      const dy = m.y - SHIP_Y;
      const reach = m.r * 0.82 + SHIP_R;
      if (dx * dx + dy * dy < reach * reach) {
        hit(st, m);
        break;
      }
    }
  }
}

function demo(st: StarDodgerState, input: Input) {
  if (st.dying >= 0) return;
  if (st.demoFinger === null) {
    st.demoFinger = st.ship.x;
    input.pointerDown(st.demoFinger, 600);
  }
  // Score each lane by the rocks the ship would meet on its way there, minus the stars it would catch.
  const cost = (goal: number) => {
    let x = st.ship.x;
    let danger = Math.abs(goal - st.ship.x) * 0.03;
    for (let k = 1; k <= 50; k++) {
      x += clamp(goal - x, -6.5, 6.5);
      for (const m of st.meteors) {
        const my = m.y + m.vy * k;
        const reach = m.r * 0.82 + SHIP_R + 9;
        if (Math.abs(my - SHIP_Y) > reach) continue;
        if (Math.abs(m.x + m.vx * k - x) < reach) danger += 1000 / (k + 4);
      }
    }
    for (const s of st.stars) {
      const k = (SHIP_Y - s.y) / s.vy;
      if (k < 0 || k > 70) continue;
      const reachable = Math.abs(s.x - st.ship.x) < 6.5 * k + 20;
      if (reachable && Math.abs(s.x - goal) < 18)
        danger -= (s.big ? 9 : 4) * (30 / (k + 10));
    }
    return danger;
  };
  let best = st.demoGoal;
  let bestCost = cost(st.demoGoal) - 0.5;
  for (let goal = EDGE; goal <= W - EDGE; goal += 12) {
    const c = cost(goal);
    if (c < bestCost) {
      bestCost = c;
      best = goal;
    }
  }
  for (const s of st.stars) {
    const c = cost(clamp(s.x, EDGE, W - EDGE));
    if (c < bestCost) {
      bestCost = c;
      best = clamp(s.x, EDGE, W - EDGE);
    }
  }
  st.demoGoal = best;
  // Slide the virtual finger so the ship's target glides towards the goal.
  const next = st.ship.target + clamp(st.demoGoal - st.ship.target, -7, 7);
  if (st.drag) st.demoFinger = st.drag.finger + (next - st.drag.ship) / 1.15;
  input.pointerMove(st.demoFinger, 600);
}

function createStarDodger(ctx: SimContext) {
  const st = createStarDodgerState(ctx);
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
    pointerDown(x) {
      st.drag = { finger: x, ship: st.ship.x };
    },
    pointerMove(x) {
      if (st.drag) st.ship.target = st.drag.ship + (x - st.drag.finger) * 1.15;
    },
    pointerUp() {
      st.drag = null;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") st.left = true;
      if (k === "arrowright" || k === "d") st.right = true;
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") st.left = false;
      if (k === "arrowright" || k === "d") st.right = false;
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  for (const y of [330, 150])
    st.stars.push({
      x: st.rng.range(60, W - 60),
      y,
      vy: 2.3,
      rot: 0,
      big: false,
    });
  return game;
}

export type StarDodger = ReturnType<typeof createStarDodger>;

export const rules: Rules<StarDodger> = {
  slug: "star-dodger",
  world: { width: W, height: H },
  create: createStarDodger,
};
