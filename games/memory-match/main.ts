import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import { BAR_W, BAR_X, H, type MemoryMatch, type Shape, W, rules } from "./sim";

function drawSymbol(
  g: CanvasRenderingContext2D,
  shape: Shape,
  color: string,
  cx: number,
  cy: number,
  size: number,
) {
  const r = size / 2;
  g.fillStyle = color;
  g.strokeStyle = color;
  g.lineJoin = "round";
  g.lineCap = "round";
  g.beginPath();
  switch (shape) {
    case "circle":
      g.arc(cx, cy, r * 0.85, 0, Math.PI * 2);
      g.fill();
      break;
    case "square":
      g.roundRect(cx - r * 0.75, cy - r * 0.75, r * 1.5, r * 1.5, r * 0.2);
      g.fill();
      break;
    case "triangle":
      g.moveTo(cx, cy - r * 0.9);
      g.lineTo(cx + r * 0.9, cy + r * 0.7);
      g.lineTo(cx - r * 0.9, cy + r * 0.7);
      g.closePath();
      g.fill();
      break;
    case "diamond":
      g.moveTo(cx, cy - r);
      g.lineTo(cx + r * 0.7, cy);
      g.lineTo(cx, cy + r);
      g.lineTo(cx - r * 0.7, cy);
      g.closePath();
      g.fill();
      break;
    case "star":
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.42 : r;
        g.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
      }
      g.closePath();
      g.fill();
      break;
    case "heart":
      g.moveTo(cx, cy + r * 0.85);
      g.bezierCurveTo(
        cx - r * 1.25,
        cy - r * 0.05,
        cx - r * 0.6,
        cy - r * 1.05,
        cx,
        cy - r * 0.4,
      );
      g.bezierCurveTo(
        cx + r * 0.6,
        cy - r * 1.05,
        cx + r * 1.25,
        cy - r * 0.05,
        cx,
        cy + r * 0.85,
      );
      g.fill();
      break;
    case "hexagon":
      for (let i = 0; i < 6; i++) {
        const a = Math.PI / 6 + (i * Math.PI) / 3;
        g.lineTo(cx + Math.cos(a) * r * 0.9, cy + Math.sin(a) * r * 0.9);
      }
      g.closePath();
      g.fill();
      break;
    case "plus":
      g.roundRect(cx - r * 0.28, cy - r * 0.85, r * 0.56, r * 1.7, r * 0.12);
      g.roundRect(cx - r * 0.85, cy - r * 0.28, r * 1.7, r * 0.56, r * 0.12);
      g.fill();
      break;
    case "moon":
      g.arc(cx, cy, r * 0.85, Math.PI * 0.3, Math.PI * 1.7);
      g.arc(cx + r * 0.38, cy, r * 0.62, Math.PI * 1.55, Math.PI * 0.45, true);
      g.closePath();
      g.fill();
      break;
    case "ring":
      g.lineWidth = r * 0.32;
      g.arc(cx, cy, r * 0.68, 0, Math.PI * 2);
      g.stroke();
      break;
    case "drop":
      g.moveTo(cx, cy - r);
      g.bezierCurveTo(
        cx + r * 0.25,
        cy - r * 0.45,
        cx + r * 0.75,
        cy - r * 0.05,
        cx + r * 0.75,
        cy + r * 0.3,
      );
      g.arc(cx, cy + r * 0.3, r * 0.75, 0, Math.PI);
      g.bezierCurveTo(
        cx - r * 0.75,
        cy - r * 0.05,
        cx - r * 0.25,
        cy - r * 0.45,
        cx,
        cy - r,
      );
      g.fill();
      break;
    case "bolt":
      g.moveTo(cx + r * 0.2, cy - r);
      g.lineTo(cx - r * 0.6, cy + r * 0.12);
      g.lineTo(cx - r * 0.02, cy + r * 0.12);
      g.lineTo(cx - r * 0.2, cy + r);
      g.lineTo(cx + r * 0.6, cy - r * 0.12);
      g.lineTo(cx + r * 0.02, cy - r * 0.12);
      g.closePath();
      g.fill();
      break;
  }
}

function drawBackground(g: CanvasRenderingContext2D) {
  g.fillStyle = "#1b2046";
  g.fillRect(0, 0, W, H);
  for (const [x, y, r, col] of [
    [70, 170, 150, "34,211,238"],
    [290, 500, 170, "219,39,119"],
  ] as [number, number, number, string][]) {
    const glow = g.createRadialGradient(x, y, 0, x, y, r);
    glow.addColorStop(0, `rgba(${col},0.12)`);
    glow.addColorStop(1, `rgba(${col},0)`);
    g.fillStyle = glow;
    g.fillRect(x - r, y - r, r * 2, r * 2);
  }
  g.fillStyle = "rgba(255,255,255,0.035)";
  for (let y = 20; y < H - 10; y += 28)
    for (let x = (y / 28) % 2 ? 24 : 10; x < W - 5; x += 28) {
      g.beginPath();
      g.arc(x, y, 2, 0, Math.PI * 2);
      g.fill();
    }
}

