import { clamp, runGame } from "../shared/runtime";
import {
  BUTTON_R,
  BUTTON_Y,
  BX,
  BY,
  CELL,
  COLORS,
  DARK,
  H,
  N,
  W,
  buttonX,
  type ColorFlood,
  rules,
} from "./sim";

/** How much of the board the player holds, 0 to 1. */
const floodedShare = (owned: Uint8Array) =>
  owned.reduce((n, held) => n + held, 0) / (N * N);

function drawBackdrop(g: CanvasRenderingContext2D) {
  g.fillStyle = "#141b36";
  g.fillRect(0, 0, W, H);
  const glow = g.createRadialGradient(
    W / 2,
    BY + (N * CELL) / 2,
    60,
    W / 2,
    BY + (N * CELL) / 2,
    300,
  );
  glow.addColorStop(0, "rgba(94,234,212,0.10)");
  glow.addColorStop(1, "rgba(94,234,212,0)");
  g.fillStyle = glow;
  g.fillRect(0, 0, W, H);
}

function drawHeader(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { limit, used, boardNumber } = game.view;
  // Header: board number and the moves meter.
  g.textBaseline = "middle";
  g.textAlign = "left";
  g.fillStyle = "#94a3c8";
  g.font = "700 12px system-ui, sans-serif";
  g.fillText("BOARD", BX, 58);
  g.fillStyle = "#fff";
  g.font = "900 24px system-ui, sans-serif";
  g.fillText(String(boardNumber), BX, 82);
  g.textAlign = "right";
  g.fillStyle = "#94a3c8";
  g.font = "700 12px system-ui, sans-serif";
  g.fillText("MOVES LEFT", W - BX, 58);
  const movesLeft = limit - used;
  g.fillStyle = movesLeft <= 3 ? "#fb7185" : "#fff";
  g.font = "900 24px system-ui, sans-serif";
  g.fillText(String(movesLeft), W - BX, 82);
  // A pip per move.
  const pipW = Math.min(9, 160 / limit);
  const pipsX = W / 2 - (limit * pipW) / 2;
  for (let i = 0; i < limit; i++) {
    g.fillStyle =
      i < used
        ? "rgba(255,255,255,0.14)"
        : movesLeft <= 3
          ? "#fb7185"
          : "#5eead4";
    g.beginPath();
    g.roundRect(pipsX + i * pipW + 1, 70, pipW - 2, 14, 3);
    g.fill();
  }
  g.textAlign = "center";
}

function drawBoard(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { board, previous, changeAt, owned, time, shake } = game.view;
  // The board.
  const sx = shake ? Math.sin(shake * 2) * shake * 0.5 : 0;
  g.save();
  g.translate(sx, 0);
  g.fillStyle = "rgba(0,0,0,0.4)";
  g.beginPath();
  g.roundRect(BX - 6, BY - 6, N * CELL + 12, N * CELL + 12, 16);
  g.fill();
  for (let i = 0; i < N * N; i++) {
    // Each cell turns when the flood's wave reaches it.
    const color = time >= changeAt[i] ? board[i] : previous[i];
    if (color < 0) continue;
    const r = Math.floor(i / N);
    const c = i % N;
    const age = time - changeAt[i];
    const pop =
      age >= 0 && age < 8
        ? 0.78 + 0.22 * (age / 8) + Math.sin((age / 8) * Math.PI) * 0.12
        : 1;
    const size = (CELL - 2) * pop;
    const x = BX + c * CELL + (CELL - size) / 2;
    const y = BY + r * CELL + (CELL - size) / 2;
    g.fillStyle = COLORS[color];
    g.beginPath();
    g.roundRect(x, y, size, size, 6);
    g.fill();
    g.fillStyle = "rgba(255,255,255,0.22)";
    g.beginPath();
    g.roundRect(x + 3, y + 2, size - 6, size * 0.32, 4);
    g.fill();
  }
  // Outline the flooded region.
  g.strokeStyle = "rgba(255,255,255,0.9)";
  g.lineWidth = 2.5;
  g.lineCap = "round";
  g.beginPath();
  for (let i = 0; i < N * N; i++) {
    if (!owned[i] || time < changeAt[i]) continue;
    const r = Math.floor(i / N);
    const c = i % N;
    const x = BX + c * CELL;
    const y = BY + r * CELL;
    if (r === 0 || !owned[i - N]) {
      g.moveTo(x, y);
      g.lineTo(x + CELL, y);
    }
    if (r === N - 1 || !owned[i + N]) {
      g.moveTo(x, y + CELL);
      g.lineTo(x + CELL, y + CELL);
    }
    if (c === 0 || !owned[i - 1]) {
      g.moveTo(x, y);
      g.lineTo(x, y + CELL);
    }
    if (c === N - 1 || !owned[i + 1]) {
      g.moveTo(x + CELL, y);
      g.lineTo(x + CELL, y + CELL);
    }
  }
  g.stroke();
  g.restore();
}

