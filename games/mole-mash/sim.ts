import { legacyRules, type Game, type GameContext } from "../shared/legacy";
import { clamp } from "../shared/sim";

const W = 360;
const H = 640;
const COLS_X = [66, 180, 294];
const ROWS_Y = [276, 404, 532];
const HOLE_RX = 48;
const HOLE_RY = 16;
const MOLE_H = 84; // how far a mole rises above its hole's centre line
const RISE = 9; // frames to pop up or sink
const MAX_MISSES = 5;

/** Numpad layout (7 8 9 on top) and the QWE / ASD / ZXC block map to the same holes. */
const KEY_HOLES: Record<string, number> = {
  "7": 0,
  "8": 1,
  "9": 2,
  "4": 3,
  "5": 4,
  "6": 5,
  "1": 6,
  "2": 7,
  "3": 8,
  q: 0,
  w: 1,
  e: 2,
  a: 3,
  s: 4,
  d: 5,
  z: 6,
  x: 7,
  c: 8,
};
const HOLE_LABELS = [
  "7 Q",
  "8 W",
  "9 E",
  "4 A",
  "5 S",
  "6 D",
  "1 Z",
  "2 X",
  "3 C",
];

type Kind = "normal" | "golden" | "bomb";

interface Mole {
  id: number;
  hole: number;
  kind: Kind;
  age: number;
  stay: number;
  /** Frames since it was whacked, or -1. */
  hit: number;
  done: boolean;
}

interface Hammer {
  hole: number;
  t: number;
  /** Struck a mole (head height) rather than the empty hole. */
  high: boolean;
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
  star: boolean;
}

interface Popup {
  x: number;
  y: number;
  text: string;
  color: string;
  t: number;
}

const holeX = (hole: number) => COLS_X[hole % 3];
const holeY = (hole: number) => ROWS_Y[Math.floor(hole / 3)];
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