function drawClock(g: CanvasRenderingContext2D, game: MemoryMatch) {
  const { left, budget, time, penaltyAt, found, cards, streak, phase } =
    game.view;
  // The clock: a bar that drains, flashing red on a miss.
  const fraction = clamp(left / budget, 0, 1);
  g.fillStyle = "rgba(0,0,0,0.35)";
  g.beginPath();
  g.roundRect(BAR_X, 54, BAR_W, 16, 8);
  g.fill();
  const flash = time - penaltyAt < 20;
  const bar = g.createLinearGradient(BAR_X, 0, BAR_X + BAR_W, 0);
  if (fraction < 0.25 || flash) {
    bar.addColorStop(0, "#f43f5e");
    bar.addColorStop(1, "#fb923c");
  } else {
    bar.addColorStop(0, "#22d3ee");
    bar.addColorStop(1, "#a78bfa");
  }
  g.fillStyle = bar;
  if (fraction > 0) {
    g.beginPath();
    g.roundRect(BAR_X, 54, Math.max(16, BAR_W * fraction), 16, 8);
    g.fill();
  }
  g.fillStyle = "rgba(255,255,255,0.3)";
  if (fraction > 0) {
    g.beginPath();
    g.roundRect(BAR_X + 4, 56, Math.max(8, BAR_W * fraction - 8), 5, 3);
    g.fill();
  }
  g.textBaseline = "middle";
  g.font = "700 14px system-ui, sans-serif";
  g.fillStyle = "#cbd5f5";
  g.textAlign = "left";
  g.fillText(`Pairs ${found}/${cards.length / 2}`, BAR_X + 2, 88);
  g.textAlign = "right";
  g.fillStyle = fraction < 0.25 ? "#fda4af" : "#cbd5f5";
  g.fillText(`${Math.ceil(left / 60)}s`, BAR_X + BAR_W - 2, 88);
  // A little stopwatch beside the seconds.
  const clockX =
    BAR_X + BAR_W - 2 - g.measureText(`${Math.ceil(left / 60)}s`).width - 12;
  g.strokeStyle = g.fillStyle;
  g.lineWidth = 2;
  g.beginPath();
  g.arc(clockX, 89, 6.5, 0, Math.PI * 2);
  g.moveTo(clockX, 89);
  g.lineTo(clockX, 85);
  g.moveTo(clockX, 89);
  g.lineTo(clockX + 3, 90);
  g.moveTo(clockX - 2, 80.5);
  g.lineTo(clockX + 2, 80.5);
  g.stroke();
  if (flash) {
    g.globalAlpha = 1 - (time - penaltyAt) / 20;
    g.fillStyle = "#fb7185";
    g.font = "800 15px system-ui, sans-serif";
    g.fillText(
      "−1s",
      BAR_X + BAR_W * fraction + 30,
      88 - (time - penaltyAt) * 0.5,
    );
    g.globalAlpha = 1;
  }
  g.textAlign = "center";
  if (streak > 1 && phase === "play") {
    g.fillStyle = "#fde68a";
    g.font = "800 14px system-ui, sans-serif";
    g.fillText(`Streak ×${streak}`, W / 2, 88);
  }
}

