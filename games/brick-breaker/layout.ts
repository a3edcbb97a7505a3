import type { Rng } from "../shared/rng";

/** Bricks in a row. */
export const COLS = 8;

/** Which cells of the grid hold a brick on this level: symmetric, seeded shapes. */
export function layout(level: number, rng: Rng): boolean[][] {
  const rows = Math.min(5 + level, 10);
  const gentle = ["full", "scatter", "pyramid"];
  const all = [
    "full",
    "checker",
    "pyramid",
    "diamond",
    "stripes",
    "scatter",
    "columns",
    "frame",
  ];
  const kind = rng.pick(level === 1 ? gentle : all);
  const grid: boolean[][] = [];
  const density = level === 1 ? rng.range(0.75, 0.9) : rng.range(0.55, 0.85);
  for (let r = 0; r < rows; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < COLS / 2; c++) {
      const mc = COLS / 2 - 1 - c; // distance from the centre, 0..3
      let on = true;
      switch (kind) {
        case "checker":
          on = (r + c) % 2 === 0;
          break;
        case "pyramid":
          on = mc <= r - 1 || r === rows - 1;
          break;
        case "diamond": {
          const mid = (rows - 1) / 2;
          on = mc + Math.abs(r - mid) * 0.9 <= 3.4;
          break;
        }
        case "stripes":
          on = r % 2 === 0;
          break;
        case "scatter":
          on = rng.next() < density;
          break;
        case "columns":
          on = c % 2 === 1 || r === 0;
          break;
        case "frame":
          on =
            r === 0 ||
            r === rows - 1 ||
            c === 0 ||
            mc === 0 ||
            (r % 3 === 1 && c === 1);
          break;
      }
      row.push(on);
    }
    // Mirror the left half so every level looks designed.
    grid.push([...row, ...[...row].reverse()]);
  }
  const count = grid.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  if (count < 14) for (const row of grid) row.fill(true, 0, COLS);
  return grid;
}
