import { compact, pushCapped, room } from "../shared/bounded";
import { createRng, type Rng } from "../shared/rng";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  clamp,
} from "../shared/sim";
import { atan2, cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
export const CEILING = 52; // the ball bounces below the HUD
const COLS = 8;
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

/** Which cells of the grid hold a brick on this level: symmetric, seeded shapes. */
function layout(level: number, rng: Rng): boolean[][] {
  const rows = Math.min(5 + level, 10);
  const gentle = ["full", "scatter", "pyramid"];
  const all = [
    "full",
    "checker",
    "pyramid",
    "diamond",
    "stripes",
    "scatter",
    "columns",
    "frame",
  ];
  const kind = rng.pick(level === 1 ? gentle : all);
  const grid: boolean[][] = [];
  const density = level === 1 ? rng.range(0.75, 0.9) : rng.range(0.55, 0.85);
  for (let r = 0; r < rows; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < COLS / 2; c++) {
      const mc = COLS / 2 - 1 - c; // distance from the centre, 0..3
      let on = true;
      switch (kind) {
        case "checker":
          on = (r + c) % 2 === 0;
          break;
        case "pyramid":
          on = mc <= r - 1 || r === rows - 1;
          break;
        case "diamond": {
          const mid = (rows - 1) / 2;
          on = mc + Math.abs(r - mid) * 0.9 <= 3.4;
          break;
        }
        case "stripes":
          on = r % 2 === 0;
          break;
        case "scatter":
          on = rng.next() < density;
          break;
        case "columns":
          on = c % 2 === 1 || r === 0;
          break;
        case "frame":
          on =
            r === 0 ||
            r === rows - 1 ||
            c === 0 ||
            mc === 0 ||
            (r % 3 === 1 && c === 1);
          break;
      }
      row.push(on);
    }
    // Mirror the left half so every level looks designed.
    grid.push([...row, ...[...row].reverse()]);
  }
  const count = grid.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  if (count < 14) for (const row of grid) row.fill(true, 0, COLS);
  return grid;
}

