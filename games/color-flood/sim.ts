import { legacyRules, type Game, type GameContext } from "../shared/legacy";
import { clamp } from "../shared/sim";

const W = 360;
const H = 640;
const N = 12;
const CELL = 28;
const BX = (W - N * CELL) / 2;
const BY = 116;
const BUTTON_Y = 548;
const BUTTON_R = 23;
const COLORS = [
  "#f43f5e",
  "#fb923c",
  "#fde047",
  "#4ade80",
  "#38bdf8",
  "#a78bfa",
];
const DARK = ["#9f1239", "#9a3412", "#a16207", "#166534", "#075985", "#5b21b6"];
const buttonX = (i: number) => W / 2 + (i - 2.5) * 56;

/** Cells the top-left region holds after flooding it with `color`. */
function floodRegion(board: number[], color: number): boolean[] {
  const owned = new Array<boolean>(N * N).fill(false);
  const start = board[0];
  const stack = [0];
  owned[0] = true;
  // The current region, then everything of the new colour touching it.
  const visit = (match: (i: number) => boolean) => {
    while (stack.length) {
      const i = stack.pop()!;
      const r = Math.floor(i / N);
      const c = i % N;
      for (const j of [
        r > 0 ? i - N : -1,
        r < N - 1 ? i + N : -1,
        c > 0 ? i - 1 : -1,
        c < N - 1 ? i + 1 : -1,
      ]) {
        if (j >= 0 && !owned[j] && match(j)) {
          owned[j] = true;
          stack.push(j);
        }
      }
    }
  };
  visit((j) => board[j] === start);
  for (let i = 0; i < N * N; i++) if (owned[i]) stack.push(i);
  visit((j) => board[j] === color);
  return owned;
}

function applyFlood(board: number[], color: number): number[] {
  const owned = floodRegion(board, color);
  return board.map((v, i) => (owned[i] ? color : v));
}

const regionSize = (board: number[]) =>
  floodRegion(board, board[0]).filter(Boolean).length;

/** Greedy: the colour that grows the region most. */
function greedyMoves(board: number[]): number {
  let moves = 0;
  while (regionSize(board) < N * N && moves < 60) {
    let best = -1;
    let bestSize = -1;
    for (let c = 0; c < COLORS.length; c++) {
      if (c === board[0]) continue;
      const size = regionSize(applyFlood(board, c));
      if (size > bestSize) {
        bestSize = size;
        best = c;
      }
    }
    board = applyFlood(board, best);
    moves++;
  }
  return moves;
}

