import { compact, pushCapped } from "../shared/bounded";
import { createRng } from "../shared/rng";
import {
  type Input,
  type Rules,
  type SimContext,
  type Simulation,
  clamp,
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

function createStarDodger({ rng, emit }: SimContext) {
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
  let lives = LIVES;
  let invulnerable = 0;
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
  let frame = 0;
  let travelled = 0;
  let meteorTimer = 70;
  let starTimer = 30;
  let shake = 0;
  let hitFlash = 0;
  let dying = -1;
  let left = false;
  let right = false;
  let drag: { finger: number; ship: number } | null = null;
  let demoFinger: number | null = null;
  let demoGoal = W / 2;

  /** Pace grows from 1 to 2.3 over the first ~70 seconds. */
  const pace = () => 1 + Math.min(frame / 3200, 1.3);

  function addMeteor(x: number, delay = 0, size?: number) {
    const r = size ?? rng.range(11, Math.min(24, 19 + frame / 600));
    const points = 9;
    meteors.push({
      x: clamp(x, r, W - r),
      y: -r - 10 - delay,
      vx: rng.range(-0.5, 0.5),
      vy: rng.range(2.3, 3.2) * pace(),
      r,
      rot: rng.range(0, Math.PI * 2),
      vr: rng.range(-0.05, 0.05),
      shape: Array.from({ length: points }, () => fx.range(0.78, 1.08)),
      craters: Array.from({ length: 3 }, () => fx.range(0, Math.PI * 2)),
      tone: fx.range(0, 1),
    });
  }

  /** One spawn "beat": single rocks, pairs, a sweeping diagonal, or a wall with one gap. */
  function spawnPattern() {
    const seconds = frame / 60;
    const roll = rng.next();
    if (seconds > 12 && roll < 0.12) {
      const gap = rng.range(60, W - 60);
      const size = 15;
      for (let x = size; x < W; x += size * 2 + 10)
        if (Math.abs(x - gap) > 52) addMeteor(x, 0, size);
      meteorTimer = 80;
      return;
    }
    if (seconds > 6 && roll < 0.26) {
      const fromLeft = rng.chance(0.5);
      for (let i = 0; i < 4; i++)
        addMeteor(fromLeft ? 40 + i * 70 : W - 40 - i * 70, i * 34, 13);
      meteorTimer = 70;
      return;
    }
    if (seconds > 8 && roll < 0.5) {
      const a = rng.range(20, W / 2 - 30);
      addMeteor(a);
      addMeteor(a + rng.range(110, 170));
    } else {
      addMeteor(rng.range(20, W - 20));
    }
    meteorTimer = Math.max(14, 54 - frame / 70) + rng.int(0, 12);
  }

  function burst(
    x: number,
    y: number,
    colors: string[],
    count: number,
    power: number,
  ) {
    for (let i = 0; i < count; i++) {
      const a = fx.range(0, Math.PI * 2);
      const s = fx.range(0.4, power);
      const max = fx.int(22, 48);
      pushCapped(
        particles,
        {
          x,
          y,
          vx: cos(a) * s,
          vy: sin(a) * s,
          life: max,
          max,
          size: fx.range(1.5, 4),
          color: fx.pick(colors),
        },
        CAPS.particles,
      );
    }
  }

  function hit(m: Meteor) {
    meteors.splice(meteors.indexOf(m), 1);
    lives--;
    shake = 16;
    hitFlash = 18;
    emit("hit");
    burst(m.x, m.y, ["#a8815e", "#ff9f43", "#ffd166"], 16, 4);
    if (lives <= 0) {
      dying = 70;
      burst(
        ship.x,
        SHIP_Y,
        ["#ffffff", "#7dd3fc", "#f472b6", "#ffd166"],
        40,
        5.5,
      );
      return;
    }
    invulnerable = 100;
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    frame,
    shake,
    hitFlash,
    sky,
    travelled,
    pace: pace(),
    stars,
    meteors,
    particles,
    popups,
    dying,
    invulnerable,
    ship,
    lives,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      frame++;
      const p = pace();
      travelled += p;
      if (shake > 0) shake--;
      if (hitFlash > 0) hitFlash--;
      if (invulnerable > 0) invulnerable--;
      for (const q of particles) {
        q.x += q.vx;
        q.y += q.vy;
        q.vx *= 0.97;
        q.vy *= 0.97;
        q.life--;
      }
      compact(particles, (q) => q.life > 0);
      for (const q of popups) {
        q.y -= 0.8;
        q.life--;
      }
      while (popups.length && popups[0].life <= 0) popups.shift();

      // Rocks and stars keep falling, even while the ship breaks apart.
      for (const m of meteors) {
        m.x += m.vx;
        m.y += m.vy;
        m.rot += m.vr;
      }
      compact(meteors, (m) => m.y - m.r <= H + 10);
      for (const s of stars) {
        s.y += s.vy;
        s.rot += 0.04;
      }
      compact(stars, (s) => s.y <= H + 20);

      if (dying >= 0) {
        if (--dying <= 0) game.over = true;
        return;
      }

      if (--meteorTimer <= 0) spawnPattern();
      if (--starTimer <= 0) {
        const big = rng.chance(0.1);
        stars.push({
          x: rng.range(24, W - 24),
          y: -20,
          vy: rng.range(2, 2.6) * Math.min(p, 1.8),
          rot: 0,
          big,
        });
        starTimer = rng.int(36, 70);
      }

      // Ship: arrow keys steer with momentum; dragging moves it with the finger.
      const before = ship.x;
      if (left || right) {
        ship.vel = clamp(
          ship.vel + (right ? 1 : 0) - (left ? 1 : 0),
          -7.5,
          7.5,
        );
        ship.x += ship.vel;
        ship.target = ship.x;
      } else {
        ship.vel = 0;
        ship.x += clamp(ship.target - ship.x, -14, 14);
      }
      ship.x = clamp(ship.x, EDGE, W - EDGE);
      ship.target = clamp(ship.target, EDGE, W - EDGE);
      ship.tilt += (clamp((ship.x - before) / 8, -1, 1) - ship.tilt) * 0.2;

      for (let i = stars.length - 1; i >= 0; i--) {
        const s = stars[i];
        const dx = s.x - ship.x;
        const dy = s.y - SHIP_Y;
        const reach = s.big ? 30 : 26;
        if (dx * dx + dy * dy < reach * reach) {
          stars.splice(i, 1);
          const points = s.big ? 5 : 1;
          game.score += points;
          emit(s.big ? "level" : "score");
          burst(
            s.x,
            s.y,
            s.big
              ? ["#f9a8d4", "#ffffff", "#f472b6"]
              : ["#fde68a", "#ffffff", "#facc15"],
            s.big ? 18 : 10,
            3,
          );
          pushCapped(
            popups,
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
      if (invulnerable === 0) {
        for (const m of meteors) {
          const dx = m.x - ship.x;
          const dy = m.y - SHIP_Y;
          const reach = m.r * 0.82 + SHIP_R;
          if (dx * dx + dy * dy < reach * reach) {
            hit(m);
            break;
          }
        }
      }
    },
    get view() {
      return view();
    },
    pointerDown(x) {
      drag = { finger: x, ship: ship.x };
    },
    pointerMove(x) {
      if (drag) ship.target = drag.ship + (x - drag.finger) * 1.15;
    },
    pointerUp() {
      drag = null;
    },
    keyDown(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") left = true;
      if (k === "arrowright" || k === "d") right = true;
    },
    keyUp(key) {
      const k = key.toLowerCase();
      if (k === "arrowleft" || k === "a") left = false;
      if (k === "arrowright" || k === "d") right = false;
    },
    autoplay(input: Input) {
      if (dying >= 0) return;
      if (demoFinger === null) {
        demoFinger = ship.x;
        input.pointerDown(demoFinger, 600);
      }
      // Score each lane by the rocks the ship would meet on its way there, minus the stars it would catch.
      const cost = (goal: number) => {
        let x = ship.x;
        let danger = Math.abs(goal - ship.x) * 0.03;
        for (let k = 1; k <= 50; k++) {
          x += clamp(goal - x, -6.5, 6.5);
          for (const m of meteors) {
            const my = m.y + m.vy * k;
            const reach = m.r * 0.82 + SHIP_R + 9;
            if (Math.abs(my - SHIP_Y) > reach) continue;
            if (Math.abs(m.x + m.vx * k - x) < reach) danger += 1000 / (k + 4);
          }
        }
        for (const s of stars) {
          const k = (SHIP_Y - s.y) / s.vy;
          if (k < 0 || k > 70) continue;
          const reachable = Math.abs(s.x - ship.x) < 6.5 * k + 20;
          if (reachable && Math.abs(s.x - goal) < 18)
            danger -= (s.big ? 9 : 4) * (30 / (k + 10));
        }
        return danger;
      };
      let best = demoGoal;
      let bestCost = cost(demoGoal) - 0.5;
      for (let goal = EDGE; goal <= W - EDGE; goal += 12) {
        const c = cost(goal);
        if (c < bestCost) {
          bestCost = c;
          best = goal;
        }
      }
      for (const s of stars) {
        const c = cost(clamp(s.x, EDGE, W - EDGE));
        if (c < bestCost) {
          bestCost = c;
          best = clamp(s.x, EDGE, W - EDGE);
        }
      }
      demoGoal = best;
      // Slide the virtual finger so the ship's target glides towards the goal.
      const next = ship.target + clamp(demoGoal - ship.target, -7, 7);
      if (drag) demoFinger = drag.finger + (next - drag.ship) / 1.15;
      input.pointerMove(demoFinger, 600);
    },
  };
  // A few stars are already on their way when the round begins.
  for (const y of [330, 150])
    stars.push({ x: rng.range(60, W - 60), y, vy: 2.3, rot: 0, big: false });
  return game;
}

export type StarDodger = ReturnType<typeof createStarDodger>;

export const rules: Rules<StarDodger> = {
  slug: "star-dodger",
  world: { width: W, height: H },
  create: createStarDodger,
};