function createMoleMash({ rng, sound }: GameContext): Game {
  let moles: Mole[] = [];
  let hammers: Hammer[] = [];
  let particles: Particle[] = [];
  let popups: Popup[] = [];
  let frame = 0;
  let spawnTimer = 30;
  let spawned = 0;
  let nextId = 1;
  let misses = 0;
  let missFlash = 0;
  let combo = 0;
  let shake = 0;
  let endTimer = -1;
  let demoCooldown = 0;

  /** 0 at the start, 1 at full speed (after 80 moles). */
  const pace = () => Math.min(1, spawned / 80);

  function spawnMole() {
    const free = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter(
      (hole) => !moles.some((mole) => mole.hole === hole),
    );
    if (!free.length) return;
    const hole = rng.pick(free);
    const roll = rng.next();
    const bombChance = spawned < 6 ? 0 : lerp(0.1, 0.2, pace());
    const kind: Kind =
      roll < bombChance
        ? "bomb"
        : roll < bombChance + 0.07
          ? "golden"
          : "normal";
    let stay = Math.round(lerp(72, 34, pace()) * rng.range(0.85, 1.15));
    if (kind === "golden") stay = Math.round(stay * 0.7);
    if (kind === "bomb") stay = Math.round(stay * 1.2);
    moles.push({
      id: nextId++,
      hole,
      kind,
      age: 0,
      stay,
      hit: -1,
      done: false,
    });
    spawned++;
    for (let i = 0; i < 5; i++) {
      particles.push({
        x: holeX(hole) + rng.range(-30, 30),
        y: holeY(hole),
        vx: rng.range(-60, 60),
        vy: rng.range(-150, -60),
        life: 0,
        max: 24,
        size: rng.range(2.5, 4.5),
        color: "#7c4a22",
        star: false,
      });
    }
  }

  /** How far out of its hole a mole is, 0..1. */
  function popOf(mole: Mole) {
    if (mole.hit >= 0)
      return mole.hit < 14 ? 1 : clamp(1 - (mole.hit - 14) / 8, 0, 1);
    if (mole.age < RISE) return easeOut(mole.age / RISE);
    if (mole.age < RISE + mole.stay) return 1;
    return clamp(1 - (mole.age - RISE - mole.stay) / RISE, 0, 1);
  }

  function burst(
    x: number,
    y: number,
    colors: string[],
    count: number,
    speed: number,
    star: boolean,
  ) {
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + rng.range(-0.3, 0.3);
      const v = rng.range(speed * 0.5, speed);
      particles.push({
        x,
        y,
        vx: Math.cos(angle) * v,
        vy: Math.sin(angle) * v - 60,
        life: 0,
        max: rng.int(22, 34),
        size: rng.range(3, 6),
        color: colors[i % colors.length],
        star,
      });
    }
  }

  function loseLife() {
    misses++;
    missFlash = 24;
    combo = 0;
    if (misses >= MAX_MISSES && endTimer < 0) endTimer = 40;
  }

  function whack(hole: number) {
    if (endTimer >= 0) return;
    hammers = hammers.filter((hammer) => hammer.hole !== hole);
    const target = moles.find(
      (mole) => mole.hole === hole && mole.hit < 0 && popOf(mole) > 0.35,
    );
    hammers.push({ hole, t: 0, high: !!target });
    const x = holeX(hole);
    const y = holeY(hole) - MOLE_H * 0.55;
    if (!target) {
      combo = 0;
      sound.play("move");
      return;
    }
    target.hit = 0;
    if (target.kind === "bomb") {
      sound.play("hit");
      shake = 18;
      burst(x, y, ["#f97316", "#facc15", "#ef4444", "#fde68a"], 22, 260, false);
      popups.push({ x, y: y - 20, text: "BOOM!", color: "#f97316", t: 0 });
      loseLife();
      return;
    }
    combo++;
    const multiplier = combo >= 25 ? 3 : combo >= 10 ? 2 : 1;
    const points = (target.kind === "golden" ? 5 : 1) * multiplier;
    game.score += points;
    if (target.kind === "golden") {
      sound.play("level");
      burst(x, y, ["#fde047", "#facc15", "#fff7ae"], 16, 220, true);
    } else {
      sound.play(combo === 10 || combo === 25 ? "level" : "score");
      burst(x, y, ["#ffffff", "#fde68a", "#fca5a5"], 9, 170, true);
    }
    popups.push({
      x,
      y: holeY(hole) - MOLE_H - 26,
      text: `+${points}`,
      color: target.kind === "golden" ? "#fde047" : "#ffffff",
      t: 0,
    });
    if (combo === 10 || combo === 25)
      popups.push({
        x: W / 2,
        y: 170,
        text: `Combo x${multiplier}!`,
        color: "#f0abfc",
        t: -10,
      });
  }

  function holeAt(x: number, y: number) {
    for (let hole = 0; hole < 9; hole++) {
      if (
        Math.abs(x - holeX(hole)) <= 56 &&
        y >= holeY(hole) - MOLE_H - 22 &&
        y <= holeY(hole) + 34
      )
        return hole;
    }
    return -1;
  }

  const game: Game = {
    score: 0,
    over: false,
    update() {
      frame++;
      if (endTimer >= 0) {
        if (--endTimer <= 0) game.over = true;
      } else if (--spawnTimer <= 0) {
        spawnMole();
        if (pace() > 0.3 && rng.chance(pace() * 0.3)) spawnMole();
        spawnTimer = Math.round(lerp(50, 22, pace()) * rng.range(0.75, 1.2));
      }
      for (const mole of moles) {
        if (mole.hit >= 0) {
          mole.hit++;
          if (mole.hit > 22) mole.done = true;
          continue;
        }
        mole.age++;
        if (mole.age > RISE * 2 + mole.stay) {
          mole.done = true;
          if (mole.kind !== "bomb" && endTimer < 0) {
            loseLife();
            sound.play("hit");
            popups.push({
              x: holeX(mole.hole),
              y: holeY(mole.hole) - 40,
              text: "Miss",
              color: "#fecaca",
              t: 0,
            });
          }
        }
      }
      moles = moles.filter((mole) => !mole.done);
      for (const hammer of hammers) hammer.t++;
      hammers = hammers.filter((hammer) => hammer.t < 16);
      for (const p of particles) {
        p.life++;
        p.x += p.vx / 60;
        p.y += p.vy / 60;
        p.vy += 500 / 60;
      }
      particles = particles.filter((p) => p.life < p.max);
      for (const popup of popups) popup.t++;
      popups = popups.filter((popup) => popup.t < 40);
      if (shake > 0) shake--;
      if (missFlash > 0) missFlash--;
      if (demoCooldown > 0) demoCooldown--;
    },
    render(g) {
      g.save();
      if (shake > 0)
        g.translate(
          Math.sin(frame * 2.3) * shake * 0.4,
          Math.cos(frame * 1.7) * shake * 0.3,
        );
      drawBackground(g, frame);
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const hole = row * 3 + col;
          drawHole(
            g,
            hole,
            moles.find((mole) => mole.hole === hole),
            popOf,
            frame,
          );
        }
      }
      for (const hammer of hammers) drawHammer(g, hammer);
      for (const p of particles) {
        g.globalAlpha = 1 - p.life / p.max;
        g.fillStyle = p.color;
        if (p.star) drawStar(g, p.x, p.y, p.size * 1.2, p.life * 0.2);
        else {
          g.beginPath();
          g.arc(p.x, p.y, p.size, 0, Math.PI * 2);
          g.fill();
        }
      }
      g.globalAlpha = 1;
      g.textAlign = "center";
      g.textBaseline = "middle";
      for (const popup of popups) {
        if (popup.t < 0) continue;
        const big = popup.text.startsWith("Combo") || popup.text === "BOOM!";
        g.globalAlpha = clamp(1.6 - popup.t / 25, 0, 1);
        g.font = `900 ${big ? 30 : 24}px system-ui, sans-serif`;
        g.lineWidth = 5;
        g.strokeStyle = "rgba(40,20,10,0.75)";
        const y = popup.y - popup.t * 0.9;
        g.strokeText(popup.text, popup.x, y);
        g.fillStyle = popup.color;
        g.fillText(popup.text, popup.x, y);
      }
      g.globalAlpha = 1;
      g.restore();
      drawLives(g, misses, missFlash, combo, frame);
    },
    pointerDown(x, y) {
      const hole = holeAt(x, y);
      if (hole >= 0) whack(hole);
    },
    keyDown(key) {
      const hole = KEY_HOLES[key.toLowerCase()];
      if (hole !== undefined) whack(hole);
    },
    autoplay() {
      if (demoCooldown > 0 || endTimer >= 0) return;
      // A quick, sharp player: reacts a beat after a mole appears, prefers gold, never touches bombs.
      const ready = moles.filter(
        (mole) =>
          mole.hit < 0 &&
          mole.kind !== "bomb" &&
          mole.age >= RISE + 2 + ((mole.id * 7) % 9) &&
          popOf(mole) > 0.5,
      );
      if (!ready.length) return;
      ready.sort(
        (a, b) =>
          (a.kind === "golden" ? -1 : 0) - (b.kind === "golden" ? -1 : 0) ||
          b.age - a.age,
      );
      const target = ready[0];
      game.pointerDown!(
        holeX(target.hole) + ((target.id * 13) % 21) - 10,
        holeY(target.hole) - 40,
      );
      demoCooldown = 6 + (target.id % 4);
    },
  };
  return game;
}

