import { pushCapped } from "../shared/bounded";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  STEP,
  clamp,
} from "../shared/sim";
import { cos, sin } from "../shared/trig";

export const W = 360;
export const H = 640;
export const GROUND = 452;
const RUNNER_X = 86;
const GRAVITY = 2300;
const JUMP_V = 820;
const DOUBLE_V = 700;
export const BASE_SPEED = 230;
export const MAX_SPEED = 440;
const ACCEL = 0.011; // extra speed per unit of distance
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
export const CRATE = 34;

type ObstacleKind = "spike" | "crate" | "drone" | "pit";

export interface Obstacle {
  kind: ObstacleKind;
  x: number;
  w: number;
  /** Top edge (crates, spikes, drones); pits ignore it. */
  top: number;
  bottom: number;
}

interface Coin {
  x: number;
  y: number;
  taken: number; // frames since collected, -1 while waiting
}

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

const speedAt = (distance: number) =>
  Math.min(MAX_SPEED, BASE_SPEED + distance * ACCEL);

function createDashRunner({ rng, emit }: SimContext) {
  let dist = 0;
  let frame = 0;
  const body: Body = {
    y: GROUND,
    vy: 0,
    ground: true,
    airJumps: 1,
    falling: false,
  };
  let obstacles: Obstacle[] = [];
  let coins: Coin[] = [];
  let particles: Particle[] = [];
  let popups: Popup[] = [];
  let nextX = 560;
  let coinCount = 0;
  let jumpBuffer = 0;
  let dying = -1;
  let deathSpin = 0;
  let deathX = RUNNER_X;
  let landSquash = 0;
  let lastMilestone = 0;
  let plannedPress = -1;

  // A friendly row of coins to start with, before the first obstacle.
  for (let i = 0; i < 6; i++)
    coins.push({ x: 240 + i * 34, y: GROUND - 22, taken: -1 });

  function addCoinArc(centre: number, width: number, height: number) {
    const count = 5;
    for (let i = 0; i < count; i++) {
      const t = i / (count - 1) - 0.5;
      coins.push({
        x: centre + t * width,
        y: GROUND - 30 - height * (1 - 4 * t * t),
        taken: -1,
      });
    }
  }

  function addSpikes(x: number, count: number) {
    const w = count * 24;
    obstacles.push({ kind: "spike", x, w, top: GROUND - 26, bottom: GROUND });
    return x + w;
  }

  function addCrates(x: number, wide: number, high: number) {
    const w = wide * CRATE;
    obstacles.push({
      kind: "crate",
      x,
      w,
      top: GROUND - high * CRATE,
      bottom: GROUND,
    });
    return x + w;
  }

  function addPit(x: number, w: number) {
    obstacles.push({ kind: "pit", x, w, top: GROUND, bottom: H });
    return x + w;
  }

  function addDrone(x: number) {
    obstacles.push({
      kind: "drone",
      x,
      w: 44,
      top: GROUND - 80,
      bottom: GROUND - 52,
    });
    return x + 44;
  }

  /** Lays out the next stretch of track: one pattern, then a breathing gap. */
  function generate() {
    const speed = speedAt(nextX);
    const difficulty = clamp(nextX / 14000, 0, 1);
    const weights: [string, number][] = [
      ["spikes", 3],
      ["crates", 3],
      ["pit", nextX > 1400 ? 2.2 : 0],
      ["drone", nextX > 2400 ? 1.2 + difficulty : 0],
      ["combo", nextX > 3500 ? 0.6 + 2.4 * difficulty : 0],
      ["coins", 1.3 - difficulty],
    ];
    const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = rng.next() * total;
    let pattern = "coins";
    for (const [name, weight] of weights) {
      if ((roll -= weight) < 0) {
        pattern = name;
        break;
      }
    }
    let x = nextX;
    let end = x;
    if (pattern === "spikes") {
      const count = rng.int(1, 1 + Math.round(2 * difficulty + 0.4));
      end = addSpikes(x, count);
      addCoinArc(x + count * 12, 160, 118);
    } else if (pattern === "crates") {
      const high = rng.chance(0.25 + 0.5 * difficulty) ? 2 : 1;
      const wide = rng.chance(0.4) ? 2 : 1;
      end = addCrates(x, wide, high);
      for (let i = 0; i < wide * 2 + 1; i++)
        coins.push({
          x: x + i * (CRATE / 2) + (wide === 1 ? 0 : 0),
          y: GROUND - high * CRATE - 26,
          taken: -1,
        });
    } else if (pattern === "pit") {
      const w = rng.range(58, Math.min(150, speed * 0.42));
      end = addPit(x, w);
      addCoinArc(x + w / 2, Math.max(150, w + 60), 118);
    } else if (pattern === "drone") {
      end = addDrone(x);
      for (let i = 0; i < 4; i++)
        coins.push({ x: x - 30 + i * 34, y: GROUND - 20, taken: -1 });
    } else if (pattern === "combo") {
      const first = rng.int(0, 2);
      const second = rng.int(0, 2);
      end =
        first === 0
          ? addSpikes(x, rng.int(1, 2))
          : first === 1
            ? addCrates(x, 1, 1)
            : addPit(x, rng.range(58, 90));
      x = end + speed * rng.range(0.78, 1.0) + 30;
      end =
        second === 0
          ? addSpikes(x, rng.int(1, 2))
          : second === 1
            ? addCrates(x, 1, rng.chance(0.5) ? 2 : 1)
            : addPit(x, rng.range(58, 90));
      addCoinArc(x + (end - x) / 2, 160, 118);
    } else {
      const wave = rng.chance(0.5);
      for (let i = 0; i < 7; i++)
        coins.push({
          x: x + i * 30,
          y: GROUND - 22 - (wave ? sin(i * 0.9) * 20 + 20 : 0),
          taken: -1,
        });
      end = x + 200;
    }
    nextX = end + speed * rng.range(0.9, 1.6 - 0.45 * difficulty) + 40;
  }

  /** Whether the feet, centred at world x, rest on solid ground (not wholly over a pit). */
  function solidGround(x: number) {
    return !obstacles.some(
      (o) => o.kind === "pit" && o.x <= x - 9 && x + 9 <= o.x + o.w,
    );
  }

  /** One fixed step of the runner's physics; returns false when it dies. */
  function physics(b: Body, x: number, jump: boolean): boolean {
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
      const crate = obstacles.find(
        (o) =>
          o.kind === "crate" &&
          x + 10 > o.x &&
          x - 10 < o.x + o.w &&
          previous <= o.top + 1 &&
          b.y >= o.top,
      );
      if (crate) land(crate.top);
      else if (previous <= GROUND + 1 && b.y >= GROUND && solidGround(x))
        land(GROUND);
    }
    if (b.ground) {
      const onCrate = obstacles.some(
        (o) =>
          o.kind === "crate" &&
          x + 10 > o.x &&
          x - 10 < o.x + o.w &&
          Math.abs(b.y - o.top) < 0.5,
      );
      const onGround = Math.abs(b.y - GROUND) < 0.5 && solidGround(x);
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
    for (const o of obstacles) {
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
  function survives(press: number, second: number, horizon: number) {
    const b: Body = { ...body };
    let d = dist;
    for (let f = 0; f < horizon; f++) {
      d += speedAt(d) * STEP;
      if (!physics(b, d + RUNNER_X, f === press || f === second)) return false;
    }
    return true;
  }

  function planPress(): number {
    const options = (start: number) =>
      body.ground
        ? [-1, 10, 14, 18, 22, 26, 30, 36].map((gap) =>
            gap < 0 ? -1 : start + gap,
          )
        : [-1];
    let first = -1;
    let last = -1;
    for (let s = 0; s <= 45; s++) {
      const ok = options(s).some((second) => survives(s, second, s + 70));
      if (ok && first < 0) first = s;
      if (ok) last = s;
      if (!ok && first >= 0) break;
    }
    if (first < 0) return 0;
    return first + Math.floor((last - first) * 0.45);
  }

  function die() {
    if (dying >= 0) return;
    dying = 0;
    deathX = RUNNER_X;
    body.vy = -520;
    emit("hit");
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      pushCapped(
        particles,
        {
          x: RUNNER_X,
          y: body.y - 20,
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

  function press() {
    if (dying >= 0) return;
    jumpBuffer = 7;
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    dist,
    frame,
    obstacles,
    coins,
    deathX,
    body,
    landSquash,
    dying,
    deathSpin,
    particles,
    popups,
    coinCount,
    speed: speedAt(dist),
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      frame++;
      for (const p of particles) {
        p.life++;
        p.x += p.vx * STEP;
        p.y += p.vy * STEP;
        p.vy += 600 * STEP;
      }
      particles = particles.filter((p) => p.life < p.max);
      for (const popup of popups) popup.t++;
      popups = popups.filter((popup) => popup.t < 45);
      if (landSquash > 0) landSquash--;
      if (dying >= 0) {
        dying++;
        body.vy += GRAVITY * 0.6 * STEP;
        body.y += body.vy * STEP;
        deathSpin += 0.25;
        if (dying > 55) game.over = true;
        return;
      }
      const speed = speedAt(dist);
      dist += speed * STEP;
      while (nextX < dist + W + 300) generate();
      obstacles = obstacles.filter((o) => o.x + o.w > dist - 80);
      coins = coins.filter((c) => c.x > dist - 40 && c.taken < 20);

      const x = dist + RUNNER_X;
      const wasGround = body.ground;
      let jump = false;
      if (jumpBuffer > 0) {
        jumpBuffer--;
        if (body.ground || (body.airJumps > 0 && !body.falling)) {
          jump = true;
          jumpBuffer = 0;
          emit(body.ground ? "tap" : "move");
          const puffs = body.ground ? 6 : 8;
          for (let i = 0; i < puffs; i++) {
            pushCapped(
              particles,
              {
                x: RUNNER_X + rng.range(-8, 8),
                y: body.y - (body.ground ? 2 : 10),
                vx: rng.range(-90, 20),
                vy: rng.range(-60, 20),
                life: 0,
                max: 20,
                size: rng.range(3, 5),
                color: body.ground ? "#e7c9a0" : "#bae6fd",
              },
              CAPS.particles,
            );
          }
        }
      }
      const alive = physics(body, x, jump);
      if (!wasGround && body.ground) {
        landSquash = 8;
        for (let i = 0; i < 5; i++)
          pushCapped(
            particles,
            {
              x: RUNNER_X + rng.range(-10, 10),
              y: body.y - 2,
              vx: rng.range(-70, 70),
              vy: rng.range(-70, -20),
              life: 0,
              max: 18,
              size: rng.range(2.5, 4.5),
              color: "#e7c9a0",
            },
            CAPS.particles,
          );
      }
      if (body.ground && frame % 9 === 0) {
        pushCapped(
          particles,
          {
            x: RUNNER_X - 8,
            y: body.y - 3,
            vx: rng.range(-120, -60),
            vy: rng.range(-40, -10),
            life: 0,
            max: 16,
            size: rng.range(2, 3.5),
            color: "#e7c9a0",
          },
          CAPS.particles,
        );
      }
      // Coins.
      for (const coin of coins) {
        if (coin.taken >= 0) {
          coin.taken++;
          continue;
        }
        const dx = coin.x - x;
        const dy = coin.y - (body.y - 20);
        if (dx * dx + dy * dy < 26 * 26) {
          coin.taken = 0;
          coinCount++;
          emit("score");
          pushCapped(
            popups,
            {
              x: coin.x - dist,
              y: coin.y - 14,
              text: `+${COIN_POINTS}`,
              t: 0,
              big: false,
            },
            CAPS.popups,
          );
          for (let i = 0; i < 5; i++)
            pushCapped(
              particles,
              {
                x: coin.x - dist,
                y: coin.y,
                vx: rng.range(-80, 80),
                vy: rng.range(-140, -40),
                life: 0,
                max: 20,
                size: rng.range(2, 3.5),
                color: "#fde047",
              },
              CAPS.particles,
            );
        }
      }
      const metres = Math.floor(dist / UNITS_PER_METRE);
      game.score = metres + coinCount * COIN_POINTS;
      if (Math.floor(metres / 250) > lastMilestone) {
        lastMilestone = Math.floor(metres / 250);
        emit("level");
        pushCapped(
          popups,
          {
            x: W / 2,
            y: 190,
            text: `${lastMilestone * 250} m · faster!`,
            t: 0,
            big: true,
          },
          CAPS.popups,
        );
      }
      if (!alive) die();
    },
    get view() {
      return view();
    },
    pointerDown() {
      press();
    },
    keyDown(key) {
      if (
        key === " " ||
        key === "ArrowUp" ||
        key === "w" ||
        key === "W" ||
        key === "Enter"
      )
        press();
    },
    autoplay(input: Input) {
      if (dying >= 0) return;
      if (plannedPress >= 0) {
        if (frame + 1 >= plannedPress) {
          plannedPress = -1;
          input.pointerDown(W / 2, H / 2);
        }
        return;
      }
      // Nothing to press while airborne with the double jump spent.
      if (!body.ground && (body.airJumps === 0 || body.falling)) return;
      // Look ahead: if carrying on would crash, find the comfortable middle of the jump window.
      if (survives(-1, -1, 75)) return;
      const wait = planPress();
      if (wait <= 0) input.pointerDown(W / 2, H / 2);
      else plannedPress = frame + 1 + wait;
    },
  };
  return game;
}

export type DashRunner = ReturnType<typeof createDashRunner>;

export const rules: Rules<DashRunner> = {
  slug: "dash-runner",
  world: { width: W, height: H },
  create: createDashRunner,
};
