import { legacyRules, type Game, type GameContext } from "../shared/legacy";
import { clamp } from "../shared/sim";

const W = 360;
const H = 640;
const N = 4;
const CELL = 72;
const GAP = 9;
const BOARD = N * CELL + (N + 1) * GAP;
const BX = (W - BOARD) / 2;
const BY = 178;
const SLIDE = 7; // steps a slide takes
const POP = 9; // steps a merge pop or a new tile takes

/** 0 up, 1 right, 2 down, 3 left. */
type Dir = 0 | 1 | 2 | 3;
const KEYS: Record<string, Dir> = {
  ArrowUp: 0,
  ArrowRight: 1,
  ArrowDown: 2,
  ArrowLeft: 3,
  w: 0,
  d: 1,
  s: 2,
  a: 3,
};
const DIR_KEYS = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"];

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

interface Tile {
  id: number;
  value: number;
  r: number;
  c: number;
  fr: number;
  fc: number;
  /** Step from which the tile is drawn (merges and new tiles wait for the slide). */
  appear: number;
  kind: "old" | "merge" | "new";
  /** Slides into a merge and then disappears. */
  consumed: boolean;
}

interface Popup {
  text: string;
  x: number;
  y: number;
  born: number;
  color: string;
}

/** The cells of line i, from the edge tiles slide towards. */
function lineCells(d: Dir, i: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let k = 0; k < N; k++) {
    if (d === 3) cells.push([i, k]);
    else if (d === 1) cells.push([i, N - 1 - k]);
    else if (d === 0) cells.push([k, i]);
    else cells.push([N - 1 - k, i]);
  }
  return cells;
}

/** Pure slide on a flat board of values (0 = empty) for the demo player's search. */
function slideValues(
  board: number[],
  d: Dir,
): { board: number[]; gained: number; moved: boolean } {
  const out = new Array<number>(N * N).fill(0);
  let gained = 0;
  let moved = false;
  for (let i = 0; i < N; i++) {
    const cells = lineCells(d, i);
    const values = cells.map(([r, c]) => board[r * N + c]).filter((v) => v > 0);
    const merged: number[] = [];
    for (let k = 0; k < values.length; k++) {
      if (k + 1 < values.length && values[k] === values[k + 1]) {
        merged.push(values[k] * 2);
        gained += values[k] * 2;
        k++;
      } else merged.push(values[k]);
    }
    cells.forEach(([r, c], k) => {
      const v = merged[k] ?? 0;
      out[r * N + c] = v;
      if (v !== board[r * N + c]) moved = true;
    });
  }
  return { board: out, gained, moved };
}

// A snake-shaped gradient: big tiles gather along the top row and wind down.
const WEIGHT = [
  [32768, 16384, 8192, 4096],
  [256, 512, 1024, 2048],
  [128, 64, 32, 16],
  [1, 2, 4, 8],
].flat();

function evaluate(board: number[]): number {
  let total = 0;
  let empty = 0;
  let max = 0;
  for (let i = 0; i < N * N; i++) {
    total += board[i] * WEIGHT[i];
    if (!board[i]) empty++;
    if (board[i] > max) max = board[i];
  }
  return total + empty * max * 2048;
}