function easeOut(t: number) {
  return 1 - (1 - t) * (1 - t);
}

export const HEDGE = "#2d6a1e";

function drawBackground(g: CanvasRenderingContext2D, frame: number) {
  const lawn = g.createLinearGradient(0, 100, 0, H);
  lawn.addColorStop(0, "#5dbb43");
  lawn.addColorStop(1, "#47a634");
  g.fillStyle = lawn;
  g.fillRect(0, 0, W, H);
  // Mowed stripes.
  g.fillStyle = "rgba(255,255,255,0.06)";
  for (let i = 0; i < 5; i++) g.fillRect(i * 80 - 20, 0, 40, H);
  // Flowers and tufts dotted over the lawn.
  for (let i = 0; i < 22; i++) {
    const x = (i * 137 + 23) % W;
    const y = 150 + ((i * 211) % 450);
    if (i % 3 === 0) {
      g.fillStyle = i % 2 ? "#fff" : "#fde68a";
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * Math.PI * 2 + Math.sin(frame * 0.03 + i) * 0.2;
        g.beginPath();
        g.arc(
          x + Math.cos(a) * 3.5,
          y + Math.sin(a) * 3.5,
          2.6,
          0,
          Math.PI * 2,
        );
        g.fill();
      }
      g.fillStyle = "#f59e0b";
      g.beginPath();
      g.arc(x, y, 2, 0, Math.PI * 2);
      g.fill();
    } else {
      g.strokeStyle = "rgba(30,95,20,0.5)";
      g.lineWidth = 2;
      g.lineCap = "round";
      g.beginPath();
      g.moveTo(x - 4, y - 6);
      g.lineTo(x, y);
      g.lineTo(x + 4, y - 7);
      g.moveTo(x, y);
      g.lineTo(x + 1, y - 9);
      g.stroke();
    }
  }
  drawHedge(g, 0, 104, 1);
  drawHedge(g, H, 616, -1);
}

