import { createRng } from "../shared/rng";
import { legacyRules, type Game, type GameContext } from "../shared/legacy";
import { clamp } from "../shared/sim";

const W = 360;
const H = 640;
const GROUND = 574;
const BIRD_X = 104;
const BIRD_R = 15;
const HIT_R = 11;
const PILLAR_W = 64;
const SPACING = 212;
const GRAVITY = 0.4;
const HOP = -7.2;
const MAX_FALL = 9.5;
const SKY_TOP = 70; // gaps stay clear of the HUD

/** Sky palettes the world drifts through as the score climbs: day, sunset, dusk, night. */
const SKIES = [
  {
    top: "#4fb7ef",
    bottom: "#c9f1ff",
    hill: "#7fcf9b",
    far: "#a8dcc7",
    sun: "#fff3b0",
  },
  {
    top: "#ff8a65",
    bottom: "#ffe0a3",
    hill: "#d98a6c",
    far: "#f0b48f",
    sun: "#fff1c9",
  },
  {
    top: "#5b4b9a",
    bottom: "#f49ac1",
    hill: "#7a5a9e",
    far: "#a77fb8",
    sun: "#ffd6e8",
  },
  {
    top: "#0f1c46",
    bottom: "#3b3f8f",
    hill: "#27306b",
    far: "#363f86",
    sun: "#e8ecff",
  },
];
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

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