function bestMove(board: number[]): Dir | null {
  let best: Dir | null = null;
  let bestScore = -Infinity;
  for (let d = 0 as Dir; d < 4; d = (d + 1) as Dir) {
    const first = slideValues(board, d);
    if (!first.moved) continue;
    const empties = first.board.flatMap((v, i) => (v ? [] : [i]));
    let expected = 0;
    for (const cell of empties) {
      for (const [value, chance] of [
        [2, 0.9],
        [4, 0.1],
      ]) {
        const next = first.board.slice();
        next[cell] = value;
        let reply = -Infinity;
        for (let e = 0 as Dir; e < 4; e = (e + 1) as Dir) {
          const second = slideValues(next, e);
          if (second.moved) reply = Math.max(reply, evaluate(second.board));
        }
        expected += chance * (reply === -Infinity ? -1e12 : reply);
      }
    }
    const score = empties.length
      ? expected / empties.length
      : evaluate(first.board);
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

function createMergeTiles({ rng, sound }: GameContext): Game {
  let grid: (Tile | null)[][] = Array.from({ length: N }, () =>
    new Array<Tile | null>(N).fill(null),
  );
  let tiles: Tile[] = [];
  let nextId = 1;
  let time = 0;
  let moveAt = -100;
  let queued: Dir | null = null;
  let moves = 0;
  let bestTile = 2;
  let stuckAt = -1;
  let swipe: { x: number; y: number } | null = null;
  let shake = 0;
  let demoWait = 30;
  const popups: Popup[] = [];

  function spawn(appear: number) {
    const empty: [number, number][] = [];
    for (let r = 0; r < N; r++)
      for (let c = 0; c < N; c++) if (!grid[r][c]) empty.push([r, c]);
    if (!empty.length) return;
    const [r, c] = empty[rng.int(0, empty.length - 1)];
    const value = rng.chance(0.9) ? 2 : 4;
    const tile: Tile = {
      id: nextId++,
      value,
      r,
      c,
      fr: r,
      fc: c,
      appear,
      kind: "new",
      consumed: false,
    };
    grid[r][c] = tile;
    tiles.push(tile);
  }

  const values = () => grid.flat().map((t) => (t ? t.value : 0));
  const canMove = () =>
    ([0, 1, 2, 3] as Dir[]).some((d) => slideValues(values(), d).moved);
  const busy = () => time < moveAt + SLIDE;

  function move(d: Dir) {
    if (stuckAt >= 0) return;
    if (busy()) {
      queued = d;
      return;
    }
    // Settle the last move: drop tiles that merged away and fix everyone's start cell.
    tiles = tiles.filter((t) => !t.consumed);
    for (const t of tiles) {
      t.fr = t.r;
      t.fc = t.c;
    }
    const next: (Tile | null)[][] = Array.from({ length: N }, () =>
      new Array<Tile | null>(N).fill(null),
    );
    let gained = 0;
    let moved = false;
    let mergedCount = 0;
    for (let i = 0; i < N; i++) {
      const cells = lineCells(d, i);
      const line = cells
        .map(([r, c]) => grid[r][c])
        .filter((t): t is Tile => t !== null);
      let slot = 0;
      for (let k = 0; k < line.length; k++) {
        const [r, c] = cells[slot];
        const a = line[k];
        const b = line[k + 1];
        if (b && a.value === b.value) {
          a.r = b.r = r;
          a.c = b.c = c;
          a.consumed = b.consumed = true;
          const merged: Tile = {
            id: nextId++,
            value: a.value * 2,
            r,
            c,
            fr: r,
            fc: c,
            appear: time + SLIDE,
            kind: "merge",
            consumed: false,
          };
          tiles.push(merged);
          next[r][c] = merged;
          gained += merged.value;
          mergedCount++;
          popups.push({
            text: `+${merged.value}`,
            x: cellX(c) + CELL / 2,
            y: cellY(r) + 8,
            born: time + SLIDE,
            color: "#fff",
          });
          bestTile = Math.max(bestTile, merged.value);
          moved = true;
          k++;
        } else {
          if (a.r !== r || a.c !== c) moved = true;
          a.r = r;
          a.c = c;
          next[r][c] = a;
        }
        slot++;
      }
    }
    if (!moved) {
      shake = 8;
      return;
    }
    grid = next;
    moveAt = time;
    moves++;
    for (const t of tiles)
      if (t.kind !== "old" && t.appear <= time) t.kind = "old";
    spawn(time + SLIDE);
    if (gained) {
      game.score += gained;
      sound.play(mergedCount > 1 || gained >= 64 ? "score" : "tap");
    } else sound.play("move");
    if (!canMove()) stuckAt = time;
  }

  const cellX = (c: number) => BX + GAP + c * (CELL + GAP);
  const cellY = (r: number) => BY + GAP + r * (CELL + GAP);

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

  const game: Game = {
    score: 0,
    over: false,
    update() {
      time++;
      if (shake > 0) shake--;
      if (!busy()) {
        tiles = tiles.filter((t) => !t.consumed);
        if (queued !== null) {
          const d = queued;
          queued = null;
          move(d);
        }
      }
      for (let i = popups.length - 1; i >= 0; i--)
        if (time - popups[i].born > 40) popups.splice(i, 1);
      if (stuckAt >= 0 && time - stuckAt > 70) game.over = true;
    },
    render(g) {
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
            0.2 +
            0.8 * (1 + 2.2 * Math.pow(p - 1, 3) + 1.2 * Math.pow(p - 1, 2));
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
    keyDown(key) {
      const d = KEYS[key] ?? KEYS[key.toLowerCase()];
      if (d !== undefined) move(d);
    },
    pointerDown(x, y) {
      swipe = { x, y };
    },
    pointerMove(x, y) {
      if (!swipe) return;
      const dx = x - swipe.x;
      const dy = y - swipe.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
      swipe = null;
      move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 1 : 3) : dy > 0 ? 2 : 0);
    },
    pointerUp(x, y) {
      game.pointerMove?.(x, y);
      swipe = null;
    },
    autoplay() {
      if (busy() || stuckAt >= 0 || queued !== null) return;
      if (--demoWait > 0) return;
      demoWait = 9;
      const d = bestMove(values());
      if (d !== null) game.keyDown?.(DIR_KEYS[d]);
    },
  };

  spawn(0);
  spawn(0);
  return game;
}

export const rules = legacyRules(
  "merge-tiles",
  { width: W, height: H },
  createMergeTiles,
);