function createBrickBreaker({ rng, emit }: SimContext) {
  const layoutSeed = rng.int(1, 2 ** 30);
  const fx = createRng(rng.int(1, 2 ** 30)); // cosmetic randomness (sparks), seeded too
  let bricks: Brick[] = [];
  let lives = LIVES;
  let speed = 0;
  let paddleW = 76;
  let paddleX = W / 2;
  let targetX = W / 2;
  let paddleSquash = 0;
  const ball = { x: W / 2, y: PADDLE_Y - BALL_R - 1, vx: 0, vy: 0 };
  let stuck = true;
  let stuckTimer = 0;
  let stuckOffset = 0;
  const trail: { x: number; y: number }[] = [];
  let combo = 0;
  let left = false;
  let right = false;
  let frame = 0;
  let levelTimer = 0;
  let shake = 0;
  let dying = -1;
  let lostFlash = 0;
  const particles: Particle[] = [];
  const popups: Popup[] = [];
  let demoTarget: Brick | null = null;
  let demoJitter = 0;

  function buildLevel() {
    const grid = layout(
      game.level ?? 1,
      createRng(layoutSeed + (game.level ?? 1) * 7919),
    );
    const tough = Math.min(0.1 * ((game.level ?? 1) - 1), 0.45);
    const levelRng = createRng(layoutSeed * 3 + (game.level ?? 1));
    bricks = [];
    grid.forEach((row, r) =>
      row.forEach((on, c) => {
        if (!on) return;
        const hp = levelRng.next() < tough ? 2 : 1;
        bricks.push({
          x: SIDE + c * (BRICK_W + GAP),
          y: BRICK_TOP + r * (BRICK_H + GAP),
          row: r,
          hp,
          maxHp: hp,
          hue: HUES[(r + (game.level ?? 1) - 1) % HUES.length],
          flash: 0,
        });
      }),
    );
    speed = Math.min(5.6 + 0.35 * ((game.level ?? 1) - 1), 9);
    paddleW = Math.max(56, 78 - 3 * ((game.level ?? 1) - 1));
    levelTimer = 0;
    resetBall();
  }

  function resetBall() {
    stuck = true;
    stuckTimer = 0;
    stuckOffset = rng.range(-10, 10);
    combo = 0;
    trail.length = 0;
  }

  function launch() {
    if (!stuck || dying >= 0) return;
    stuck = false;
    const angle =
      clamp(stuckOffset / 40, -0.5, 0.5) + (stuckOffset < 0 ? -0.2 : 0.2);
    ball.vx = sin(angle) * speed;
    ball.vy = -cos(angle) * speed;
    emit("tap");
  }

  function burst(
    x: number,
    y: number,
    color: string,
    count: number,
    power: number,
  ) {
    for (let i = room(particles, count, CAPS.particles); i > 0; i--) {
      const a = fx.range(0, Math.PI * 2);
      const s = fx.range(0.5, power);
      const max = fx.int(24, 46);
      particles.push({
        x,
        y,
        vx: cos(a) * s,
        vy: sin(a) * s - 1,
        life: max,
        max,
        size: fx.range(2, 4.5),
        color,
      });
    }
  }

  function hitBrick(brick: Brick) {
    brick.hp--;
    brick.flash = 8;
    if (brick.hp > 0) {
      emit("move");
      burst(brick.x + BRICK_W / 2, brick.y + BRICK_H / 2, "#e2e8f0", 5, 2);
      return;
    }
    bricks.splice(bricks.indexOf(brick), 1);
    combo++;
    const points = 10 + Math.min(combo - 1, 8) * 5;
    game.score += points;
    emit("score");
    burst(
      brick.x + BRICK_W / 2,
      brick.y + BRICK_H / 2,
      `hsl(${brick.hue} 90% 62%)`,
      12,
      3.2,
    );
    pushCapped(
      popups,
      { x: brick.x + BRICK_W / 2, y: brick.y, text: `+${points}`, life: 40 },
      CAPS.popups,
    );
    if (brick === demoTarget) demoTarget = null;
    if (bricks.length === 0) {
      game.score += 100 * (game.level ?? 1);
      pushCapped(
        popups,
        {
          x: W / 2,
          y: 330,
          text: `Level bonus +${100 * (game.level ?? 1)}`,
          life: 70,
        },
        CAPS.popups,
      );
      game.level = (game.level ?? 1) + 1;
      emit("level");
      buildLevel();
    }
  }

  function moveBall(dx: number, dy: number): boolean {
    ball.x += dx;
    ball.y += dy;
    if (ball.x < BALL_R) {
      ball.x = BALL_R;
      ball.vx = Math.abs(ball.vx);
    } else if (ball.x > W - BALL_R) {
      ball.x = W - BALL_R;
      ball.vx = -Math.abs(ball.vx);
    }
    if (ball.y < CEILING + BALL_R) {
      ball.y = CEILING + BALL_R;
      ball.vy = Math.abs(ball.vy);
    }
    // Paddle: the further from the centre, the steeper the bounce.
    if (
      ball.vy > 0 &&
      ball.y + BALL_R >= PADDLE_Y &&
      ball.y - BALL_R <= PADDLE_Y + PADDLE_H &&
      Math.abs(ball.x - paddleX) <= paddleW / 2 + BALL_R
    ) {
      const offset = clamp((ball.x - paddleX) / (paddleW / 2), -1, 1);
      const angle = offset * MAX_ANGLE;
      ball.vx = sin(angle) * speed;
      ball.vy = -cos(angle) * speed;
      ball.y = PADDLE_Y - BALL_R;
      combo = 0;
      paddleSquash = 8;
      emit("tap");
      demoTarget = null;
      return true;
    }
    for (const brick of bricks) {
      // Most bricks are nowhere near the ball: a box test spares them the exact one below.
      if (
        ball.x + BALL_R < brick.x ||
        ball.x - BALL_R > brick.x + BRICK_W ||
        ball.y + BALL_R < brick.y ||
        ball.y - BALL_R > brick.y + BRICK_H
      )
        continue;
      const nx = clamp(ball.x, brick.x, brick.x + BRICK_W);
      const ny = clamp(ball.y, brick.y, brick.y + BRICK_H);
      const ox = ball.x - nx;
      const oy = ball.y - ny;
      if (ox * ox + oy * oy > BALL_R * BALL_R) continue;
      if (Math.abs(ox) > Math.abs(oy)) {
        if (ox * ball.vx < 0) ball.vx = -ball.vx;
        ball.x = nx + Math.sign(ox) * BALL_R;
      } else {
        const side = oy === 0 ? -Math.sign(ball.vy) || 1 : Math.sign(oy);
        if (side * ball.vy < 0) ball.vy = -ball.vy;
        ball.y = ny + side * BALL_R;
      }
      hitBrick(brick);
      return true;
    }
    return false;
  }

  function loseLife() {
    lives--;
    shake = 14;
    lostFlash = 20;
    emit("hit");
    burst(ball.x, H - 10, "#f472b6", 18, 4);
    if (lives <= 0) {
      dying = 50;
      return;
    }
    resetBall();
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    frame,
    shake,
    lostFlash,
    lives,
    bricks,
    levelTimer,
    particles,
    paddleSquash,
    paddleW,
    paddleX,
    dying,
    trail,
    ball,
    popups,
    stuck,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    level: 1,
    update() {
      frame++;
      levelTimer++;
      if (shake > 0) shake--;
      if (lostFlash > 0) lostFlash--;
      if (paddleSquash > 0) paddleSquash--;
      for (const p of particles) {
        p.x += p.vx;
        p.y += p.vy;
        p.vy += 0.15;
        p.life--;
      }
      compact(particles, (p) => p.life > 0);
      for (const p of popups) {
        p.y -= 0.7;
        p.life--;
      }
      compact(popups, (p) => p.life > 0);
      for (const b of bricks) if (b.flash > 0) b.flash--;

      if (dying >= 0) {
        if (--dying <= 0) game.over = true;
        return;
      }

      if (left) targetX = paddleX - 9;
      if (right) targetX = paddleX + 9;
      targetX = clamp(targetX, paddleW / 2, W - paddleW / 2);
      paddleX += clamp(targetX - paddleX, -18, 18);

      if (stuck) {
        ball.x = clamp(paddleX + stuckOffset, BALL_R, W - BALL_R);
        ball.y = PADDLE_Y - BALL_R - 1;
        // Nobody launching? Go anyway, so an idle round still ends.
        if (++stuckTimer > 240) launch();
        return;
      }
      const steps = Math.ceil(speed / 2.5);
      for (let i = 0; i < steps; i++) {
        if (moveBall(ball.vx / steps, ball.vy / steps) && stuck) break;
      }
      trail.push({ x: ball.x, y: ball.y });
      if (trail.length > 10) trail.shift();
      if (!stuck && ball.y - BALL_R > H) loseLife();
    },
    get view() {
      return view();
    },
    pointerDown(x) {
      targetX = x;
      launch();
    },
    pointerMove(x) {
      targetX = x;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") left = true;
      else if (k === "arrowright" || k === "d") right = true;
      else if (k === " " || k === "arrowup" || k === "enter" || k === "w")
        launch();
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") left = false;
      else if (k === "arrowright" || k === "d") right = false;
      if (!left && !right) targetX = paddleX;
    },
    autoplay(input: Input) {
      if (dying >= 0) return;
      if (stuck) {
        if (stuckTimer > 24) input.pointerDown(paddleX, PADDLE_Y);
        return;
      }
      if (ball.vy <= 0) {
        // Drift under the ball while it is up among the bricks.
        input.pointerMove(paddleX + clamp(ball.x - paddleX, -3, 3), PADDLE_Y);
        return;
      }
      // Where will the ball reach the paddle? Fold its path between the walls.
      const t = (PADDLE_Y - BALL_R - ball.y) / ball.vy;
      const span = W - BALL_R * 2;
      let m = (ball.x - BALL_R + ball.vx * t) % (span * 2);
      if (m < 0) m += span * 2;
      const hitX = BALL_R + (m > span ? span * 2 - m : m);
      if (!demoTarget || !bricks.includes(demoTarget)) {
        const lowest = Math.max(...bricks.map((b) => b.y));
        const candidates = bricks.filter((b) => b.y >= lowest - BRICK_H);
        demoTarget = candidates.length ? fx.pick(candidates) : null;
        demoJitter = fx.range(-0.15, 0.15);
      }
      let offset = demoJitter;
      if (demoTarget) {
        const angle = atan2(
          demoTarget.x + BRICK_W / 2 - hitX,
          PADDLE_Y - demoTarget.y,
        );
        offset = clamp(angle / MAX_ANGLE + demoJitter * 0.3, -0.8, 0.8);
      }
      input.pointerMove(hitX - offset * (paddleW / 2), PADDLE_Y);
    },
  };
  buildLevel();
  return game;
}

export type BrickBreaker = ReturnType<typeof createBrickBreaker>;

export const rules: Rules<BrickBreaker> = {
  slug: "brick-breaker",
  world: { width: W, height: H },
  create: createBrickBreaker,
};
