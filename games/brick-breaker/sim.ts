import { compact, pushCapped, room } from "../shared/bounded";
import { createRng, type Rng } from "../shared/rng";
import {
  clamp,
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
} from "../shared/sim";
import { atan2, cos, sin } from "../shared/trig";
import { COLS, layout } from "./layout";

export const W = 360;
export const H = 640;
export const CEILING = 52; // the ball bounces below the HUD
const SIDE = 12;
const GAP = 4;
export const BRICK_W = (W - SIDE * 2 - GAP * (COLS - 1)) / COLS;
export const BRICK_H = 20;
const BRICK_TOP = 96;
export const PADDLE_Y = 574;
export const PADDLE_H = 14;
export const BALL_R = 7;
const MAX_ANGLE = (62 * Math.PI) / 180;
export const LIVES = 3;
/** The most of each list a round can hold, whatever its inputs (ADR 014). */
export const CAPS = {
  bricks: COLS * 10,
  particles: 200,
  popups: 12,
  trail: 10,
} as const;
const HUES = [350, 18, 42, 150, 190, 222, 268, 318];

interface Brick {
  x: number;
  y: number;
  row: number;
  hp: number;
  maxHp: number;
  hue: number;
  flash: number;
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
interface Popup {
  x: number;
  y: number;
  text: string;
  life: number;
}

interface BrickBreakerState {
  rng: Rng;
  emit: (effect: Effect) => void;
  layoutSeed: number;
  fx: Rng;
  bricks: Brick[];
  lives: number;
  speed: number;
  paddleW: number;
  paddleX: number;
  targetX: number;
  paddleSquash: number;
  ball: { x: number; y: number; vx: number; vy: number };
  stuck: boolean;
  stuckTimer: number;
  stuckOffset: number;
  trail: { x: number; y: number }[];
  combo: number;
  left: boolean;
  right: boolean;
  frame: number;
  levelTimer: number;
  shake: number;
  dying: number;
  lostFlash: number;
  particles: Particle[];
  popups: Popup[];
  demoTarget: Brick | null;
  demoJitter: number;
  score: number;
  over: boolean;
  level: number;
}

function createBrickBreakerState({ rng, emit }: SimContext): BrickBreakerState {
  const layoutSeed = rng.int(1, 2 ** 30);
  const fx = createRng(rng.int(1, 2 ** 30));
  const ball = { x: W / 2, y: PADDLE_Y - BALL_R - 1, vx: 0, vy: 0 };
  const trail: { x: number; y: number }[] = [];
  const particles: Particle[] = [];
  const popups: Popup[] = [];
  return {
    rng,
    emit,
    layoutSeed,
    fx,
    bricks: [],
    lives: LIVES,
    speed: 0,
    paddleW: 76,
    paddleX: W / 2,
    targetX: W / 2,
    paddleSquash: 0,
    ball,
    stuck: true,
    stuckTimer: 0,
    stuckOffset: 0,
    trail,
    combo: 0,
    left: false,
    right: false,
    frame: 0,
    levelTimer: 0,
    shake: 0,
    dying: -1,
    lostFlash: 0,
    particles,
    popups,
    demoTarget: null,
    demoJitter: 0,
    score: 0,
    over: false,
    level: 1,
  };
}

function buildLevel(st: BrickBreakerState) {
  const grid = layout(
    st.level ?? 1,
    createRng(st.layoutSeed + (st.level ?? 1) * 7919),
  );
  const tough = Math.min(0.1 * ((st.level ?? 1) - 1), 0.45);
  const levelRng = createRng(st.layoutSeed * 3 + (st.level ?? 1));
  st.bricks = [];
  grid.forEach((row, r) =>
    row.forEach((on, c) => {
      if (!on) return;
      const hp = levelRng.next() < tough ? 2 : 1;
      st.bricks.push({
        x: SIDE + c * (BRICK_W + GAP),
        y: BRICK_TOP + r * (BRICK_H + GAP),
        row: r,
        hp,
        maxHp: hp,
        hue: HUES[(r + (st.level ?? 1) - 1) % HUES.length],
        flash: 0,
      });
    }),
  );
  st.speed = Math.min(5.6 + 0.35 * ((st.level ?? 1) - 1), 9);
  st.paddleW = Math.max(56, 78 - 3 * ((st.level ?? 1) - 1));
  st.levelTimer = 0;
  resetBall(st);
}

function resetBall(st: BrickBreakerState) {
  st.stuck = true;
  st.stuckTimer = 0;
  st.stuckOffset = st.rng.range(-10, 10);
  st.combo = 0;
  st.trail.length = 0;
}

function launch(st: BrickBreakerState) {
  if (!st.stuck || st.dying >= 0) return;
  st.stuck = false;
  const angle =
    clamp(st.stuckOffset / 40, -0.5, 0.5) + (st.stuckOffset < 0 ? -0.2 : 0.2);
  st.ball.vx = sin(angle) * st.speed;
  st.ball.vy = -cos(angle) * st.speed;
  st.emit("tap");
}

function burst(
  st: BrickBreakerState,
  x: number,
  y: number,
  color: string,
  count: number,
  power: number,
) {
  for (let i = room(st.particles, count, CAPS.particles); i > 0; i--) {
    const a = st.fx.range(0, Math.PI * 2);
    const s = st.fx.range(0.5, power);
    const max = st.fx.int(24, 46);
    st.particles.push({
      x,
      y,
      vx: cos(a) * s,
      vy: sin(a) * s - 1,
      life: max,
      max,
      size: st.fx.range(2, 4.5),
      color,
    });
  }
}

function hitBrick(st: BrickBreakerState, brick: Brick) {
  brick.hp--;
  brick.flash = 8;
  if (brick.hp > 0) {
    st.emit("move");
    burst(st, brick.x + BRICK_W / 2, brick.y + BRICK_H / 2, "#e2e8f0", 5, 2);
    return;
  }
  st.bricks.splice(st.bricks.indexOf(brick), 1);
  st.combo++;
  const points = 10 + Math.min(st.combo - 1, 8) * 5;
  st.score += points;
  st.emit("score");
  burst(
    st,
    brick.x + BRICK_W / 2,
    brick.y + BRICK_H / 2,
    `hsl(${brick.hue} 90% 62%)`,
    12,
    3.2,
  );
  pushCapped(
    st.popups,
    { x: brick.x + BRICK_W / 2, y: brick.y, text: `+${points}`, life: 40 },
    CAPS.popups,
  );
  if (brick === st.demoTarget) st.demoTarget = null;
  if (st.bricks.length === 0) {
    st.score += 100 * (st.level ?? 1);
    pushCapped(
      st.popups,
      {
        x: W / 2,
        y: 330,
        text: `Level bonus +${100 * (st.level ?? 1)}`,
        life: 70,
      },
      CAPS.popups,
    );
    st.level = (st.level ?? 1) + 1;
    st.emit("level");
    buildLevel(st);
  }
}

function moveBall(st: BrickBreakerState, dx: number, dy: number): boolean {
  st.ball.x += dx;
  st.ball.y += dy;
  if (st.ball.x < BALL_R) {
    st.ball.x = BALL_R;
    st.ball.vx = Math.abs(st.ball.vx);
  } else if (st.ball.x > W - BALL_R) {
    st.ball.x = W - BALL_R;
    st.ball.vx = -Math.abs(st.ball.vx);
  }
  if (st.ball.y < CEILING + BALL_R) {
    st.ball.y = CEILING + BALL_R;
    st.ball.vy = Math.abs(st.ball.vy);
  }
  // Paddle: the further from the centre, the steeper the bounce.
  if (
    st.ball.vy > 0 &&
    st.ball.y + BALL_R >= PADDLE_Y &&
    st.ball.y - BALL_R <= PADDLE_Y + PADDLE_H &&
    Math.abs(st.ball.x - st.paddleX) <= st.paddleW / 2 + BALL_R
  ) {
    const offset = clamp((st.ball.x - st.paddleX) / (st.paddleW / 2), -1, 1);
    const angle = offset * MAX_ANGLE;
    st.ball.vx = sin(angle) * st.speed;
    st.ball.vy = -cos(angle) * st.speed;
    st.ball.y = PADDLE_Y - BALL_R;
    st.combo = 0;
    st.paddleSquash = 8;
    st.emit("tap");
    st.demoTarget = null;
    return true;
  }
  for (const brick of st.bricks) {
    // Most bricks are nowhere near the ball: a box test spares them the exact one below.
    if (
      st.ball.x + BALL_R < brick.x ||
      st.ball.x - BALL_R > brick.x + BRICK_W ||
      st.ball.y + BALL_R < brick.y ||
      st.ball.y - BALL_R > brick.y + BRICK_H
    )
      continue;
    const nx = clamp(st.ball.x, brick.x, brick.x + BRICK_W);
    const ny = clamp(st.ball.y, brick.y, brick.y + BRICK_H);
    const ox = st.ball.x - nx;
    const oy = st.ball.y - ny;
    if (ox * ox + oy * oy > BALL_R * BALL_R) continue;
    if (Math.abs(ox) > Math.abs(oy)) {
      if (ox * st.ball.vx < 0) st.ball.vx = -st.ball.vx;
      st.ball.x = nx + Math.sign(ox) * BALL_R;
    } else {
      const side = oy === 0 ? -Math.sign(st.ball.vy) || 1 : Math.sign(oy);
      if (side * st.ball.vy < 0) st.ball.vy = -st.ball.vy;
      st.ball.y = ny + side * BALL_R;
    }
    hitBrick(st, brick);
    return true;
  }
  return false;
}

function loseLife(st: BrickBreakerState) {
  st.lives--;
  st.shake = 14;
  st.lostFlash = 20;
  st.emit("hit");
  burst(st, st.ball.x, H - 10, "#f472b6", 18, 4);
  if (st.lives <= 0) {
    st.dying = 50;
    return;
  }
  resetBall(st);
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: BrickBreakerState) => ({
  frame: st.frame,
  shake: st.shake,
  lostFlash: st.lostFlash,
  lives: st.lives,
  bricks: st.bricks,
  levelTimer: st.levelTimer,
  particles: st.particles,
  paddleSquash: st.paddleSquash,
  paddleW: st.paddleW,
  paddleX: st.paddleX,
  dying: st.dying,
  trail: st.trail,
  ball: st.ball,
  popups: st.popups,
  stuck: st.stuck,
});

function step(st: BrickBreakerState) {
  st.frame++;
  st.levelTimer++;
  if (st.shake > 0) st.shake--;
  if (st.lostFlash > 0) st.lostFlash--;
  if (st.paddleSquash > 0) st.paddleSquash--;
  for (const p of st.particles) {
    p.x += p.vx;
    p.y += p.vy;
    p.vy += 0.15;
    p.life--;
  }
  compact(st.particles, (p) => p.life > 0);
  for (const p of st.popups) {
    p.y -= 0.7;
    p.life--;
  }
  compact(st.popups, (p) => p.life > 0);
  for (const b of st.bricks) if (b.flash > 0) b.flash--;

  if (st.dying >= 0) {
    if (--st.dying <= 0) st.over = true;
    return;
  }

  if (st.left) st.targetX = st.paddleX - 9;
  if (st.right) st.targetX = st.paddleX + 9;
  st.targetX = clamp(st.targetX, st.paddleW / 2, W - st.paddleW / 2);
  st.paddleX += clamp(st.targetX - st.paddleX, -18, 18);

  if (st.stuck) {
    st.ball.x = clamp(st.paddleX + st.stuckOffset, BALL_R, W - BALL_R);
    st.ball.y = PADDLE_Y - BALL_R - 1;
    // Nobody launching? Go anyway, so an idle round still ends.
    if (++st.stuckTimer > 240) launch(st);
    return;
  }
  const steps = Math.ceil(st.speed / 2.5);
  for (let i = 0; i < steps; i++) {
    if (moveBall(st, st.ball.vx / steps, st.ball.vy / steps) && st.stuck) break;
  }
  st.trail.push({ x: st.ball.x, y: st.ball.y });
  if (st.trail.length > 10) st.trail.shift();
  if (!st.stuck && st.ball.y - BALL_R > H) loseLife(st);
}

function demo(st: BrickBreakerState, input: Input) {
  if (st.dying >= 0) return;
  if (st.stuck) {
    if (st.stuckTimer > 24) input.pointerDown(st.paddleX, PADDLE_Y);
    return;
  }
  if (st.ball.vy <= 0) {
    // Drift under the ball while it is up among the bricks.
    input.pointerMove(
      st.paddleX + clamp(st.ball.x - st.paddleX, -3, 3),
      PADDLE_Y,
    );
    return;
  }
  // Where will the ball reach the paddle? Fold its path between the walls.
  const t = (PADDLE_Y - BALL_R - st.ball.y) / st.ball.vy;
  const span = W - BALL_R * 2;
  let m = (st.ball.x - BALL_R + st.ball.vx * t) % (span * 2);
  if (m < 0) m += span * 2;
  const hitX = BALL_R + (m > span ? span * 2 - m : m);
  if (!st.demoTarget || !st.bricks.includes(st.demoTarget)) {
    const lowest = Math.max(...st.bricks.map((b) => b.y));
    const candidates = st.bricks.filter((b) => b.y >= lowest - BRICK_H);
    st.demoTarget = candidates.length ? st.fx.pick(candidates) : null;
    st.demoJitter = st.fx.range(-0.15, 0.15);
  }
  let offset = st.demoJitter;
  if (st.demoTarget) {
    const angle = atan2(
      st.demoTarget.x + BRICK_W / 2 - hitX,
      PADDLE_Y - st.demoTarget.y,
    );
    offset = clamp(angle / MAX_ANGLE + st.demoJitter * 0.3, -0.8, 0.8);
  }
  input.pointerMove(hitX - offset * (st.paddleW / 2), PADDLE_Y);
}

function createBrickBreaker(ctx: SimContext) {
  const st = createBrickBreakerState(ctx);
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
    pointerDown(x) {
      st.targetX = x;
      launch(st);
    },
    pointerMove(x) {
      st.targetX = x;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") st.left = true;
      else if (k === "arrowright" || k === "d") st.right = true;
      else if (k === " " || k === "arrowup" || k === "enter" || k === "w")
        launch(st);
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") st.left = false;
      else if (k === "arrowright" || k === "d") st.right = false;
      if (!st.left && !st.right) st.targetX = st.paddleX;
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  buildLevel(st);
  return game;
}

export type BrickBreaker = ReturnType<typeof createBrickBreaker>;

export const rules: Rules<BrickBreaker> = {
  slug: "brick-breaker",
  world: { width: W, height: H },
  create: createBrickBreaker,
};
