import { createRng } from "../shared/rng";
import { legacyRules, type Game, type GameContext } from "../shared/legacy";
import { clamp } from "../shared/sim";

const W = 360;
const H = 640;
const SHIP_Y = 566;
const SHIP_R = 13;
const LIVES = 3;
const EDGE = 22;

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

function starPath(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  outer: number,
  inner: number,
  rot: number,
) {
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = rot + (i * Math.PI) / 5 - Math.PI / 2;
    g.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
  }
  g.closePath();
}

function createStarDodger({ rng, sound }: GameContext): Game {
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
      particles.push({
        x,
        y,
        vx: Math.cos(a) * s,
        vy: Math.sin(a) * s,
        life: max,
        max,
        size: fx.range(1.5, 4),
        color: fx.pick(colors),
      });
    }
  }

  function hit(m: Meteor) {
    meteors.splice(meteors.indexOf(m), 1);
    lives--;
    shake = 16;
    hitFlash = 18;
    sound.play("hit");
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

  const game: Game = {
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
      for (let i = particles.length - 1; i >= 0; i--)
        if (particles[i].life <= 0) particles.splice(i, 1);
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
      for (let i = meteors.length - 1; i >= 0; i--)
        if (meteors[i].y - meteors[i].r > H + 10) meteors.splice(i, 1);
      for (const s of stars) {
        s.y += s.vy;
        s.rot += 0.04;
      }
      for (let i = stars.length - 1; i >= 0; i--)
        if (stars[i].y > H + 20) stars.splice(i, 1);

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
        if (
          (s.x - ship.x) ** 2 + (s.y - SHIP_Y) ** 2 <
          (s.big ? 30 : 26) ** 2
        ) {
          stars.splice(i, 1);
          const points = s.big ? 5 : 1;
          game.score += points;
          sound.play(s.big ? "level" : "score");
          burst(
            s.x,
            s.y,
            s.big
              ? ["#f9a8d4", "#ffffff", "#f472b6"]
              : ["#fde68a", "#ffffff", "#facc15"],
            s.big ? 18 : 10,
            3,
          );
          popups.push({
            x: s.x,
            y: s.y - 16,
            text: `+${points}`,
            life: 40,
            color: s.big ? "#f9a8d4" : "#fde68a",
          });
        }
      }
      if (invulnerable === 0) {
        for (const m of meteors) {
          if (
            (m.x - ship.x) ** 2 + (m.y - SHIP_Y) ** 2 <
            (m.r * 0.82 + SHIP_R) ** 2
          ) {
            hit(m);
            break;
          }
        }
      }
    },
    render(g) {
      g.save();
      if (shake > 0)
        g.translate(
          Math.sin(frame * 2.7) * shake * 0.4,
          Math.cos(frame * 2.1) * shake * 0.4,
        );
      const bg = g.createLinearGradient(0, 0, 0, H);
      bg.addColorStop(0, "#0b0b2a");
      bg.addColorStop(0.55, "#170e3e");
      bg.addColorStop(1, "#0f0b2e");
      g.fillStyle = bg;
      g.fillRect(-20, -20, W + 40, H + 40);
      for (const [x, y, r, color] of [
        [70, 190, 170, "rgba(236,72,153,0.16)"],
        [300, 420, 190, "rgba(56,189,248,0.13)"],
        [200, 620, 160, "rgba(168,85,247,0.18)"],
      ] as const) {
        const neb = g.createRadialGradient(x, y, 0, x, y, r);
        neb.addColorStop(0, color);
        neb.addColorStop(1, "rgba(0,0,0,0)");
        g.fillStyle = neb;
        g.fillRect(x - r, y - r, r * 2, r * 2);
      }
      // Parallax star field streams past faster as the pace rises.
      for (const layer of sky) {
        for (const s of layer) {
          const y = (s.y + travelled * s.depth * 2.2) % H;
          g.fillStyle = `rgba(255,255,255,${0.35 + s.depth * 0.5})`;
          g.fillRect(s.x, y, s.r, s.r * (1 + s.depth * pace() * 1.5));
        }
      }

      // Collectable stars.
      for (const s of stars) {
        const size = s.big ? 17 : 12;
        const pulse = 1 + Math.sin(frame * 0.15 + s.x) * 0.08;
        const glow = g.createRadialGradient(s.x, s.y, 0, s.x, s.y, size * 2.2);
        glow.addColorStop(
          0,
          s.big ? "rgba(244,114,182,0.55)" : "rgba(250,204,21,0.45)",
        );
        glow.addColorStop(1, "rgba(0,0,0,0)");
        g.fillStyle = glow;
        g.fillRect(s.x - size * 2.2, s.y - size * 2.2, size * 4.4, size * 4.4);
        starPath(g, s.x, s.y, size * pulse, size * 0.46 * pulse, s.rot);
        g.fillStyle = s.big ? "#f472b6" : "#facc15";
        g.fill();
        starPath(g, s.x - 1, s.y - 1, size * 0.55, size * 0.25, s.rot);
        g.fillStyle = s.big ? "#fce7f3" : "#fef9c3";
        g.fill();
        if (s.big) {
          g.strokeStyle = `rgba(255,255,255,${0.5 + 0.3 * Math.sin(frame * 0.2)})`;
          g.lineWidth = 2;
          g.beginPath();
          g.arc(s.x, s.y, size + 6, 0, Math.PI * 2);
          g.stroke();
        }
      }

      // Meteors with a fiery tail.
      for (const m of meteors) {
        const tail = g.createLinearGradient(
          m.x,
          m.y,
          m.x - m.vx * 14,
          m.y - m.vy * 14 - m.r * 2,
        );
        tail.addColorStop(0, "rgba(255,140,60,0.55)");
        tail.addColorStop(1, "rgba(255,80,60,0)");
        g.fillStyle = tail;
        g.beginPath();
        g.moveTo(m.x - m.r * 0.85, m.y);
        g.lineTo(m.x - m.vx * 14, m.y - m.vy * 12 - m.r * 2.4);
        g.lineTo(m.x + m.r * 0.85, m.y);
        g.closePath();
        g.fill();
        g.save();
        g.translate(m.x, m.y);
        g.rotate(m.rot);
        const body = g.createRadialGradient(
          -m.r * 0.3,
          -m.r * 0.3,
          1,
          0,
          0,
          m.r * 1.1,
        );
        const hue = 18 + m.tone * 14;
        body.addColorStop(0, `hsl(${hue} 35% 62%)`);
        body.addColorStop(1, `hsl(${hue} 40% 26%)`);
        g.fillStyle = body;
        g.beginPath();
        m.shape.forEach((k, i) => {
          const a = (i / m.shape.length) * Math.PI * 2;
          g.lineTo(Math.cos(a) * m.r * k, Math.sin(a) * m.r * k);
        });
        g.closePath();
        g.fill();
        g.fillStyle = `hsla(${hue} 40% 20% / 0.55)`;
        m.craters.forEach((a, i) => {
          g.beginPath();
          g.arc(
            Math.cos(a) * m.r * 0.45,
            Math.sin(a) * m.r * 0.45,
            m.r * (0.16 + i * 0.05),
            0,
            Math.PI * 2,
          );
          g.fill();
        });
        g.restore();
      }

      for (const q of particles) {
        g.globalAlpha = q.life / q.max;
        g.fillStyle = q.color;
        g.beginPath();
        g.arc(q.x, q.y, q.size, 0, Math.PI * 2);
        g.fill();
      }
      g.globalAlpha = 1;

      // The ship (blinking while it recovers from a hit).
      if (
        dying < 0 &&
        !(invulnerable > 0 && Math.floor(invulnerable / 5) % 2 === 0)
      ) {
        g.save();
        g.translate(ship.x, SHIP_Y);
        g.rotate(ship.tilt * 0.25);
        const flame =
          12 + Math.sin(frame * 0.9) * 4 + Math.sin(frame * 2.3) * 2;
        const fl = g.createLinearGradient(0, 10, 0, 12 + flame);
        fl.addColorStop(0, "#fff7d6");
        fl.addColorStop(0.4, "#fb923c");
        fl.addColorStop(1, "rgba(244,63,94,0)");
        g.fillStyle = fl;
        g.beginPath();
        g.moveTo(-7, 10);
        g.quadraticCurveTo(0, 14 + flame * 1.4, 7, 10);
        g.closePath();
        g.fill();
        g.fillStyle = "#ec4899";
        g.beginPath();
        g.moveTo(-4, -4);
        g.lineTo(-19, 12);
        g.lineTo(-17, 16);
        g.lineTo(-5, 11);
        g.closePath();
        g.moveTo(4, -4);
        g.lineTo(19, 12);
        g.lineTo(17, 16);
        g.lineTo(5, 11);
        g.closePath();
        g.fill();
        const hull = g.createLinearGradient(-10, 0, 10, 0);
        hull.addColorStop(0, "#cbd5e1");
        hull.addColorStop(0.5, "#ffffff");
        hull.addColorStop(1, "#94a3b8");
        g.fillStyle = hull;
        g.beginPath();
        g.moveTo(0, -22);
        g.quadraticCurveTo(10, -8, 9, 12);
        g.lineTo(-9, 12);
        g.quadraticCurveTo(-10, -8, 0, -22);
        g.fill();
        g.fillStyle = "#38bdf8";
        g.beginPath();
        g.ellipse(0, -6, 4, 7, 0, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = "rgba(255,255,255,0.8)";
        g.beginPath();
        g.ellipse(-1.3, -8, 1.4, 3, 0, 0, Math.PI * 2);
        g.fill();
        g.restore();
      }

      g.textAlign = "center";
      g.textBaseline = "middle";
      g.font = "900 18px system-ui, sans-serif";
      for (const q of popups) {
        g.globalAlpha = Math.min(1, q.life / 15);
        g.fillStyle = q.color;
        g.fillText(q.text, q.x, q.y);
      }
      g.globalAlpha = 1;

      // Lives as hearts, top centre.
      for (let i = 0; i < LIVES; i++) {
        const x = W / 2 - 24 + i * 24;
        const y = 24;
        g.fillStyle = i < lives ? "#fb7185" : "rgba(255,255,255,0.18)";
        g.beginPath();
        g.moveTo(x, y + 7);
        g.bezierCurveTo(x - 12, y - 1, x - 6, y - 10, x, y - 4);
        g.bezierCurveTo(x + 6, y - 10, x + 12, y - 1, x, y + 7);
        g.fill();
      }
      if (hitFlash > 0) {
        g.fillStyle = `rgba(251,113,133,${hitFlash / 50})`;
        g.fillRect(-20, -20, W + 40, H + 40);
      }
      g.restore();
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
    autoplay() {
      if (dying >= 0) return;
      if (demoFinger === null) {
        demoFinger = ship.x;
        game.pointerDown!(demoFinger, 600);
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
      game.pointerMove!(demoFinger, 600);
    },
  };
  // A few stars are already on their way when the round begins.
  for (const y of [330, 150])
    stars.push({ x: rng.range(60, W - 60), y, vy: 2.3, rot: 0, big: false });
  return game;
}

export const rules = legacyRules(
  "star-dodger",
  { width: W, height: H },
  createStarDodger,
);
