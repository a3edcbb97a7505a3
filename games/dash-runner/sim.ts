import { pushCapped } from "../shared/bounded";
import type { Rng } from "../shared/rng";
import {
  type Effect,
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  STEP,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";
import {
  BASE_SPEED,
  H,
  MAX_SPEED,
  speedAt,
  type Coin,
  type Course,
  CRATE,
  generate,
  GROUND,
  type Obstacle,
} from "./course";

export { BASE_SPEED, CRATE, GROUND, H, MAX_SPEED, type Obstacle };

export const W = 360;
const RUNNER_X = 86;
const GRAVITY = 2300;
const JUMP_V = 820;
const DOUBLE_V = 700;
export const UNITS_PER_METRE = 20;
/**
 * The most of each list a round can hold, whatever its inputs (ADR 014). Track pieces are laid out only a screen
 * ahead; a full list skips new particles and popups but still draws their randomness, so the track stays the same.
 */
export const CAPS = {
  obstacles: 24,
  coins: 64,
  particles: 160,
  popups: 12,
} as const;
const COIN_POINTS = 5;

export interface Body {
  y: number;
  vy: number;
  ground: boolean;
  airJumps: number;
  falling: boolean;
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
  t: number;
  big: boolean;
}

interface DashRunnerState extends Course {
  rng: Rng;
  emit: (effect: Effect) => void;
  dist: number;
  frame: number;
  body: Body;
  obstacles: Obstacle[];
  coins: Coin[];
  particles: Particle[];
  popups: Popup[];
  nextX: number;
  coinCount: number;
  jumpBuffer: number;
  dying: number;
  deathSpin: number;
  deathX: number;
  landSquash: number;
  lastMilestone: number;
  plannedPress: number;
  score: number;
  over: boolean;
}

function createDashRunnerState({ rng, emit }: SimContext): DashRunnerState {
  const body: Body = {
    y: GROUND,
    vy: 0,
    ground: true,
    airJumps: 1,
    falling: false,
  };
  return {
    rng,
    emit,
    dist: 0,
    frame: 0,
    body,
    obstacles: [],
    coins: [],
    particles: [],
    popups: [],
    nextX: 560,
    coinCount: 0,
    jumpBuffer: 0,
    dying: -1,
    deathSpin: 0,
    deathX: RUNNER_X,
    landSquash: 0,
    lastMilestone: 0,
    plannedPress: -1,
    score: 0,
    over: false,
  };
}

function solidGround(st: DashRunnerState, x: number) {
  return !st.obstacles.some(
    (o) => o.kind === "pit" && o.x <= x - 9 && x + 9 <= o.x + o.w,
  );
}

/** One fixed step of the runner's physics; returns false when it dies. */
function physics(
  st: DashRunnerState,
  b: Body,
  x: number,
  jump: boolean,
): boolean {
  if (jump) {
    if (b.ground) {
      b.vy = -JUMP_V;
      b.ground = false;
    } else if (b.airJumps > 0 && !b.falling) {
      b.vy = -DOUBLE_V;
      b.airJumps--;
    }
  }
  const previous = b.y;
  if (!b.ground) {
    b.vy += GRAVITY * STEP;
    b.y += b.vy * STEP;
  }
  const land = (y: number) => {
    b.y = y;
    b.vy = 0;
    b.ground = true;
    b.airJumps = 1;
  };
  if (!b.ground && b.vy >= 0) {
    const crate = st.obstacles.find(
      (o) =>
        o.kind === "crate" &&
        x + 10 > o.x &&
        x - 10 < o.x + o.w &&
        previous <= o.top + 1 &&
        b.y >= o.top,
    );
    if (crate) land(crate.top);
    else if (previous <= GROUND + 1 && b.y >= GROUND && solidGround(st, x))
      land(GROUND);
  }
  if (b.ground) {
    const onCrate = st.obstacles.some(
      (o) =>
        o.kind === "crate" &&
        x + 10 > o.x &&
        x - 10 < o.x + o.w &&
        Math.abs(b.y - o.top) < 0.5,
    );
    const onGround = Math.abs(b.y - GROUND) < 0.5 && solidGround(st, x);
    if (!onCrate && !onGround) {
      b.ground = false;
      b.vy = 0;
    }
  }
  if (b.y > GROUND + 4) b.falling = true;
  if (b.y > GROUND + 120) return false;
  const left = x - 10;
  const right = x + 10;
  const top = b.y - 36;
  const bottom = b.y - 2;
  for (const o of st.obstacles) {
    if (o.kind === "pit" || o.x > right + 4 || o.x + o.w < left - 4) continue;
    const inset = o.kind === "crate" ? 1 : 4;
    const oTop = o.kind === "crate" ? o.top + 8 : o.top + inset;
    if (
      right > o.x + inset &&
      left < o.x + o.w - inset &&
      bottom > oTop &&
      top < o.bottom - (o.kind === "drone" ? 3 : 0)
    )
      return false;
  }
  return true;
}

/** Demo planning: would this sequence of presses survive the next `horizon` steps? */
function survives(
  st: DashRunnerState,
  press: number,
  second: number,
  horizon: number,
) {
  const b: Body = { ...st.body };
  let d = st.dist;
  for (let f = 0; f < horizon; f++) {
    d += speedAt(d) * STEP;
    if (!physics(st, b, d + RUNNER_X, f === press || f === second))
      return false;
  }
  return true;
}

function planPress(st: DashRunnerState): number {
  const options = (start: number) =>
    st.body.ground
      ? [-1, 10, 14, 18, 22, 26, 30, 36].map((gap) =>
          gap < 0 ? -1 : start + gap,
        )
      : [-1];
  let first = -1;
  let last = -1;
  for (let s = 0; s <= 45; s++) {
    const ok = options(s).some((second) => survives(st, s, second, s + 70));
    if (ok && first < 0) first = s;
    if (ok) last = s;
    if (!ok && first >= 0) break;
  }
  if (first < 0) return 0;
  return first + Math.floor((last - first) * 0.45);
}

function die(st: DashRunnerState) {
  if (st.dying >= 0) return;
  st.dying = 0;
  st.deathX = RUNNER_X;
  st.body.vy = -520;
  st.emit("hit");
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    pushCapped(
      st.particles,
      {
        x: RUNNER_X,
        y: st.body.y - 20,
        vx: cos(a) * 160,
        vy: sin(a) * 160,
        life: 0,
        max: 30,
        size: 4,
        color: i % 2 ? "#fde047" : "#fb7185",
      },
      CAPS.particles,
    );
  }
}

