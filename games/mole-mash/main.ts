import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import {
  H,
  HOLE_LABELS,
  HOLE_RX,
  HOLE_RY,
  MAX_MISSES,
  MOLE_H,
  W,
  holeX,
  holeY,
  lerp,
  rules,
  type Hammer,
  type Mole,
} from "./sim";

const HEDGE = "#2d6a1e";

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
  pop: number,
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

runGame({
  rules,
  title: "Mole Mash",
  hint: "Tap the moles · keys 1–9 or QWE/ASD/ZXC",
  background: HEDGE,
  render(g, game) {
    const {
      frame,
      shake,
      holes,
      hammers,
      particles,
      popups,
      misses,
      missFlash,
      combo,
    } = game.view;
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
        drawHole(g, hole, holes[hole].mole, holes[hole].pop, frame);
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
});