function drawCards(g: CanvasRenderingContext2D, game: MemoryMatch) {
  const { time, cards, phase, cw, ch, symbols, keyboard, focus, waitingFor } =
    game.view;
  // Cards.
  cards.forEach((card, i) => {
    const p = clamp((time - card.dealAt) / 16, 0, 1);
    if (p <= 0) return;
    const e = 1 - Math.pow(1 - p, 3);
    const x = W / 2 - cw / 2 + (card.x - (W / 2 - cw / 2)) * e;
    const y = H + 20 + (card.y - H - 20) * e;
    // The card whose face is on its way from the server starts to turn, and waits there (the clock stands still).
    const turning =
      i === waitingFor
        ? 0.18 + 0.06 * Math.sin(performance.now() / 90)
        : card.flip;
    const width = Math.abs(Math.cos(Math.PI * turning));
    const faceUp = turning >= 0.5 && card.symbol >= 0;
    let lift = 0;
    if (card.matched) {
      const age = time - card.matchedAt;
      lift = age < 16 ? Math.sin((age / 16) * Math.PI) * 0.08 : 0;
    }
    const sx = Math.max(0.02, width) * (1 + lift);
    const sy = 1 + lift;
    g.save();
    g.translate(x + cw / 2, y + ch / 2);
    g.rotate((1 - e) * 0.6 * (i % 2 ? 1 : -1));
    g.scale(sx, sy);
    g.fillStyle = "rgba(0,0,0,0.3)";
    g.beginPath();
    g.roundRect(-cw / 2, -ch / 2 + 4, cw, ch, 12);
    g.fill();
    if (faceUp) {
      const sym = symbols[card.symbol];
      g.fillStyle = card.matched ? "#eefcf3" : "#fffaf0";
      g.beginPath();
      g.roundRect(-cw / 2, -ch / 2, cw, ch, 12);
      g.fill();
      if (card.matched) {
        g.strokeStyle = sym.color;
        g.lineWidth = 3;
        g.stroke();
      }
      g.globalAlpha = card.matched && time - card.matchedAt > 20 ? 0.75 : 1;
      drawSymbol(g, sym.shape, sym.color, 0, 0, cw * 0.58);
      g.globalAlpha = 1;
    } else {
      const back = g.createLinearGradient(-cw / 2, -ch / 2, cw / 2, ch / 2);
      back.addColorStop(0, "#7c3aed");
      back.addColorStop(1, "#db2777");
      g.fillStyle = back;
      g.beginPath();
      g.roundRect(-cw / 2, -ch / 2, cw, ch, 12);
      g.fill();
      g.strokeStyle = "rgba(255,255,255,0.35)";
      g.lineWidth = 2;
      g.beginPath();
      g.roundRect(-cw / 2 + 5, -ch / 2 + 5, cw - 10, ch - 10, 8);
      g.stroke();
      const s = Math.min(cw, ch) * 0.2;
      g.fillStyle = "rgba(255,255,255,0.16)";
      g.beginPath();
      g.arc(0, 0, s * 1.5, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "rgba(255,255,255,0.85)";
      g.font = `900 ${Math.round(s * 2)}px system-ui, sans-serif`;
      g.fillText("?", 0, s * 0.1);
      g.fillStyle = "rgba(255,255,255,0.16)";
      for (const [dx, dy] of [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ]) {
        g.beginPath();
        g.arc(dx * (cw / 2 - 15), dy * (ch / 2 - 15), s * 0.35, 0, Math.PI * 2);
        g.fill();
      }
    }
    g.restore();
    if (keyboard && i === focus && phase === "play") {
      const pulse = 0.6 + 0.4 * Math.sin(time * 0.15);
      g.strokeStyle = `rgba(253,230,138,${pulse})`;
      g.lineWidth = 4;
      g.beginPath();
      g.roundRect(card.x - 5, card.y - 5, cw + 10, ch + 10, 15);
      g.stroke();
    }
  });
}

function drawEffects(g: CanvasRenderingContext2D, game: MemoryMatch) {
  const { time, cw, bursts, ripples, popups } = game.view;
  for (const b of bursts) {
    const t = (time - b.at) / 50;
    g.fillStyle = b.color;
    g.globalAlpha = 1 - t;
    for (let k = 0; k < 10; k++) {
      const a = (k / 10) * Math.PI * 2 + t;
      const d = cw * 0.35 + t * 60;
      g.beginPath();
      g.arc(
        b.x + Math.cos(a) * d,
        b.y + Math.sin(a) * d,
        4 * (1 - t) + 1,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
  }
  g.globalAlpha = 1;
  for (const r of ripples) {
    const t = (time - r.at) / 50;
    if (t > 0.6) continue;
    g.strokeStyle = `rgba(255,255,255,${0.6 - t})`;
    g.lineWidth = 3;
    g.beginPath();
    g.arc(r.x, r.y, 8 + t * 50, 0, Math.PI * 2);
    g.stroke();
  }
  for (const p of popups) {
    const t = (time - p.at) / 50;
    g.globalAlpha = clamp(1.4 - t * 1.4, 0, 1);
    g.font = "900 22px system-ui, sans-serif";
    g.lineWidth = 5;
    g.lineJoin = "round";
    g.strokeStyle = "#3b0764";
    g.strokeText(p.text, p.x, p.y - t * 44);
    g.fillStyle = p.color;
    g.fillText(p.text, p.x, p.y - t * 44);
  }
  g.globalAlpha = 1;
}

function drawBanners(g: CanvasRenderingContext2D, game: MemoryMatch) {
  const { time, phase, phaseAt, bonus } = game.view;
  // Banners.
  const banner = (text: string, sub: string, color: string, since: number) => {
    const t = clamp((time - since) / 12, 0, 1);
    g.globalAlpha = t;
    g.fillStyle = "rgba(10,12,30,0.8)";
    g.beginPath();
    g.roundRect(40, H / 2 - 50, W - 80, 100, 22);
    g.fill();
    g.fillStyle = color;
    g.font = "900 30px system-ui, sans-serif";
    g.fillText(text, W / 2, H / 2 - 12 - (1 - t) * 10);
    g.fillStyle = "#e2e8f0";
    g.font = "600 16px system-ui, sans-serif";
    g.fillText(sub, W / 2, H / 2 + 24);
    g.globalAlpha = 1;
  };
  if (phase === "clear" && time - phaseAt > 16)
    banner(
      `Level ${game.level} clear!`,
      `Time bonus +${bonus}`,
      "#86efac",
      phaseAt + 16,
    );
  if (phase === "fail" && time - phaseAt > 30 && !game.over)
    banner(
      "Out of time",
      `Reached level ${game.level}`,
      "#fda4af",
      phaseAt + 30,
    );
}

runGame({
  rules,
  title: "Memory Match",
  hint: "Tap two cards to find a pair · arrows + Enter",
  background: "#1b2046",
  render(g, game) {
    drawBackground(g);

    drawClock(g, game);

    drawCards(g, game);

    drawEffects(g, game);

    drawBanners(g, game);
  },
});