function press(st: DashRunnerState) {
  if (st.dying >= 0) return;
  st.jumpBuffer = 7;
}

/** What the drawing reads: the state of the world, never changed by it. */
const view = (st: DashRunnerState) => ({
  dist: st.dist,
  frame: st.frame,
  obstacles: st.obstacles,
  coins: st.coins,
  deathX: st.deathX,
  body: st.body,
  landSquash: st.landSquash,
  dying: st.dying,
  deathSpin: st.deathSpin,
  particles: st.particles,
  popups: st.popups,
  coinCount: st.coinCount,
  speed: speedAt(st.dist),
});

function step(st: DashRunnerState) {
  st.frame++;
  for (const p of st.particles) {
    p.life++;
    p.x += p.vx * STEP;
    p.y += p.vy * STEP;
    p.vy += 600 * STEP;
  }
  st.particles = st.particles.filter((p) => p.life < p.max);
  for (const popup of st.popups) popup.t++;
  st.popups = st.popups.filter((popup) => popup.t < 45);
  if (st.landSquash > 0) st.landSquash--;
  if (st.dying >= 0) {
    st.dying++;
    st.body.vy += GRAVITY * 0.6 * STEP;
    st.body.y += st.body.vy * STEP;
    st.deathSpin += 0.25;
    if (st.dying > 55) st.over = true;
    return;
  }
  const speed = speedAt(st.dist);
  st.dist += speed * STEP;
  while (st.nextX < st.dist + W + 300) generate(st);
  st.obstacles = st.obstacles.filter((o) => o.x + o.w > st.dist - 80);
  st.coins = st.coins.filter((c) => c.x > st.dist - 40 && c.taken < 20);

  const x = st.dist + RUNNER_X;
  const wasGround = st.body.ground;
  let jump = false;
  if (st.jumpBuffer > 0) {
    st.jumpBuffer--;
    if (st.body.ground || (st.body.airJumps > 0 && !st.body.falling)) {
      jump = true;
      st.jumpBuffer = 0;
      st.emit(st.body.ground ? "tap" : "move");
      const puffs = st.body.ground ? 6 : 8;
      for (let i = 0; i < puffs; i++) {
        pushCapped(
          st.particles,
          {
            x: RUNNER_X + st.rng.range(-8, 8),
            y: st.body.y - (st.body.ground ? 2 : 10),
            vx: st.rng.range(-90, 20),
            vy: st.rng.range(-60, 20),
            life: 0,
            max: 20,
            size: st.rng.range(3, 5),
            color: st.body.ground ? "#e7c9a0" : "#bae6fd",
          },
          CAPS.particles,
        );
      }
    }
  }
  const alive = physics(st, st.body, x, jump);
  if (!wasGround && st.body.ground) {
    st.landSquash = 8;
    for (let i = 0; i < 5; i++)
      pushCapped(
        st.particles,
        {
          x: RUNNER_X + st.rng.range(-10, 10),
          y: st.body.y - 2,
          vx: st.rng.range(-70, 70),
          vy: st.rng.range(-70, -20),
          life: 0,
          max: 18,
          size: st.rng.range(2.5, 4.5),
          color: "#e7c9a0",
        },
        CAPS.particles,
      );
  }
  if (st.body.ground && st.frame % 9 === 0) {
    pushCapped(
      st.particles,
      {
        x: RUNNER_X - 8,
        y: st.body.y - 3,
        vx: st.rng.range(-120, -60),
        vy: st.rng.range(-40, -10),
        life: 0,
        max: 16,
        size: st.rng.range(2, 3.5),
        color: "#e7c9a0",
      },
      CAPS.particles,
    );
  }
  // Coins.
  for (const coin of st.coins) {
    if (coin.taken >= 0) {
      coin.taken++;
      continue;
    }
    const dx = coin.x - x;
    const dy = coin.y - (st.body.y - 20);
    if (dx * dx + dy * dy < 26 * 26) {
      coin.taken = 0;
      st.coinCount++;
      st.emit("score");
      pushCapped(
        st.popups,
        {
          x: coin.x - st.dist,
          y: coin.y - 14,
          text: `+${COIN_POINTS}`,
          t: 0,
          big: false,
        },
        CAPS.popups,
      );
      for (let i = 0; i < 5; i++)
        pushCapped(
          st.particles,
          {
            x: coin.x - st.dist,
            y: coin.y,
            vx: st.rng.range(-80, 80),
            vy: st.rng.range(-140, -40),
            life: 0,
            max: 20,
            size: st.rng.range(2, 3.5),
            color: "#fde047",
          },
          CAPS.particles,
        );
    }
  }
  const metres = Math.floor(st.dist / UNITS_PER_METRE);
  st.score = metres + st.coinCount * COIN_POINTS;
  if (Math.floor(metres / 250) > st.lastMilestone) {
    st.lastMilestone = Math.floor(metres / 250);
    st.emit("level");
    pushCapped(
      st.popups,
      {
        x: W / 2,
        y: 190,
        text: `${st.lastMilestone * 250} m · faster!`,
        t: 0,
        big: true,
      },
      CAPS.popups,
    );
  }
  if (!alive) die(st);
}