function drawProgress(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { board, owned } = game.view;
  // Progress under the board.
  const filled = floodedShare(owned);
  g.fillStyle = "rgba(255,255,255,0.08)";
  g.beginPath();
  g.roundRect(BX, BY + N * CELL + 16, N * CELL, 10, 5);
  g.fill();
  g.fillStyle = COLORS[board[0]];
  g.beginPath();
  g.roundRect(BX, BY + N * CELL + 16, Math.max(10, N * CELL * filled), 10, 5);
  g.fill();
  g.fillStyle = "#cbd5e1";
  g.font = "700 13px system-ui, sans-serif";
  g.fillText(`${Math.round(filled * 100)}% flooded`, W / 2, BY + N * CELL + 42);
}

function drawButtons(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { board, time, selected, pressed, pressedAt } = game.view;
  // Colour buttons.
  for (let i = 0; i < COLORS.length; i++) {
    const x = buttonX(i);
    const press =
      time - pressedAt < 10 && pressed === i
        ? 1 - Math.sin(((time - pressedAt) / 10) * Math.PI) * 0.15
        : 1;
    const current = i === board[0];
    const r = BUTTON_R * press;
    g.fillStyle = DARK[i];
    g.beginPath();
    g.arc(x, BUTTON_Y + 4, r, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = COLORS[i];
    g.beginPath();
    g.arc(x, BUTTON_Y, r, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "rgba(255,255,255,0.3)";
    g.beginPath();
    g.ellipse(x, BUTTON_Y - r * 0.45, r * 0.55, r * 0.28, 0, 0, Math.PI * 2);
    g.fill();
    if (current) {
      g.fillStyle = "rgba(0,0,0,0.35)";
      g.beginPath();
      g.arc(x, BUTTON_Y, r, 0, Math.PI * 2);
      g.fill();
    }
    if (i === selected) {
      g.strokeStyle = "#fff";
      g.lineWidth = 3;
      g.beginPath();
      g.arc(x, BUTTON_Y, r + 6, 0, Math.PI * 2);
      g.stroke();
    }
    g.fillStyle = current ? "rgba(255,255,255,0.6)" : "#0f172a";
    g.font = "900 17px system-ui, sans-serif";
    g.fillText(String(i + 1), x, BUTTON_Y + 1);
  }
  g.fillStyle = "rgba(203,213,225,0.65)";
  g.font = "500 12px system-ui, sans-serif";
  g.fillText(
    "Tap a colour or press 1–6 to flood from the corner",
    W / 2,
    BUTTON_Y + 50,
  );
}

function drawPopups(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { time, popups } = game.view;
  for (const p of popups) {
    const t = (time - p.at) / 45;
    g.globalAlpha = clamp(1.4 - t * 1.4, 0, 1);
    g.font = "900 20px system-ui, sans-serif";
    g.lineWidth = 5;
    g.lineJoin = "round";
    g.strokeStyle = "#0b1024";
    g.strokeText(p.text, p.x, p.y - t * 30);
    g.fillStyle = p.color;
    g.fillText(p.text, p.x, p.y - t * 30);
  }
  g.globalAlpha = 1;
}

function drawEnd(g: CanvasRenderingContext2D, game: ColorFlood) {
  const { limit, used, time, phase, phaseAt, winBonus } = game.view;
  const { over } = game;
  if (phase !== "play" && !over) {
    const t = clamp((time - phaseAt - 15) / 15, 0, 1);
    if (t > 0) {
      g.globalAlpha = t;
      g.fillStyle = "rgba(10,12,30,0.82)";
      g.beginPath();
      g.roundRect(40, BY + (N * CELL) / 2 - 52, W - 80, 104, 22);
      g.fill();
      g.fillStyle = phase === "won" ? "#86efac" : "#fda4af";
      g.font = "900 30px system-ui, sans-serif";
      g.fillText(
        phase === "won" ? "Board flooded!" : "Out of moves",
        W / 2,
        BY + (N * CELL) / 2 - 14,
      );
      g.fillStyle = "#e2e8f0";
      g.font = "600 16px system-ui, sans-serif";
      g.fillText(
        phase === "won"
          ? `+${winBonus} · ${limit - used} moves to spare`
          : `${Math.round(floodedShare(game.view.owned) * 100)}% of the board`,
        W / 2,
        BY + (N * CELL) / 2 + 22,
      );
      g.globalAlpha = 1;
    }
  }
}

runGame({
  rules,
  title: "Color Flood",
  hint: "Tap a colour or press 1–6",
  background: "#141b36",
  render(g, game) {
    drawBackdrop(g);

    drawHeader(g, game);

    drawBoard(g, game);

    drawProgress(g, game);

    drawButtons(g, game);

    drawPopups(g, game);

    drawEnd(g, game);
  },
});
