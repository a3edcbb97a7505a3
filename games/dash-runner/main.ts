import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import {
  BASE_SPEED,
  type Body,
  CRATE,
  GROUND,
  H,
  MAX_SPEED,
  type Obstacle,
  UNITS_PER_METRE,
  W,
  rules,
} from "./sim";

function drawSky(g: CanvasRenderingContext2D, dist: number, frame: number) {
  const sky = g.createLinearGradient(0, 0, 0, GROUND);
  sky.addColorStop(0, "#1d1030");
  sky.addColorStop(0.2, "#33206e");
  sky.addColorStop(0.5, "#7b3fbf");
  sky.addColorStop(0.8, "#f0799d");
  sky.addColorStop(1, "#fdba74");
  g.fillStyle = sky;
  g.fillRect(0, 0, W, GROUND + 2);
  // Stars high up.
  g.fillStyle = "rgba(255,255,255,0.7)";
  for (let i = 0; i < 18; i++) {
    const x = (((i * 97 - dist * 0.02) % W) + W) % W;
    const y = 50 + ((i * 53) % 130);
    const r = (i + Math.floor(frame / 20)) % 7 === 0 ? 1.8 : 1.1;
    g.fillRect(x, y, r, r);
  }
  // Setting sun.
  const sunY = 330;
  const glow = g.createRadialGradient(250, sunY, 20, 250, sunY, 120);
  glow.addColorStop(0, "rgba(255,236,160,0.55)");
  glow.addColorStop(1, "rgba(255,236,160,0)");
  g.fillStyle = glow;
  g.fillRect(130, sunY - 120, 240, 240);
  g.fillStyle = "#ffe49a";
  g.beginPath();
  g.arc(250, sunY, 52, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "rgba(240,121,157,0.55)";
  for (let i = 0; i < 4; i++) g.fillRect(190, sunY + 8 + i * 11, 120, 3 + i);
  // Clouds.
  g.fillStyle = "rgba(255,220,235,0.5)";
  for (let i = 0; i < 4; i++) {
    const x =
      ((((i * 140 - dist * 0.06) % (W + 160)) + W + 160) % (W + 160)) - 80;
    const y = 120 + ((i * 61) % 120);
    g.beginPath();
    g.ellipse(x, y, 34, 9, 0, 0, Math.PI * 2);
    g.ellipse(x + 22, y - 6, 22, 8, 0, 0, Math.PI * 2);
    g.fill();
  }
  ridge(g, dist * 0.12, 372, 46, "#5b2a86", 0.011, 0.027);
  ridge(g, dist * 0.3, 410, 34, "#3b1d63", 0.017, 0.041);
  // Pine silhouettes on the near ridge.
  g.fillStyle = "#2a1349";
  for (let i = 0; i < 9; i++) {
    const x = ((((i * 53 - dist * 0.45) % 480) + 480) % 480) - 60;
    const h = 26 + ((i * 13) % 18);
    g.beginPath();
    g.moveTo(x, GROUND - h - 14);
    g.lineTo(x + 11, GROUND);
    g.lineTo(x - 11, GROUND);
    g.fill();
  }
}

function ridge(
  g: CanvasRenderingContext2D,
  offset: number,
  base: number,
  amp: number,
  color: string,
  f1: number,
  f2: number,
) {
  g.fillStyle = color;
  g.beginPath();
  g.moveTo(0, GROUND);
  for (let x = 0; x <= W; x += 8) {
    const u = x + offset;
    g.lineTo(
      x,
      base -
        amp * (0.55 * Math.sin(u * f1) + 0.3 * Math.sin(u * f2 + 1.3) + 0.6),
    );
  }
  g.lineTo(W, GROUND);
  g.fill();
}

function drawGround(
  g: CanvasRenderingContext2D,
  dist: number,
  pits: Obstacle[],
) {
  const segments: [number, number][] = [];
  let start = -10;
  for (const pit of [...pits].sort((a, b) => a.x - b.x)) {
    segments.push([start, pit.x - dist]);
    start = pit.x + pit.w - dist;
  }
  segments.push([start, W + 10]);
  const dirt = g.createLinearGradient(0, GROUND, 0, H);
  dirt.addColorStop(0, "#8a3b1c");
  dirt.addColorStop(1, "#2a0f1c");
  for (const [a, b] of segments) {
    if (b <= a) continue;
    g.fillStyle = dirt;
    g.fillRect(a, GROUND, b - a, H - GROUND);
    g.save();
    g.beginPath();
    g.rect(a, GROUND, b - a, H - GROUND);
    g.clip();
    // Strata and pebbles scroll with the world.
    g.fillStyle = "rgba(0,0,0,0.12)";
    for (let i = 0; i < 4; i++) g.fillRect(a, GROUND + 40 + i * 38, b - a, 5);
    g.fillStyle = "rgba(255,200,150,0.16)";
    for (let i = 0; i < 30; i++) {
      const px = ((((i * 71 - dist) % 720) + 720) % 720) - 20;
      const py = GROUND + 24 + ((i * 37) % 150);
      g.beginPath();
      g.ellipse(px, py, 5, 3, 0, 0, Math.PI * 2);
      g.fill();
    }
    g.restore();
    g.fillStyle = "#9be15d";
    g.fillRect(a, GROUND, b - a, 10);
    g.fillStyle = "#5fae35";
    g.fillRect(a, GROUND + 10, b - a, 5);
    // Pit edges.
    g.fillStyle = "#4a1c0c";
    if (a > -5) g.fillRect(a, GROUND + 15, 4, H - GROUND - 15);
    if (b < W + 5) g.fillRect(b - 4, GROUND + 15, 4, H - GROUND - 15);
  }
}

function drawSpikes(g: CanvasRenderingContext2D, x: number, o: Obstacle) {
  const count = Math.round(o.w / 24);
  g.fillStyle = "#475569";
  g.fillRect(x - 1, GROUND - 5, o.w + 2, 5);
  for (let i = 0; i < count; i++) {
    const sx = x + i * 24;
    g.fillStyle = "#cbd5e1";
    g.beginPath();
    g.moveTo(sx, GROUND - 4);
    g.lineTo(sx + 12, o.top);
    g.lineTo(sx + 24, GROUND - 4);
    g.fill();
    g.fillStyle = "#64748b";
    g.beginPath();
    g.moveTo(sx + 12, o.top);
    g.lineTo(sx + 24, GROUND - 4);
    g.lineTo(sx + 12, GROUND - 4);
    g.fill();
    g.fillStyle = "#f8fafc";
    g.fillRect(sx + 10, o.top + 4, 2, 5);
  }
}

function drawCrates(g: CanvasRenderingContext2D, x: number, o: Obstacle) {
  for (let cy = o.top; cy < GROUND - 1; cy += CRATE) {
    for (let cx = x; cx < x + o.w - 1; cx += CRATE) {
      g.fillStyle = "#c27c3a";
      g.fillRect(cx, cy, CRATE, CRATE);
      g.fillStyle = "#a15f26";
      g.fillRect(cx, cy + CRATE / 2 - 1, CRATE, 2);
      g.strokeStyle = "#7a4213";
      g.lineWidth = 3;
      g.strokeRect(cx + 1.5, cy + 1.5, CRATE - 3, CRATE - 3);
      g.beginPath();
      g.moveTo(cx + 4, cy + 4);
      g.lineTo(cx + CRATE - 4, cy + CRATE - 4);
      g.stroke();
      g.fillStyle = "rgba(255,230,180,0.35)";
      g.fillRect(cx + 3, cy + 3, CRATE - 6, 3);
    }
  }
}

function drawDrone(
  g: CanvasRenderingContext2D,
  x: number,
  o: Obstacle,
  frame: number,
) {
  const bob = Math.sin(frame * 0.12 + o.x) * 2.5;
  const cx = x + o.w / 2;
  const cy = (o.top + o.bottom) / 2 + bob;
  // Warning shadow on the ground.
  g.fillStyle = "rgba(0,0,0,0.2)";
  g.beginPath();
  g.ellipse(cx, GROUND - 1, 18, 4, 0, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = "#1e1b2e";
  g.lineWidth = 3;
  g.beginPath();
  g.moveTo(cx - 20, cy - 8);
  g.lineTo(cx - 14, cy - 2);
  g.moveTo(cx + 20, cy - 8);
  g.lineTo(cx + 14, cy - 2);
  g.stroke();
  // Spinning rotors.
  g.fillStyle = "rgba(226,232,240,0.85)";
  const spin = Math.abs(Math.sin(frame * 0.9)) * 12 + 4;
  g.fillRect(cx - 20 - spin / 2, cy - 11, spin, 2.5);
  g.fillRect(cx + 20 - spin / 2, cy - 11, spin, 2.5);
  g.fillStyle = "#312e4f";
  g.beginPath();
  g.ellipse(cx, cy, 18, 12, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#4c4775";
  g.beginPath();
  g.ellipse(cx - 3, cy - 4, 10, 5, 0, 0, Math.PI * 2);
  g.fill();
  const pulse = 0.6 + 0.4 * Math.sin(frame * 0.3);
  g.fillStyle = `rgba(255,60,80,${0.35 * pulse})`;
  g.beginPath();
  g.arc(cx - 6, cy + 2, 9, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#ff3b5c";
  g.beginPath();
  g.arc(cx - 6, cy + 2, 4.5, 0, Math.PI * 2);
  g.fill();
}

function drawCoin(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  phase: number,
  scale: number,
) {
  const squeeze = Math.max(0.18, Math.abs(Math.cos(phase * 0.08)));
  g.save();
  g.translate(x, y);
  g.scale(squeeze * scale, scale);
  g.fillStyle = "#b45309";
  g.beginPath();
  g.arc(0, 0, 10, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#facc15";
  g.beginPath();
  g.arc(0, -0.5, 9, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = "#eab308";
  g.lineWidth = 2;
  g.beginPath();
  g.arc(0, -0.5, 5.5, 0, Math.PI * 2);
  g.stroke();
  g.fillStyle = "#fff7c2";
  g.fillRect(-4, -6, 2.5, 5);
  g.restore();
}

function drawRunner(
  g: CanvasRenderingContext2D,
  x: number,
  b: Body,
  frame: number,
  squash: number,
  spin: number,
) {
  const feet = b.y;
  const air = !b.ground;
  const stretch = air ? clamp(-b.vy / 2600, -0.12, 0.18) : -squash * 0.025;
  const sx = 1 - stretch * 0.8;
  const sy = 1 + stretch;
  g.save();
  g.translate(x, feet);
  if (spin) {
    g.translate(0, -20);
    g.rotate(spin);
    g.translate(0, 20);
  }
  // Shadow.
  if (!spin && b.ground) {
    g.fillStyle = "rgba(0,0,0,0.25)";
    g.beginPath();
    g.ellipse(0, 0, 15, 4, 0, 0, Math.PI * 2);
    g.fill();
  }
  g.scale(sx, sy);
  // Legs.
  const phase = frame * 0.45;
  g.strokeStyle = "#1e1b4b";
  g.lineWidth = 5;
  g.lineCap = "round";
  g.beginPath();
  if (air) {
    g.moveTo(-5, -10);
    g.lineTo(-9, -4);
    g.moveTo(5, -10);
    g.lineTo(9, -6);
  } else {
    g.moveTo(-4, -10);
    g.lineTo(-4 + Math.sin(phase) * 8, -2 + Math.min(0, Math.cos(phase)) * 3);
    g.moveTo(4, -10);
    g.lineTo(4 - Math.sin(phase) * 8, -2 + Math.min(0, -Math.cos(phase)) * 3);
  }
  g.stroke();
  // Scarf tails fluttering behind.
  g.fillStyle = "#ef4444";
  const flutter = Math.sin(frame * 0.5) * 4;
  g.beginPath();
  g.moveTo(-8, -30);
  g.quadraticCurveTo(-20, -32 + flutter, -30, -26 + flutter);
  g.lineTo(-28, -22 + flutter);
  g.quadraticCurveTo(-18, -26 - flutter, -8, -24);
  g.fill();
  // Body.
  const suit = g.createLinearGradient(0, -40, 0, -8);
  suit.addColorStop(0, "#67e8f9");
  suit.addColorStop(1, "#0ea5e9");
  g.fillStyle = suit;
  g.beginPath();
  g.ellipse(0, -24, 16, 17, 0, 0, Math.PI * 2);
  g.fill();
  // Belly and scarf band.
  g.fillStyle = "#e0f2fe";
  g.beginPath();
  g.ellipse(3, -18, 9, 8, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#ef4444";
  g.fillRect(-13, -31, 26, 5);
  // Eye (looking ahead).
  g.fillStyle = "#fff";
  g.beginPath();
  g.ellipse(7, -36, 6, 6.5, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#111827";
  g.beginPath();
  g.arc(9, -36, spin ? 1.5 : 3, 0, Math.PI * 2);
  g.fill();
  // Arm.
  g.strokeStyle = "#0369a1";
  g.lineWidth = 5;
  g.beginPath();
  g.moveTo(-6, -22);
  if (air) g.lineTo(-14, -32);
  else g.lineTo(-8 - Math.sin(frame * 0.45) * 7, -15);
  g.stroke();
  g.restore();
}

function drawStats(
  g: CanvasRenderingContext2D,
  metres: number,
  coins: number,
  speed: number,
) {
  const y = 560;
  g.fillStyle = "rgba(30,8,2,0.45)";
  g.beginPath();
  g.roundRect(W / 2 - 130, y - 22, 260, 44, 22);
  g.fill();
  g.textBaseline = "middle";
  g.font = "800 20px system-ui, sans-serif";
  g.textAlign = "left";
  g.fillStyle = "#fff";
  g.fillText(`${metres} m`, W / 2 - 112, y + 1);
  drawCoin(g, W / 2 + 10, y, 0, 1);
  g.fillText(`${coins}`, W / 2 + 26, y + 1);
  // Speed bar.
  const ratio = (speed - BASE_SPEED) / (MAX_SPEED - BASE_SPEED);
  g.fillStyle = "rgba(255,255,255,0.2)";
  g.fillRect(W / 2 + 66, y - 4, 48, 8);
  g.fillStyle = ratio > 0.75 ? "#fb7185" : "#fde047";
  g.fillRect(W / 2 + 66, y - 4, 48 * ratio, 8);
  g.font = "700 10px system-ui, sans-serif";
  g.fillStyle = "rgba(255,255,255,0.75)";
  g.fillText("SPEED", W / 2 + 72, y - 13);
}

runGame({
  rules,
  title: "Dash Runner",
  hint: "Tap or Space to jump, again to double-jump",
  background: "#1f0f26",
  render(g, game) {
    const {
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
      speed,
    } = game.view;
    drawSky(g, dist, frame);
    // Pit interiors sit behind the runner; solid ground is drawn over it.
    const pits = obstacles.filter(
      (o) => o.kind === "pit" && o.x - dist < W + 10 && o.x + o.w - dist > -10,
    );
    for (const pit of pits) {
      const px = pit.x - dist;
      const dark = g.createLinearGradient(0, GROUND, 0, H);
      dark.addColorStop(0, "#2a0f2e");
      dark.addColorStop(1, "#07030a");
      g.fillStyle = dark;
      g.fillRect(px, GROUND, pit.w, H - GROUND);
    }
    for (const o of obstacles) {
      const ox = o.x - dist;
      if (ox > W + 20 || ox + o.w < -20) continue;
      if (o.kind === "spike") drawSpikes(g, ox, o);
      else if (o.kind === "crate") drawCrates(g, ox, o);
      else if (o.kind === "drone") drawDrone(g, ox, o, frame);
    }
    for (const coin of coins) {
      const cx = coin.x - dist;
      if (cx < -20 || cx > W + 20) continue;
      if (coin.taken >= 0) {
        g.globalAlpha = 1 - coin.taken / 20;
        drawCoin(g, cx, coin.y - coin.taken * 2, frame, 1 + coin.taken / 15);
        g.globalAlpha = 1;
      } else drawCoin(g, cx, coin.y, frame + coin.x * 0.1, 1);
    }
    drawRunner(g, deathX, body, frame, landSquash, dying >= 0 ? deathSpin : 0);
    drawGround(g, dist, pits);
    for (const p of particles) {
      g.globalAlpha = clamp(1 - p.life / p.max, 0, 1);
      g.fillStyle = p.color;
      g.beginPath();
      g.arc(p.x, p.y, p.size, 0, Math.PI * 2);
      g.fill();
    }
    g.globalAlpha = 1;
    g.textAlign = "center";
    g.textBaseline = "middle";
    for (const popup of popups) {
      g.globalAlpha = clamp(1.8 - popup.t / 25, 0, 1);
      g.font = `900 ${popup.big ? 26 : 16}px system-ui, sans-serif`;
      g.lineWidth = popup.big ? 6 : 4;
      g.strokeStyle = "rgba(40,10,60,0.7)";
      const y = popup.y - (popup.big ? popup.t * 0.3 : popup.t * 0.8);
      g.strokeText(popup.text, popup.x, y);
      g.fillStyle = popup.big ? "#fde047" : "#fff7c2";
      g.fillText(popup.text, popup.x, y);
    }
    g.globalAlpha = 1;
    drawStats(g, Math.floor(dist / UNITS_PER_METRE), coinCount, speed);
  },
});