function onKeyDown(st: DashRunnerState, key: string) {
  if (
    key === " " ||
    key === "ArrowUp" ||
    key === "w" ||
    key === "W" ||
    key === "Enter"
  )
    press(st);
}

function demo(st: DashRunnerState, input: Input) {
  if (st.dying >= 0) return;
  if (st.plannedPress >= 0) {
    if (st.frame + 1 >= st.plannedPress) {
      st.plannedPress = -1;
      input.pointerDown(W / 2, H / 2);
    }
    return;
  }
  // Nothing to press while airborne with the double jump spent.
  if (!st.body.ground && (st.body.airJumps === 0 || st.body.falling)) return;
  // Look ahead: if carrying on would crash, find the comfortable middle of the jump window.
  if (survives(st, -1, -1, 75)) return;
  const wait = planPress(st);
  if (wait <= 0) input.pointerDown(W / 2, H / 2);
  else st.plannedPress = st.frame + 1 + wait;
}

function createDashRunner(ctx: SimContext) {
  const st = createDashRunnerState(ctx);
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
      press(st);
    },
    keyDown(key) {
      onKeyDown(st, key);
    },
    autoplay(input: Input) {
      demo(st, input);
    },
  };
  for (let i = 0; i < 6; i++)
    st.coins.push({ x: 240 + i * 34, y: GROUND - 22, taken: -1 });
  return game;
}

export type DashRunner = ReturnType<typeof createDashRunner>;

export const rules: Rules<DashRunner> = {
  slug: "dash-runner",
  world: { width: W, height: H },
  create: createDashRunner,
};