/** A row of round bushes: solid from `edge` to `line`, bumpy along `line`. */
function drawHedge(
  g: CanvasRenderingContext2D,
  edge: number,
  line: number,
  dir: number,
) {
  g.fillStyle = "rgba(20,60,10,0.25)";
  for (let i = 0; i < 10; i++) {
    g.beginPath();
    g.arc(i * 40 - 2 + (i % 2) * 6, line + 7 * dir, 26, 0, Math.PI * 2);
    g.fill();
  }
  g.fillStyle = HEDGE;
  g.fillRect(0, Math.min(edge, line), W, Math.abs(line - edge));
  for (let i = 0; i < 10; i++) {
    const x = i * 40 - 2 + (i % 2) * 6;
    const r = 24 + ((i * 7) % 3) * 3;
    g.fillStyle = HEDGE;
    g.beginPath();
    g.arc(x, line, r, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#3b8427";
    g.beginPath();
    g.arc(x - 4, line - 5 * dir, r * 0.62, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#4e9c33";
    g.beginPath();
    g.arc(x - 7, line - 9 * dir, r * 0.3, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = i % 2 ? "#f9a8d4" : "#fef08a";
    g.beginPath();
    g.arc(x + 9, line + 2 * dir, 3, 0, Math.PI * 2);
    g.arc(x - 12, line - 14 * dir, 2.5, 0, Math.PI * 2);
    g.fill();
  }
}

function drawHole(
  g: CanvasRenderingContext2D,
  hole: number,
  mole: Mole | undefined,
  popOf: (mole: Mole) => number,
  frame: number,
) {
  const x = holeX(hole);
  const y = holeY(hole);
  // Mound of dirt.
  g.fillStyle = "#8a5a2b";
  g.beginPath();
  g.ellipse(x, y + 6, HOLE_RX + 10, HOLE_RY + 12, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#a46d37";
  g.beginPath();
  g.ellipse(x, y + 2, HOLE_RX + 6, HOLE_RY + 7, 0, 0, Math.PI * 2);
  g.fill();
  // The hole.
  const inside = g.createRadialGradient(x, y + 4, 4, x, y, HOLE_RX);
  inside.addColorStop(0, "#140a04");
  inside.addColorStop(1, "#3b220f");
  g.fillStyle = inside;
  g.beginPath();
  g.ellipse(x, y, HOLE_RX, HOLE_RY, 0, 0, Math.PI * 2);
  g.fill();

  if (mole) {
    const pop = popOf(mole);
    if (pop > 0) {
      g.save();
      g.beginPath();
      g.rect(
        x - HOLE_RX - 20,
        y - MOLE_H - 60,
        (HOLE_RX + 20) * 2,
        MOLE_H + 60,
      );
      g.ellipse(x, y, HOLE_RX, HOLE_RY, 0, 0, Math.PI);
      g.clip();
      const top = y - MOLE_H * pop;
      if (mole.kind === "bomb") drawBomb(g, x, top, frame);
      else drawMole(g, x, top, mole, frame);
      g.restore();
    }
  }
  // Front lip of the hole, over the mole's body.
  g.strokeStyle = "#c08449";
  g.lineWidth = 5;
  g.beginPath();
  g.ellipse(x, y + 1, HOLE_RX - 1, HOLE_RY, 0, 0.05, Math.PI - 0.05);
  g.stroke();
  g.fillStyle = "rgba(255,255,255,0.35)";
  g.font = "700 11px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(HOLE_LABELS[hole], x, y + 30);
}

function drawMole(
  g: CanvasRenderingContext2D,
  x: number,
  top: number,
  mole: Mole,
  frame: number,
) {
  const golden = mole.kind === "golden";
  const cy = top + 40;
  const body = g.createLinearGradient(x - 34, 0, x + 34, 0);
  if (golden) {
    body.addColorStop(0, "#f59e0b");
    body.addColorStop(0.5, "#fde047");
    body.addColorStop(1, "#d97706");
  } else {
    body.addColorStop(0, "#6b4226");
    body.addColorStop(0.5, "#9a6238");
    body.addColorStop(1, "#5a3620");
  }
  g.fillStyle = body;
  g.beginPath();
  g.moveTo(x - 34, top + 120);
  g.lineTo(x - 34, cy);
  g.arc(x, cy, 34, Math.PI, 0);
  g.lineTo(x + 34, top + 120);
  g.fill();
  // Ears.
  g.fillStyle = golden ? "#b45309" : "#4a2c18";
  g.beginPath();
  g.arc(x - 25, top + 14, 8, 0, Math.PI * 2);
  g.arc(x + 25, top + 14, 8, 0, Math.PI * 2);
  g.fill();
  // Belly.
  g.fillStyle = golden ? "#fef3c7" : "#d9b48a";
  g.beginPath();
  g.ellipse(x, cy + 40, 20, 26, 0, 0, Math.PI * 2);
  g.fill();
  // Muzzle.
  g.fillStyle = golden ? "#fff7d6" : "#e8c9a4";
  g.beginPath();
  g.ellipse(x, cy + 12, 17, 12, 0, 0, Math.PI * 2);
  g.fill();
  // Eyes.
  if (mole.hit >= 0) {
    g.strokeStyle = "#1f130a";
    g.lineWidth = 3;
    g.lineCap = "round";
    for (const ex of [x - 12, x + 12]) {
      g.beginPath();
      g.moveTo(ex - 5, cy - 8);
      g.lineTo(ex + 5, cy + 2);
      g.moveTo(ex + 5, cy - 8);
      g.lineTo(ex - 5, cy + 2);
      g.stroke();
    }
    // Dizzy stars.
    g.fillStyle = "#fde047";
    for (let i = 0; i < 3; i++) {
      const angle = frame * 0.2 + (i * Math.PI * 2) / 3;
      drawStar(
        g,
        x + Math.cos(angle) * 26,
        top - 6 + Math.sin(angle) * 7,
        6,
        angle,
      );
    }
  } else {
    const blink = (frame + mole.id * 17) % 110 < 5;
    g.fillStyle = "#1f130a";
    for (const ex of [x - 12, x + 12]) {
      g.beginPath();
      if (blink) g.rect(ex - 5, cy - 3, 10, 2.5);
      else g.arc(ex, cy - 3, 5, 0, Math.PI * 2);
      g.fill();
    }
    if (!blink) {
      g.fillStyle = "#fff";
      g.beginPath();
      g.arc(x - 10.5, cy - 5, 1.8, 0, Math.PI * 2);
      g.arc(x + 13.5, cy - 5, 1.8, 0, Math.PI * 2);
      g.fill();
    }
  }
  // Nose, teeth, cheeks.
  g.fillStyle = "#f472b6";
  g.beginPath();
  g.ellipse(x, cy + 6, 7, 5, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#fff";
  g.fillRect(x - 5, cy + 16, 4.5, 6);
  g.fillRect(x + 0.5, cy + 16, 4.5, 6);
  g.fillStyle = "rgba(244,114,182,0.35)";
  g.beginPath();
  g.arc(x - 22, cy + 10, 5, 0, Math.PI * 2);
  g.arc(x + 22, cy + 10, 5, 0, Math.PI * 2);
  g.fill();
  // Little paws on the rim.
  g.fillStyle = golden ? "#fbbf24" : "#7a4a2a";
  g.beginPath();
  g.ellipse(x - 20, top + MOLE_H - 4, 9, 6, 0, 0, Math.PI * 2);
  g.ellipse(x + 20, top + MOLE_H - 4, 9, 6, 0, 0, Math.PI * 2);
  g.fill();
  if (golden) {
    g.fillStyle = "#fffbe6";
    const twinkle = (frame % 30) / 30;
    drawStar(g, x + 26, top + 4, 4 + twinkle * 3, frame * 0.1);
    drawStar(g, x - 30, top + 34, 3 + (1 - twinkle) * 3, -frame * 0.1);
  }
}

function drawBomb(
  g: CanvasRenderingContext2D,
  x: number,
  top: number,
  frame: number,
) {
  const cy = top + 44;
  const ball = g.createRadialGradient(x - 12, cy - 14, 4, x, cy, 38);
  ball.addColorStop(0, "#6b7280");
  ball.addColorStop(1, "#111827");
  g.fillStyle = ball;
  g.beginPath();
  g.arc(x, cy, 36, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#374151";
  g.fillRect(x - 9, top + 2, 18, 10);
  g.strokeStyle = "#d6b27c";
  g.lineWidth = 3;
  g.beginPath();
  g.moveTo(x, top + 2);
  g.quadraticCurveTo(x + 6, top - 12, x + 16, top - 10);
  g.stroke();
  const flicker = 5 + ((frame * 7) % 5);
  g.fillStyle = "#f97316";
  drawStar(g, x + 17, top - 11, flicker, frame * 0.4);
  g.fillStyle = "#fde047";
  drawStar(g, x + 17, top - 11, flicker * 0.5, -frame * 0.4);
  // Angry face: a warning to keep your hammer away.
  g.strokeStyle = "#ef4444";
  g.lineWidth = 3.5;
  g.lineCap = "round";
  g.beginPath();
  g.moveTo(x - 18, cy - 12);
  g.lineTo(x - 6, cy - 6);
  g.moveTo(x + 18, cy - 12);
  g.lineTo(x + 6, cy - 6);
  g.stroke();
  g.fillStyle = "#fca5a5";
  g.beginPath();
  g.arc(x - 11, cy + 1, 4, 0, Math.PI * 2);
  g.arc(x + 11, cy + 1, 4, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = "#fca5a5";
  g.lineWidth = 3;
  g.beginPath();
  g.arc(x, cy + 22, 9, Math.PI * 1.15, Math.PI * 1.85);
  g.stroke();
}

function drawHammer(g: CanvasRenderingContext2D, hammer: Hammer) {
  const x = holeX(hammer.hole);
  const strikeY = holeY(hammer.hole) - (hammer.high ? MOLE_H - 6 : 4);
  // Swings down in 4 frames, rests, then lifts away.
  const swing =
    hammer.t < 4 ? hammer.t / 4 : hammer.t < 10 ? 1 : 1 - (hammer.t - 10) / 6;
  const angle = lerp(1.2, -0.12, swing);
  g.save();
  g.globalAlpha = hammer.t < 10 ? 1 : 1 - (hammer.t - 10) / 6;
  g.translate(x + 62, strikeY - 30);
  g.rotate(angle);
  g.fillStyle = "rgba(0,0,0,0.18)";
  g.beginPath();
  g.roundRect(-88, -18, 34, 48, 8);
  g.fill();
  g.fillStyle = "#b7793f";
  g.beginPath();
  g.roundRect(-64, -5, 70, 10, 4);
  g.fill();
  g.fillStyle = "#8a5527";
  g.fillRect(-8, -5, 14, 10);
  g.fillStyle = "#dc2626";
  g.beginPath();
  g.roundRect(-88, -24, 32, 48, 8);
  g.fill();
  g.fillStyle = "#f87171";
  g.fillRect(-83, -20, 7, 40);
  g.fillStyle = "#991b1b";
  g.fillRect(-88, -7, 32, 4);
  g.fillRect(-88, 3, 32, 4);
  g.restore();
  if (hammer.t >= 3 && hammer.t < 9) {
    g.strokeStyle = "rgba(255,255,255,0.85)";
    g.lineWidth = 3;
    g.lineCap = "round";
    g.beginPath();
    const spread = 30 + (hammer.t - 3) * 4;
    for (let i = 0; i < 5; i++) {
      const a = Math.PI + (i / 4) * Math.PI;
      g.moveTo(
        x - 8 + Math.cos(a) * spread,
        strikeY + 2 + Math.sin(a) * spread * 0.5,
      );
      g.lineTo(
        x - 8 + Math.cos(a) * (spread + 10),
        strikeY + 2 + Math.sin(a) * (spread + 10) * 0.5,
      );
    }
    g.stroke();
  }
}

function drawLives(
  g: CanvasRenderingContext2D,
  misses: number,
  flash: number,
  combo: number,
  frame: number,
) {
  const y = 66;
  g.fillStyle = "#6b4423";
  g.fillRect(W / 2 - 70, y + 14, 8, 34);
  g.fillRect(W / 2 + 62, y + 14, 8, 34);
  g.fillStyle = "rgba(0,0,0,0.25)";
  g.beginPath();
  g.roundRect(W / 2 - 92, y - 17, 184, 40, 10);
  g.fill();
  const board = g.createLinearGradient(0, y - 20, 0, y + 20);
  board.addColorStop(0, "#d9a066");
  board.addColorStop(1, "#b27740");
  g.fillStyle = board;
  g.beginPath();
  g.roundRect(W / 2 - 92, y - 20, 184, 40, 10);
  g.fill();
  g.strokeStyle = "#8a5527";
  g.lineWidth = 2;
  g.stroke();
  for (let i = 0; i < MAX_MISSES; i++) {
    const x = W / 2 - 64 + i * 32;
    const lost = i >= MAX_MISSES - misses;
    const wobble =
      lost && i === MAX_MISSES - misses && flash > 0 ? Math.sin(frame) * 3 : 0;
    g.fillStyle = lost ? "rgba(90,50,20,0.35)" : "#7a4a2a";
    g.beginPath();
    g.arc(x + wobble, y + 2, 11, Math.PI, 0);
    g.lineTo(x + 11 + wobble, y + 10);
    g.lineTo(x - 11 + wobble, y + 10);
    g.fill();
    if (!lost) {
      g.fillStyle = "#f472b6";
      g.beginPath();
      g.arc(x, y + 3, 3, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#1f130a";
      g.fillRect(x - 6, y - 4, 3, 3);
      g.fillRect(x + 3, y - 4, 3, 3);
    } else {
      g.strokeStyle = "#ef4444";
      g.lineWidth = 3;
      g.lineCap = "round";
      g.beginPath();
      g.moveTo(x - 6 + wobble, y - 5);
      g.lineTo(x + 6 + wobble, y + 7);
      g.moveTo(x + 6 + wobble, y - 5);
      g.lineTo(x - 6 + wobble, y + 7);
      g.stroke();
    }
  }
  if (combo >= 3) {
    g.font = "800 15px system-ui, sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = 4;
    g.strokeStyle = "rgba(20,40,60,0.5)";
    const text = `Combo ${combo}${combo >= 25 ? " · x3" : combo >= 10 ? " · x2" : ""}`;
    g.strokeText(text, W / 2, y + 34);
    g.fillStyle = combo >= 10 ? "#fde047" : "#ffffff";
    g.fillText(text, W / 2, y + 34);
  }
}

function drawStar(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  rotation: number,
) {
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const angle = rotation + (i * Math.PI) / 5 - Math.PI / 2;
    const radius = i % 2 ? r * 0.45 : r;
    g.lineTo(x + Math.cos(angle) * radius, y + Math.sin(angle) * radius);
  }
  g.closePath();
  g.fill();
}

export const rules = legacyRules(
  "mole-mash",
  { width: W, height: H },
  createMoleMash,
);
