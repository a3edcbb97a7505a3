import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import {
  BOARD,
  BX,
  BY,
  CELL,
  H,
  N,
  POP,
  SLIDE,
  W,
  cellX,
  cellY,
  rules,
} from "./sim";

/** Tile colours by exponent: [face, text]. */
const PALETTE: [string, string][] = [
  ["#3b3f73", "#fff"],
  ["#5eead4", "#134e4a"], // 2
  ["#38bdf8", "#0c3a5e"], // 4
  ["#818cf8", "#ffffff"], // 8
  ["#a78bfa", "#ffffff"], // 16
  ["#e879f9", "#ffffff"], // 32
  ["#f472b6", "#ffffff"], // 64
  ["#fb7185", "#ffffff"], // 128
  ["#fb923c", "#ffffff"], // 256
  ["#fbbf24", "#4a2c00"], // 512
  ["#a3e635", "#233d00"], // 1024
  ["#facc15", "#3d2a00"], // 2048
  ["#f8fafc", "#312e81"], // 4096+
];

function drawTile(
  g: CanvasRenderingContext2D,
  value: number,
  x: number,
  y: number,
  scale: number,
) {
  const e = Math.min(12, Math.round(Math.log2(value)));
  const [face, ink] = PALETTE[e];
  const s = CELL * scale;
  const ox = x + (CELL - s) / 2;
  const oy = y + (CELL - s) / 2;
  g.save();
  if (e >= 9) {
    g.shadowColor = face;
    g.shadowBlur = 18;
  }
  g.fillStyle = "rgba(0,0,0,0.28)";
  g.beginPath();
  g.roundRect(ox, oy + 4 * scale, s, s, 14 * scale);
  g.fill();
  g.restore();
  g.fillStyle = face;
  g.beginPath();
  g.roundRect(ox, oy, s, s, 14 * scale);
  g.fill();
  g.fillStyle = "rgba(255,255,255,0.22)";
  g.beginPath();
  g.roundRect(
    ox + 5 * scale,
    oy + 4 * scale,
    s - 10 * scale,
    s * 0.36,
    10 * scale,
  );
  g.fill();
  const text = String(value);
  const size =
    (text.length <= 2
      ? 34
      : text.length === 3
        ? 28
        : text.length === 4
          ? 22
          : 18) * scale;
  g.fillStyle = ink;
  g.font = `800 ${size}px system-ui, sans-serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(text, x + CELL / 2, y + CELL / 2 + 2 * scale);
}

runGame({
  rules,
  title: "Merge Tiles",
  hint: "Swipe or use the arrow keys to slide",
  background: "#1b1740",
  render(g, game) {
    const { bestTile, moves, shake, time, moveAt, tiles, stuckAt, popups } =
      game.view;
    g.fillStyle = "#1b1740";
    g.fillRect(0, 0, W, H);
    // Soft glows that fade out well inside the world, so the letterbox edges stay seamless.
    for (const [x, y, r, col] of [
      [90, 150, 120, "94,234,212"],
      [270, 520, 140, "244,114,182"],
      [290, 110, 90, "129,140,248"],
    ] as [number, number, number, string][]) {
      const glow = g.createRadialGradient(x, y, 0, x, y, r);
      glow.addColorStop(0, `rgba(${col},0.13)`);
      glow.addColorStop(1, `rgba(${col},0)`);
      g.fillStyle = glow;
      g.fillRect(x - r, y - r, r * 2, r * 2);
    }

    // Title and stats.
    g.textAlign = "center";
    g.textBaseline = "middle";
    const title = g.createLinearGradient(90, 0, 270, 0);
    title.addColorStop(0, "#5eead4");
    title.addColorStop(0.5, "#a78bfa");
    title.addColorStop(1, "#f472b6");
    g.fillStyle = title;
    g.font = "900 32px system-ui, sans-serif";
    g.fillText("Merge Tiles", W / 2, 76);
    const pill = (x: number, label: string, value: string) => {
      g.fillStyle = "rgba(255,255,255,0.08)";
      g.beginPath();
      g.roundRect(x, 104, 150, 46, 14);
      g.fill();
      g.fillStyle = "#a5a3d6";
      g.font = "700 11px system-ui, sans-serif";
      g.fillText(label, x + 75, 117);
      g.fillStyle = "#fff";
      g.font = "800 19px system-ui, sans-serif";
      g.fillText(value, x + 75, 137);
    };
    pill(BX, "BEST TILE", String(bestTile));
    pill(W - BX - 150, "MOVES", String(moves));

    // Board.
    const sx = shake ? Math.sin(shake * 1.9) * shake * 0.6 : 0;
    g.save();
    g.translate(sx, 0);
    g.fillStyle = "#12102a";
    g.beginPath();
    g.roundRect(BX - 2, BY + 2, BOARD + 4, BOARD + 4, 22);
    g.fill();
    g.fillStyle = "#262251";
    g.beginPath();
    g.roundRect(BX, BY, BOARD, BOARD, 20);
    g.fill();
    g.fillStyle = "#322d66";
    for (let r = 0; r < N; r++)
      for (let c = 0; c < N; c++) {
        g.beginPath();
        g.roundRect(cellX(c), cellY(r), CELL, CELL, 14);
        g.fill();
      }
    const slide = clamp((time - moveAt) / SLIDE, 0, 1);
    const eased = 1 - Math.pow(1 - slide, 3);
    const order = [...tiles].sort(
      (a, b) => Number(b.consumed) - Number(a.consumed),
    );
    for (const t of order) {
      if (time < t.appear) continue;
      const r = t.fr + (t.r - t.fr) * eased;
      const c = t.fc + (t.c - t.fc) * eased;
      let scale = 1;
      const age = time - t.appear;
      if (t.kind === "merge" && age < POP)
        scale = 1 + 0.2 * Math.sin((Math.PI * age) / POP);
      if (t.kind === "new" && age < POP) {
        const p = age / POP;
        scale =
          0.2 + 0.8 * (1 + 2.2 * Math.pow(p - 1, 3) + 1.2 * Math.pow(p - 1, 2));
      }
      drawTile(g, t.value, cellX(c), cellY(r), scale);
    }
    if (stuckAt >= 0) {
      const fade = clamp((time - stuckAt - 10) / 30, 0, 1);
      g.fillStyle = `rgba(18,16,42,${0.7 * fade})`;
      g.beginPath();
      g.roundRect(BX, BY, BOARD, BOARD, 20);
      g.fill();
      if (!game.over) {
        g.globalAlpha = fade;
        g.fillStyle = "#fff";
        g.font = "900 34px system-ui, sans-serif";
        g.fillText("No moves left", W / 2, BY + BOARD / 2);
        g.globalAlpha = 1;
      }
    }
    g.restore();

    // Score popups.
    for (const p of popups) {
      if (time < p.born) continue;
      const age = (time - p.born) / 40;
      g.globalAlpha = clamp(1.3 - age * 1.3, 0, 1);
      g.font = "900 20px system-ui, sans-serif";
      g.fillStyle = "rgba(18,16,42,0.7)";
      g.fillText(p.text, p.x + 1, p.y - age * 34 + 2);
      g.fillStyle = p.color;
      g.fillText(p.text, p.x, p.y - age * 34);
    }
    g.globalAlpha = 1;

    // Footer hint and a little goal meter.
    const goal = Math.max(64, bestTile * 2);
    g.fillStyle = "#a5a3d6";
    g.font = "600 14px system-ui, sans-serif";
    g.fillText(`Next goal: make a ${goal}`, W / 2, BY + BOARD + 36);
    const progress = clamp(Math.log2(bestTile) / Math.log2(goal), 0, 1);
    g.fillStyle = "rgba(255,255,255,0.08)";
    g.beginPath();
    g.roundRect(70, BY + BOARD + 52, 220, 10, 5);
    g.fill();
    const bar = g.createLinearGradient(70, 0, 290, 0);
    bar.addColorStop(0, "#5eead4");
    bar.addColorStop(1, "#f472b6");
    g.fillStyle = bar;
    g.beginPath();
    g.roundRect(70, BY + BOARD + 52, 220 * progress, 10, 5);
    g.fill();
    g.fillStyle = "rgba(165,163,214,0.7)";
    g.font = "500 13px system-ui, sans-serif";
    g.fillText(
      "Swipe or use arrow keys · equal tiles merge",
      W / 2,
      BY + BOARD + 96,
    );
  },
});
