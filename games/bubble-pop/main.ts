import { clamp, runGame, type View } from "../shared/runtime";
import { type BubblePop, COLORS, H, LIVES, SURFACE, W, rules } from "./sim";

function drawSea(g: CanvasRenderingContext2D, game: BubblePop) {
  const { time, hurtAt } = game.view;
  // Night sky above the surface, bright water below it fading into the deep.
  g.fillStyle = "#0a1d3f";
  g.fillRect(0, 0, W, H);
  g.fillStyle = "rgba(255,255,255,0.6)";
  for (let k = 0; k < 14; k++) {
    const twinkle = 0.6 + 0.4 * Math.sin(time * 0.05 + k * 2.1);
    g.globalAlpha = twinkle * 0.7;
    g.beginPath();
    g.arc(
      (k * 83 + 17) % W,
      14 + ((k * 37) % 60),
      1 + (k % 3) * 0.4,
      0,
      Math.PI * 2,
    );
    g.fill();
  }
  g.globalAlpha = 1;
  const sea = g.createLinearGradient(0, SURFACE, 0, H);
  sea.addColorStop(0, "#1f8fb8");
  sea.addColorStop(0.3, "#135a86");
  sea.addColorStop(1, "#0a1d3f");
  g.fillStyle = sea;
  g.beginPath();
  g.moveTo(0, H);
  for (let x = 0; x <= W; x += 12)
    g.lineTo(x, SURFACE + Math.sin(x * 0.05 + time * 0.06) * 3);
  g.lineTo(W, H);
  g.closePath();
  g.fill();
  // Light shafts swaying from the surface.
  for (let k = 0; k < 4; k++) {
    const x = 40 + k * 95 + Math.sin(time * 0.01 + k * 1.7) * 20;
    const shaft = g.createLinearGradient(0, SURFACE, 0, H);
    shaft.addColorStop(0, "rgba(255,255,255,0.09)");
    shaft.addColorStop(1, "rgba(255,255,255,0)");
    g.fillStyle = shaft;
    g.beginPath();
    g.moveTo(x - 14, SURFACE);
    g.lineTo(x + 14, SURFACE);
    g.lineTo(x + 70, H);
    g.lineTo(x - 10, H);
    g.closePath();
    g.fill();
  }
  // Tiny background fizz.
  g.fillStyle = "rgba(255,255,255,0.18)";
  for (let k = 0; k < 26; k++) {
    const y = H - ((time * (0.4 + (k % 5) * 0.12) + k * 97) % (H - SURFACE));
    const x = ((k * 137) % W) + Math.sin(time * 0.04 + k) * 4;
    g.beginPath();
    g.arc(x, y, 1.2 + (k % 3) * 0.7, 0, Math.PI * 2);
    g.fill();
  }
  // The surface.
  const hurt = time - hurtAt < 24 ? 1 - (time - hurtAt) / 24 : 0;
  if (hurt) {
    g.fillStyle = `rgba(255,80,110,${hurt * 0.35})`;
    g.beginPath();
    g.moveTo(0, 0);
    for (let x = 0; x <= W; x += 12)
      g.lineTo(x, SURFACE + Math.sin(x * 0.05 + time * 0.06) * 3);
    g.lineTo(W, 0);
    g.closePath();
    g.fill();
  }
  g.strokeStyle = hurt
    ? `rgba(255,120,140,${0.6 + hurt * 0.4})`
    : "rgba(255,255,255,0.55)";
  g.lineWidth = 2;
  g.beginPath();
  for (let x = 0; x <= W; x += 12)
    g.lineTo(x, SURFACE + Math.sin(x * 0.05 + time * 0.06) * 3);
  g.stroke();
}

function drawLives(g: CanvasRenderingContext2D, game: BubblePop) {
  const { time, lives } = game.view;
  // Lives.
  for (let i = 0; i < LIVES; i++) {
    const x = W / 2 + (i - 1) * 30;
    const y = 60;
    const alive = i < lives;
    const beat =
      alive && i === lives - 1 && lives === 1
        ? 1 + Math.sin(time * 0.2) * 0.08
        : 1;
    g.save();
    g.translate(x, y);
    g.scale(beat, beat);
    g.fillStyle = alive ? "#ff5f7e" : "#2c3d63";
    g.beginPath();
    g.moveTo(0, 9);
    g.bezierCurveTo(-15, -1, -8, -13, 0, -5);
    g.bezierCurveTo(8, -13, 15, -1, 0, 9);
    g.fill();
    g.restore();
  }
}