/** Two moves of look-ahead: what a sharp player would pick. */
function smartColor(board: number[]): number {
  let best = -1;
  let bestScore = -1;
  for (let a = 0; a < COLORS.length; a++) {
    if (a === board[0]) continue;
    const first = applyFlood(board, a);
    const firstSize = regionSize(first);
    if (firstSize === N * N) return a;
    let second = firstSize;
    for (let b = 0; b < COLORS.length; b++) {
      if (b === a) continue;
      second = Math.max(second, regionSize(applyFlood(first, b)));
    }
    const score = second * 200 + firstSize;
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

function createColorFlood({ rng, sound }: GameContext): Game {
  let board: number[] = [];
  let shown: number[] = [];
  let previous: number[] = [];
  let changeAt: number[] = [];
  let owned: boolean[] = [];
  let limit = 0;
  let used = 0;
  let boardNumber = 0;
  let time = 0;
  let phase: "play" | "won" | "lost" = "play";
  let phaseAt = 0;
  let selected = 0;
  let pressed = -1;
  let pressedAt = -100;
  let shake = 0;
  let winBonus = 0;
  let demoWait = 24;
  const popups: {
    text: string;
    x: number;
    y: number;
    at: number;
    color: string;
  }[] = [];

  function newBoard() {
    boardNumber++;
    board = Array.from({ length: N * N }, () => rng.int(0, COLORS.length - 1));
    const slack = Math.max(1, 5 - boardNumber);
    limit = greedyMoves(board) + slack;
    used = 0;
    owned = floodRegion(board, board[0]);
    shown = board.slice();
    previous = board.slice();
    // Deal the new board in as a diagonal wave.
    changeAt = board.map((_, i) => time + (Math.floor(i / N) + (i % N)) * 1.5);
    previous = board.map(() => -1);
    phase = "play";
    phaseAt = time;
  }

  function pick(color: number) {
    if (phase !== "play" || color < 0 || color >= COLORS.length) return;
    selected = color;
    pressed = color;
    pressedAt = time;
    if (color === board[0]) {
      shake = 10;
      sound.play("tap");
      return;
    }
    const before = owned.filter(Boolean).length;
    const next = floodRegion(board, color);
    // The colour change spreads outward from the corner through the region.
    const distance = new Array<number>(N * N).fill(-1);
    distance[0] = 0;
    const queue = [0];
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q];
      const r = Math.floor(i / N);
      const c = i % N;
      for (const j of [
        r > 0 ? i - N : -1,
        r < N - 1 ? i + N : -1,
        c > 0 ? i - 1 : -1,
        c < N - 1 ? i + 1 : -1,
      ]) {
        if (j >= 0 && next[j] && distance[j] < 0) {
          distance[j] = distance[i] + 1;
          queue.push(j);
        }
      }
    }
    for (let i = 0; i < N * N; i++) {
      if (!next[i]) continue;
      previous[i] = time >= changeAt[i] ? board[i] : previous[i];
      changeAt[i] = time + distance[i] * 0.9;
      board[i] = color;
    }
    owned = next;
    used++;
    const gained = owned.filter(Boolean).length - before;
    game.score += gained;
    if (gained > 0) {
      popups.push({
        text: `+${gained}`,
        x: buttonX(color),
        y: BUTTON_Y - 40,
        at: time,
        color: COLORS[color],
      });
    }
    sound.play(gained >= 6 ? "score" : "move");
    if (owned.every(Boolean)) {
      winBonus = 100 + 50 * (limit - used);
      game.score += winBonus;
      phase = "won";
      phaseAt = time;
      sound.play("level");
    } else if (used >= limit) {
      phase = "lost";
      phaseAt = time;
      sound.play("hit");
    }
  }

  const game: Game = {
    score: 0,
    over: false,
    update() {
      time++;
      if (shake > 0) shake--;
      for (let i = 0; i < N * N; i++)
        shown[i] = time >= changeAt[i] ? board[i] : previous[i];
      if (phase === "won" && time - phaseAt > 90) newBoard();
      if (phase === "lost" && time - phaseAt > 75) game.over = true;
      for (let i = popups.length - 1; i >= 0; i--)
        if (time - popups[i].at > 45) popups.splice(i, 1);
    },
    render(g) {
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

      // The board.
      const sx = shake ? Math.sin(shake * 2) * shake * 0.5 : 0;
      g.save();
      g.translate(sx, 0);
      g.fillStyle = "rgba(0,0,0,0.4)";
      g.beginPath();
      g.roundRect(BX - 6, BY - 6, N * CELL + 12, N * CELL + 12, 16);
      g.fill();
      for (let i = 0; i < N * N; i++) {
        const color = shown[i];
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

      // Progress under the board.
      const filled = owned.filter(Boolean).length / (N * N);
      g.fillStyle = "rgba(255,255,255,0.08)";
      g.beginPath();
      g.roundRect(BX, BY + N * CELL + 16, N * CELL, 10, 5);
      g.fill();
      g.fillStyle = COLORS[board[0]];
      g.beginPath();
      g.roundRect(
        BX,
        BY + N * CELL + 16,
        Math.max(10, N * CELL * filled),
        10,
        5,
      );
      g.fill();
      g.fillStyle = "#cbd5e1";
      g.font = "700 13px system-ui, sans-serif";
      g.fillText(
        `${Math.round(filled * 100)}% flooded`,
        W / 2,
        BY + N * CELL + 42,
      );

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
        g.ellipse(
          x,
          BUTTON_Y - r * 0.45,
          r * 0.55,
          r * 0.28,
          0,
          0,
          Math.PI * 2,
        );
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

      if (phase !== "play" && !game.over) {
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
              : `${Math.round(filled * 100)}% of the board`,
            W / 2,
            BY + (N * CELL) / 2 + 22,
          );
          g.globalAlpha = 1;
        }
      }
    },
    pointerDown(x, y) {
      for (let i = 0; i < COLORS.length; i++) {
        if (Math.hypot(x - buttonX(i), y - BUTTON_Y) <= BUTTON_R + 6) {
          pick(i);
          return;
        }
      }
      // Tapping a cell floods with that cell's colour.
      const c = Math.floor((x - BX) / CELL);
      const r = Math.floor((y - BY) / CELL);
      if (r >= 0 && r < N && c >= 0 && c < N) pick(board[r * N + c]);
    },
    keyDown(key) {
      if (key >= "1" && key <= "6") pick(Number(key) - 1);
      else if (key === "ArrowLeft" || key === "a" || key === "A")
        selected = (selected + COLORS.length - 1) % COLORS.length;
      else if (key === "ArrowRight" || key === "d" || key === "D")
        selected = (selected + 1) % COLORS.length;
      else if (key === "Enter" || key === " " || key === "Spacebar")
        pick(selected);
    },
    autoplay() {
      if (phase !== "play") return;
      if (--demoWait > 0) return;
      demoWait = 26;
      const color = smartColor(board);
      game.pointerDown?.(buttonX(color), BUTTON_Y);
    },
  };

  newBoard();
  return game;
}

export const rules = legacyRules(
  "color-flood",
  { width: W, height: H },
  createColorFlood,
);
