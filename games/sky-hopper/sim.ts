import { compact, room } from "../shared/bounded";
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

function createSkyHopper({ rng, emit }: SimContext) {
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
  let state: "ready" | "play" | "dead" = "ready";
  const bird = { y: 300, vy: 0, rot: 0 };
  const pillars: Pillar[] = [];
  let scroll = 0;
  let frame = 0;
  let readyTimer = 0;
  let deadTimer = 0;
  let flash = 0;
  let shake = 0;
  let flapAnim = 0;
  let lastGapY = 320;
  let pillarCount = 0;
  let skyPhase = 0;
  const particles: Particle[] = [];
  const popups: { x: number; y: number; life: number }[] = [];

  const speed = () => 2.5 + Math.min(game.score * 0.025, 1);
  const gapSize = () => Math.max(128, 160 - game.score * 1.2);

  function addPillar(x: number) {
    const gap = gapSize();
    const lo = SKY_TOP + gap / 2;
    const hi = GROUND - 46 - gap / 2;
    // Big climbs get smaller as the pace rises, so every gap stays reachable.
    const reach = 165 - (speed() - 2.5) * 55;
    const gapY = clamp(lastGapY + rng.range(-reach, reach), lo, hi);
    lastGapY = gapY;
    pillars.push({
      x,
      gapY,
      gap,
      hue: PILLAR_HUES[pillarCount++ % PILLAR_HUES.length],
      scored: false,
    });
  }

  function puff(
    x: number,
    y: number,
    count: number,
    color: string,
    power: number,
    gravity: number,
  ) {
    for (let i = room(particles, count, CAPS.particles); i > 0; i--) {
      const a = fx.range(0, Math.PI * 2);
      const s = fx.range(0.3, power);
      const max = fx.int(20, 40);
      particles.push({
        x,
        y,
        vx: cos(a) * s - 1,
        vy: sin(a) * s,
        life: max,
        max,
        size: fx.range(2, 5),
        color,
        gravity,
      });
    }
  }

  function hop() {
    if (state === "dead") return;
    if (state === "ready") {
      state = "play";
      addPillar(W + 24);
    }
    bird.vy = HOP;
    flapAnim = 14;
    emit("tap");
    puff(BIRD_X - 10, bird.y + 8, 4, "rgba(255,255,255,0.9)", 1.2, 0);
  }

  function die() {
    if (state === "dead") return;
    state = "dead";
    flash = 14;
    shake = 12;
    emit("hit");
    puff(BIRD_X, bird.y, 14, "#ffd43b", 3.5, 0.12);
    puff(BIRD_X, bird.y, 6, "#ffffff", 2.5, 0.12);
  }

  function collides(p: Pillar) {
    const cx = clamp(BIRD_X, p.x, p.x + PILLAR_W);
    const top = p.gapY - p.gap / 2;
    const bottom = p.gapY + p.gap / 2;
    for (const [y0, y1] of [
      [-200, top],
      [bottom, GROUND],
    ]) {
      const cy = clamp(bird.y, y0, y1);
      const dx = BIRD_X - cx;
      const dy = bird.y - cy;
      if (dx * dx + dy * dy < HIT_R * HIT_R) return true;
    }
    return false;
  }

  /** What the drawing reads: the state of the world, never changed by it. */
  const view = () => ({
    frame,
    shake,
    skyPhase,
    starsBg,
    clouds,
    scroll,
    pillars,
    particles,
    bird,
    state,
    flapAnim,
    popups,
    flash,
  });

  const game: Simulation & { readonly view: ReturnType<typeof view> } = {
    score: 0,
    over: false,
    update() {
      frame++;
      if (flash > 0) flash--;
      if (shake > 0) shake--;
      if (flapAnim > 0) flapAnim--;
      for (const p of particles) {
        p.x += p.vx;
        p.y += p.vy;
        p.vy += p.gravity;
        p.life--;
      }
      compact(particles, (p) => p.life > 0);
      for (const p of popups) {
        p.y -= 0.8;
        p.life--;
      }
      while (popups.length && popups[0].life <= 0) popups.shift();
      skyPhase += (Math.floor(game.score / 10) - skyPhase) * 0.02;

      if (state === "ready") {
        scroll += 2;
        bird.y = 300 + sin(frame * 0.08) * 8;
        bird.rot = 0;
        // Nobody playing? After a while gravity starts anyway, so an idle round ends.
        if (++readyTimer > 360) {
          state = "play";
          addPillar(W + 70);
        }
        return;
      }
      if (state === "dead") {
        deadTimer++;
        if (bird.y + BIRD_R < GROUND) {
          bird.vy = Math.min(bird.vy + GRAVITY * 1.3, MAX_FALL + 2);
          bird.y = Math.min(bird.y + bird.vy, GROUND - BIRD_R);
        }
        bird.rot += (1.5 - bird.rot) * 0.15;
        if (deadTimer > 55) game.over = true;
        return;
      }

      const v = speed();
      scroll += v;
      bird.vy = Math.min(bird.vy + GRAVITY, MAX_FALL);
      bird.y += bird.vy;
      if (bird.y < BIRD_R) {
        bird.y = BIRD_R;
        bird.vy = 0;
      }
      bird.rot += (clamp(bird.vy * 0.085, -0.45, 1.25) - bird.rot) * 0.25;

      for (const p of pillars) {
        p.x -= v;
        if (!p.scored && p.x + PILLAR_W / 2 < BIRD_X) {
          p.scored = true;
          game.score++;
          emit("score");
          if (popups.length < CAPS.popups)
            popups.push({ x: BIRD_X + 26, y: bird.y - 30, life: 36 });
          puff(p.x + PILLAR_W / 2, p.gapY, 8, `hsl(${p.hue} 90% 75%)`, 2.2, 0);
        }
      }
      while (pillars.length && pillars[0].x < -PILLAR_W - 10) pillars.shift();
      const last = pillars[pillars.length - 1];
      if (last && last.x < W + 20 - SPACING + PILLAR_W)
        addPillar(last.x + SPACING);

      if (bird.y + HIT_R >= GROUND) {
        bird.y = GROUND - HIT_R;
        die();
        return;
      }
      if (pillars.some(collides)) die();
    },
    get view() {
      return view();
    },
    pointerDown() {
      hop();
    },
    keyDown(key) {
      if (
        key === " " ||
        key === "ArrowUp" ||
        key === "w" ||
        key === "W" ||
        key === "Enter"
      )
        hop();
    },
    autoplay(input: Input) {
      if (state === "dead") return;
      if (state === "ready") {
        if (frame > 20) input.pointerDown(BIRD_X, bird.y);
        return;
      }
      // Aim a little below the middle of the next gap and hop when falling past it, checking a
      // short look-ahead so a hop never carries the bird into a pillar.
      const next = pillars.find((p) => p.x + PILLAR_W > BIRD_X - HIT_R);
      const target = next ? next.gapY + next.gap * 0.16 : 330;
      const v = speed();
      const crashes = (vy0: number, frames: number, upperOnly = false) => {
        let y = bird.y;
        let vy = vy0;
        for (let f = 1; f <= frames; f++) {
          vy = Math.min(vy + GRAVITY, MAX_FALL);
          y = Math.max(y + vy, BIRD_R);
          if (y + HIT_R >= GROUND && !upperOnly) return true;
          for (const p of pillars) {
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
      const falling = crashes(bird.vy, 16);
      if (
        (hopSafe && (falling || (bird.y > target && bird.vy > -1))) ||
        (!hopSafe && crashes(bird.vy, 4))
      )
        input.pointerDown(BIRD_X, bird.y);
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