function drawBubbles(g: CanvasRenderingContext2D, game: BubblePop) {
  const { time, bubbles } = game.view;
  // Bubbles.
  for (const b of bubbles) {
    const c = COLORS[b.color];
    const popping = b.popAt >= 0;
    const squish = popping
      ? 1 + 0.12 * Math.sin((time - b.popAt) * 0.9)
      : 1 + Math.sin(time * 0.08 + b.ox) * 0.03;
    g.save();
    g.translate(b.x, b.y);
    g.scale(squish, 2 - squish);
    const body = g.createRadialGradient(
      -b.r * 0.35,
      -b.r * 0.4,
      b.r * 0.1,
      0,
      0,
      b.r,
    );
    body.addColorStop(0, c.light);
    body.addColorStop(0.55, c.fill);
    body.addColorStop(1, c.dark);
    g.fillStyle = body;
    g.globalAlpha = 0.93;
    g.beginPath();
    g.arc(0, 0, b.r, 0, Math.PI * 2);
    g.fill();
    g.globalAlpha = 1;
    g.strokeStyle = "rgba(255,255,255,0.55)";
    g.lineWidth = 1.5;
    g.stroke();
    g.fillStyle = "rgba(255,255,255,0.75)";
    g.beginPath();
    g.ellipse(
      -b.r * 0.38,
      -b.r * 0.45,
      b.r * 0.28,
      b.r * 0.16,
      -0.6,
      0,
      Math.PI * 2,
    );
    g.fill();
    g.beginPath();
    g.arc(b.r * 0.42, b.r * 0.38, b.r * 0.08, 0, Math.PI * 2);
    g.fill();
    g.restore();
  }
}

function drawEffects(g: CanvasRenderingContext2D, game: BubblePop) {
  const { time, effects, popups } = game.view;
  for (const e of effects) {
    const t = (time - e.at) / 24;
    g.globalAlpha = 1 - t;
    g.strokeStyle = e.kind === "escape" ? "#ff6b81" : e.color;
    g.lineWidth = 3 * (1 - t) + 1;
    g.beginPath();
    g.arc(e.x, e.y, e.r * (1 + t * 0.8), 0, Math.PI * 2);
    g.stroke();
    g.fillStyle = e.color;
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI * 2 + e.r;
      const d = e.r * (0.8 + t * 1.3);
      g.beginPath();
      g.arc(
        e.x + Math.cos(a) * d,
        e.y + Math.sin(a) * d,
        3 * (1 - t) + 0.5,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
  }
  g.globalAlpha = 1;

  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const p of popups) {
    const t = (time - p.at) / 50;
    g.globalAlpha = clamp(1.3 - t * 1.3, 0, 1);
    g.font = `900 ${p.big ? 22 : 18}px system-ui, sans-serif`;
    g.lineWidth = 5;
    g.lineJoin = "round";
    g.strokeStyle = "#082040";
    g.strokeText(p.text, p.x, p.y - t * 36);
    g.fillStyle = p.big ? "#ffe66d" : "#ffffff";
    g.fillText(p.text, p.x, p.y - t * 36);
  }
  g.globalAlpha = 1;
}

function drawPointer(g: CanvasRenderingContext2D, game: BubblePop, view: View) {
  const { time, cursor, showCursor, aim } = game.view;
  const { demo } = view;
  // Cursor ring (keyboard) or the demo player's finger.
  const ring = showCursor ? cursor : demo ? aim : null;
  if (ring) {
    const pulse = 1 + Math.sin(time * 0.2) * 0.08;
    g.strokeStyle = "rgba(255,255,255,0.95)";
    g.lineWidth = 3;
    g.beginPath();
    g.arc(ring.x, ring.y, 16 * pulse, 0, Math.PI * 2);
    g.stroke();
    g.strokeStyle = "rgba(0,0,0,0.35)";
    g.lineWidth = 1.5;
    g.beginPath();
    g.arc(ring.x, ring.y, 19 * pulse, 0, Math.PI * 2);
    g.stroke();
    g.fillStyle = "#fff";
    g.beginPath();
    g.arc(ring.x, ring.y, 3, 0, Math.PI * 2);
    g.fill();
  }
}

function drawEnd(g: CanvasRenderingContext2D, game: BubblePop) {
  const { time, endAt, popped, bestChain } = game.view;
  const { over } = game;
  if (endAt >= 0 && !over) {
    const t = clamp((time - endAt) / 20, 0, 1);
    g.globalAlpha = t;
    g.fillStyle = "rgba(8,16,40,0.8)";
    g.beginPath();
    g.roundRect(50, H / 2 - 50, W - 100, 100, 22);
    g.fill();
    g.fillStyle = "#ffb3c1";
    g.font = "900 28px system-ui, sans-serif";
    g.fillText("Bubbles got away!", W / 2, H / 2 - 12);
    g.fillStyle = "#e2e8f0";
    g.font = "600 15px system-ui, sans-serif";
    g.fillText(
      `${popped} popped · best chain ×${bestChain}`,
      W / 2,
      H / 2 + 22,
    );
    g.globalAlpha = 1;
  }
}

runGame({
  rules,
  title: "Bubble Pop",
  hint: "Tap bubbles · arrows + Space",
  background: "#0a1d3f",
  render(g, game, view) {
    drawSea(g, game);

    drawLives(g, game);

    drawBubbles(g, game);

    drawEffects(g, game);

    drawPointer(g, game, view);

    drawEnd(g, game);
  },
});