function createSkyHopper({ rng, sound }: GameContext): Game {
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
    for (let i = 0; i < count; i++) {
      const a = fx.range(0, Math.PI * 2);
      const s = fx.range(0.3, power);
      const max = fx.int(20, 40);
      particles.push({
        x,
        y,
        vx: Math.cos(a) * s - 1,
        vy: Math.sin(a) * s,
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
    sound.play("tap");
    puff(BIRD_X - 10, bird.y + 8, 4, "rgba(255,255,255,0.9)", 1.2, 0);
  }

  function die() {
    if (state === "dead") return;
    state = "dead";
    flash = 14;
    shake = 12;
    sound.play("hit");
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
      if ((BIRD_X - cx) ** 2 + (bird.y - cy) ** 2 < HIT_R * HIT_R) return true;
    }
    return false;
  }

  const game: Game = {
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
      for (let i = particles.length - 1; i >= 0; i--)
        if (particles[i].life <= 0) particles.splice(i, 1);
      for (const p of popups) {
        p.y -= 0.8;
        p.life--;
      }
      while (popups.length && popups[0].life <= 0) popups.shift();
      skyPhase += (Math.floor(game.score / 10) - skyPhase) * 0.02;

      if (state === "ready") {
        scroll += 2;
        bird.y = 300 + Math.sin(frame * 0.08) * 8;
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
          sound.play("score");
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
    render(g) {
      g.save();
      if (shake > 0)
        g.translate(
          Math.sin(frame * 2.1) * shake * 0.35,
          Math.cos(frame * 1.6) * shake * 0.35,
        );
      // Sky, blended between palettes.
      const i0 = Math.floor(skyPhase) % SKIES.length;
      const i1 = (i0 + 1) % SKIES.length;
      const t = skyPhase - Math.floor(skyPhase);
      const a = SKIES[i0];
      const b = SKIES[i1];
      const sky = g.createLinearGradient(0, 0, 0, GROUND);
      sky.addColorStop(0, mix(a.top, b.top, t));
      sky.addColorStop(1, mix(a.bottom, b.bottom, t));
      g.fillStyle = sky;
      g.fillRect(-20, -20, W + 40, H + 40);
      const night = (i0 === 3 ? 1 - t : 0) + (i1 === 3 ? t : 0);
      if (night > 0.05) {
        g.fillStyle = `rgba(255,255,255,${night * 0.8})`;
        for (const s of starsBg) {
          const tw = 0.6 + 0.4 * Math.sin(frame * 0.05 + s.x);
          g.globalAlpha = night * tw;
          g.beginPath();
          g.arc(s.x, s.y, s.r, 0, Math.PI * 2);
          g.fill();
        }
        g.globalAlpha = 1;
      }
      // Sun (or moon).
      const sunColor = mix(a.sun, b.sun, t);
      const glow = g.createRadialGradient(286, 150, 10, 286, 150, 90);
      glow.addColorStop(0, "rgba(255,255,255,0.45)");
      glow.addColorStop(1, "rgba(255,255,255,0)");
      g.fillStyle = glow;
      g.fillRect(186, 50, 200, 200);
      g.fillStyle = sunColor;
      g.beginPath();
      g.arc(286, 150, 30, 0, Math.PI * 2);
      g.fill();

      // Clouds drift slowly.
      g.fillStyle = `rgba(255,255,255,${0.85 - night * 0.55})`;
      for (const c of clouds) {
        const span = W + 160;
        const x = ((((c.x - scroll * 0.25) % span) + span) % span) - 80;
        const s = c.s;
        g.beginPath();
        g.arc(x, c.y, 18 * s, 0, Math.PI * 2);
        g.arc(x + 20 * s, c.y - 10 * s, 22 * s, 0, Math.PI * 2);
        g.arc(x + 44 * s, c.y, 17 * s, 0, Math.PI * 2);
        g.rect(x, c.y, 44 * s, 17 * s);
        g.fill();
      }
      // Two layers of rolling hills.
      for (const [layer, color, base, amp, rate] of [
        [0, mix(a.far, b.far, t), 470, 34, 0.35],
        [1, mix(a.hill, b.hill, t), 520, 26, 0.6],
      ] as const) {
        g.fillStyle = color;
        g.beginPath();
        g.moveTo(0, GROUND);
        for (let x = 0; x <= W; x += 8) {
          const wx = x + scroll * rate + layer * 500;
          g.lineTo(
            x,
            base -
              Math.sin(wx * 0.012) * amp -
              Math.sin(wx * 0.031) * amp * 0.4,
          );
        }
        g.lineTo(W, GROUND);
        g.fill();
      }

      // Pillars with caps.
      for (const p of pillars) {
        const top = p.gapY - p.gap / 2;
        const bottom = p.gapY + p.gap / 2;
        const body = g.createLinearGradient(p.x, 0, p.x + PILLAR_W, 0);
        body.addColorStop(0, `hsl(${p.hue} 60% 42%)`);
        body.addColorStop(0.3, `hsl(${p.hue} 70% 62%)`);
        body.addColorStop(1, `hsl(${p.hue} 60% 36%)`);
        g.fillStyle = body;
        g.fillRect(p.x + 4, -10, PILLAR_W - 8, top + 10);
        g.fillRect(p.x + 4, bottom, PILLAR_W - 8, GROUND - bottom);
        g.fillStyle = "rgba(255,255,255,0.12)";
        for (let y = (bottom + 40) | 0; y < GROUND; y += 40)
          g.fillRect(p.x + 4, y, PILLAR_W - 8, 4);
        for (let y = (top - 40) | 0; y > 0; y -= 40)
          g.fillRect(p.x + 4, y, PILLAR_W - 8, 4);
        const cap = g.createLinearGradient(p.x - 4, 0, p.x + PILLAR_W + 4, 0);
        cap.addColorStop(0, `hsl(${p.hue} 65% 48%)`);
        cap.addColorStop(0.3, `hsl(${p.hue} 80% 72%)`);
        cap.addColorStop(1, `hsl(${p.hue} 65% 40%)`);
        g.fillStyle = cap;
        g.beginPath();
        g.roundRect(p.x - 3, top - 24, PILLAR_W + 6, 24, 7);
        g.roundRect(p.x - 3, bottom, PILLAR_W + 6, 24, 7);
        g.fill();
        g.fillStyle = "rgba(0,0,0,0.15)";
        g.fillRect(p.x + 4, top - 2, PILLAR_W - 8, 2);
        g.fillRect(p.x + 4, bottom + 22, PILLAR_W - 8, 2);
      }

      // Ground.
      g.fillStyle = "#8b5a2b";
      g.fillRect(-20, GROUND, W + 40, H - GROUND + 20);
      g.fillStyle = "#6f4520";
      for (let x = -((scroll * 1) % 36); x < W + 36; x += 36) {
        g.beginPath();
        g.arc(x + 10, GROUND + 34, 3, 0, Math.PI * 2);
        g.arc(x + 28, GROUND + 52, 2.5, 0, Math.PI * 2);
        g.fill();
      }
      g.fillStyle = "#5cc94a";
      g.fillRect(-20, GROUND, W + 40, 16);
      g.fillStyle = "#49b23a";
      for (let x = -(scroll % 24); x < W + 24; x += 24) {
        g.beginPath();
        g.moveTo(x, GROUND + 16);
        g.lineTo(x + 12, GROUND);
        g.lineTo(x + 22, GROUND);
        g.lineTo(x + 10, GROUND + 16);
        g.fill();
      }
      g.fillStyle = "#8ee26f";
      g.fillRect(-20, GROUND, W + 40, 3);
      // Evening light dims the pillars and the ground.
      const dusk =
        night + (i0 === 2 ? 1 - t : 0) * 0.4 + (i1 === 2 ? t : 0) * 0.4;
      if (dusk > 0.02) {
        g.fillStyle = `rgba(20,18,70,${dusk * 0.35})`;
        g.fillRect(-20, -20, W + 40, H + 40);
      }

      for (const p of particles) {
        g.globalAlpha = p.life / p.max;
        g.fillStyle = p.color;
        g.beginPath();
        g.arc(p.x, p.y, p.size, 0, Math.PI * 2);
        g.fill();
      }
      g.globalAlpha = 1;

      // The bird.
      g.save();
      g.translate(BIRD_X, bird.y);
      g.rotate(bird.rot);
      g.fillStyle = "rgba(0,0,0,0.12)";
      g.beginPath();
      g.ellipse(2, 4, BIRD_R + 1, BIRD_R - 2, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#f08c00";
      g.beginPath();
      g.moveTo(-BIRD_R + 2, -2);
      g.lineTo(-BIRD_R - 9, -8);
      g.lineTo(-BIRD_R - 6, 1);
      g.lineTo(-BIRD_R - 10, 6);
      g.closePath();
      g.fill();
      const body = g.createRadialGradient(-4, -6, 2, 0, 0, BIRD_R + 2);
      body.addColorStop(0, "#fff08a");
      body.addColorStop(0.6, "#ffd43b");
      body.addColorStop(1, "#f59f00");
      g.fillStyle = body;
      g.beginPath();
      g.ellipse(0, 0, BIRD_R + 2, BIRD_R, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#fff4c2";
      g.beginPath();
      g.ellipse(2, 7, 9, 5.5, 0, 0, Math.PI * 2);
      g.fill();
      // Wing flaps fast after a hop, slowly otherwise.
      const flap =
        state === "dead"
          ? 0.3
          : flapAnim > 0
            ? Math.sin(flapAnim * 0.9)
            : Math.sin(frame * 0.15) * 0.4;
      g.save();
      g.translate(-4, 1);
      g.rotate(-0.3 + flap * 0.7);
      g.fillStyle = "#f59f00";
      g.beginPath();
      g.ellipse(-4, 0, 10, 6, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#ffe066";
      g.beginPath();
      g.ellipse(-3, -1.5, 7, 3.5, 0, 0, Math.PI * 2);
      g.fill();
      g.restore();
      g.fillStyle = "#fff";
      g.beginPath();
      g.arc(7, -5, 6.5, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#1f2937";
      g.beginPath();
      if (state === "dead") {
        g.lineWidth = 2;
        g.strokeStyle = "#1f2937";
        g.moveTo(5, -8);
        g.lineTo(11, -2);
        g.moveTo(11, -8);
        g.lineTo(5, -2);
        g.stroke();
      } else {
        g.arc(9, -5, 3.2, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = "#fff";
        g.beginPath();
        g.arc(10, -6.5, 1.1, 0, Math.PI * 2);
        g.fill();
      }
      g.fillStyle = "#ff6b3d";
      g.beginPath();
      g.moveTo(12, 0);
      g.lineTo(24, 3);
      g.lineTo(12, 8);
      g.closePath();
      g.fill();
      g.fillStyle = "rgba(255,120,120,0.55)";
      g.beginPath();
      g.arc(3, 3, 3, 0, Math.PI * 2);
      g.fill();
      g.restore();

      g.textAlign = "center";
      g.textBaseline = "middle";
      for (const p of popups) {
        g.globalAlpha = Math.min(1, p.life / 15);
        g.font = "900 22px system-ui, sans-serif";
        g.lineWidth = 4;
        g.strokeStyle = "rgba(0,0,0,0.25)";
        g.strokeText("+1", p.x, p.y);
        g.fillStyle = "#fff";
        g.fillText("+1", p.x, p.y);
      }
      g.globalAlpha = 1;

      if (state === "ready") {
        g.font = "900 34px system-ui, sans-serif";
        g.lineWidth = 6;
        g.strokeStyle = "rgba(20,40,80,0.35)";
        g.strokeText("Get ready!", W / 2, 200);
        g.fillStyle = "#fff";
        g.fillText("Get ready!", W / 2, 200);
        // A tapping finger hint.
        const bob = Math.abs(Math.sin(frame * 0.1)) * 8;
        g.fillStyle = "rgba(255,255,255,0.9)";
        g.beginPath();
        g.arc(BIRD_X + 2, 380 + bob, 14, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = "#4fb7ef";
        g.font = "800 13px system-ui, sans-serif";
        g.fillText("TAP", BIRD_X + 2, 381 + bob);
        g.strokeStyle = `rgba(255,255,255,${0.6 - bob / 20})`;
        g.lineWidth = 2;
        g.beginPath();
        g.arc(BIRD_X + 2, 380, 22 + bob, 0, Math.PI * 2);
        g.stroke();
      }
      if (flash > 0) {
        g.fillStyle = `rgba(255,255,255,${flash / 18})`;
        g.fillRect(-20, -20, W + 40, H + 40);
      }
      g.restore();
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
    autoplay() {
      if (state === "dead") return;
      if (state === "ready") {
        if (frame > 20) game.pointerDown!(BIRD_X, bird.y);
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
        game.pointerDown!(BIRD_X, bird.y);
    },
  };
  return game;
}

export const rules = legacyRules(
  "sky-hopper",
  { width: W, height: H },
  createSkyHopper,
);
