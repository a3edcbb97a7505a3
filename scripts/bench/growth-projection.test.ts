import { describe, expect, it } from "vitest";
import { boundedRows, project, type SizeSample } from "./growth-projection";

// A kept-for-ever table growing 100 bytes a simulated day, a windowed one that stops at 500, and the schema's 1,000.
const samples: SizeSample[] = [0, 10, 20, 30].map((day) => ({
  day,
  tables: {
    schema: 1_000,
    scores: 100 * day,
    events: Math.min(500, 50 * day),
  },
}));

describe("project", () => {
  const projection = project(samples, 10, 10);

  it("scales the simulated rows and not what was there before the first day", () => {
    expect(projection.tableBytesAt("schema", 30)).toBe(1_000);
    expect(projection.tableBytesAt("scores", 30)).toBe(30_000);
    expect(projection.bytesAt(30)).toBe(1_000 + 30_000 + 5_000);
  });

  it("goes on at the last stretch's growth: a windowed table stays at its size", () => {
    expect(projection.dailyGrowth).toEqual({
      schema: 0,
      scores: 1_000,
      events: 0,
    });
    expect(projection.tableBytesAt("events", 365)).toBe(5_000);
    expect(projection.bytesAt(365)).toBe(1_000 + 365_000 + 5_000);
  });

  it("holds a table that shrank over the stretch at its last size", () => {
    const sawtooth = project(
      samples.map((sample) => ({
        ...sample,
        tables: { boards: sample.day === 20 ? 900 : 10 * sample.day },
      })),
      1,
      10,
    );
    expect(sawtooth.dailyGrowth.boards).toBe(0);
    expect(sawtooth.tableBytesAt("boards", 365)).toBe(300);
  });

  it("grows a table whose rows are counted by its rows, at the bytes a row of the last sample", () => {
    // A day's rows, always 48, over pages that wobble; and rows kept for ever, 10 a day at 20 bytes a row.
    const counted = project(
      samples.map((sample) => ({
        day: sample.day,
        tables: {
          visitors: sample.day === 0 ? 0 : sample.day === 30 ? 8_192 : 4_096,
          kept: 20 * 10 * sample.day + (sample.day === 30 ? 1_000 : 0),
        },
        rows: { visitors: sample.day === 0 ? 0 : 48, kept: 10 * sample.day },
      })),
      1_000,
      10,
    );
    expect(counted.dailyGrowth.visitors).toBe(0);
    expect(counted.tableBytesAt("visitors", 365)).toBe(8_192 * 1_000);
    // 100 rows in the stretch, at 7,000 / 300 bytes a row (the last sample's), a thousand times, over 10 days.
    expect(counted.dailyGrowth.kept).toBeCloseTo(
      (1_000 * 100 * (7_000 / 300)) / 10,
    );
  });

  it("interpolates between sampled days", () => {
    expect(projection.tableBytesAt("scores", 15)).toBe(15_000);
    expect(projection.tableBytesAt("events", 5)).toBe(2_500);
  });

  it("finds the day a limit is reached, or none", () => {
    expect(projection.dayReaching(100_000)).toBe(94);
    expect(
      project(
        samples.map((sample) => ({
          ...sample,
          tables: { events: sample.tables.events },
        })),
        10,
        10,
      ).dayReaching(100_000),
    ).toBeNull();
  });

  it("leaves a table of games' boards unscaled when told", () => {
    const perTable = project(
      samples,
      (table) => (table === "scores" ? 1 : 10),
      10,
    );
    expect(perTable.tableBytesAt("scores", 30)).toBe(3_000);
    expect(perTable.tableBytesAt("events", 30)).toBe(5_000);
  });

  it("follows a derived table's own model on every day, in the totals and the growth too", () => {
    const modelled = project(samples, 10, 10, {
      scores: (day) => 7 * Math.sqrt(day),
    });
    expect(modelled.tableBytesAt("scores", 0)).toBe(0);
    expect(modelled.tableBytesAt("scores", 400)).toBe(140);
    expect(modelled.bytesAt(400)).toBe(1_000 + 140 + 5_000);
    expect(modelled.dailyGrowth.scores).toBeCloseTo(
      (7 * Math.sqrt(30) - 7 * Math.sqrt(20)) / 10,
    );
  });
});

// A table of runs, 100 bytes a row: 80 rows of the window (they grow with players) and 20 more old ones every 10 days
// kept for a board (they do not), as the run sees them at 1 player in 1,000.
describe("boundedRows", () => {
  const days = [0, 10, 20, 30];
  const board = [0, 20, 40, 60];
  const runs: SizeSample[] = days.map((day, i) => ({
    day,
    tables: { runs: 100 * ((day ? 80 : 0) + board[i]) },
  }));
  const rows: SizeSample[] = days.map((day, i) => ({
    day,
    tables: { "runs:boards": board[i] },
  }));
  const all = project(runs, 1_000, 10);
  const counted = project(rows, 1, 10);
  const split = boundedRows({
    all: (day) => all.tableBytesAt("runs", day),
    parts: [
      { rows: (day) => counted.tableBytesAt("runs:boards", day), cap: 50 },
    ],
    scale: 1_000,
    bytesPerRow: 100,
  });

  it("scales the window's rows and counts the board's once, at most the cap", () => {
    expect(all.tableBytesAt("runs", 30)).toBe(14_000_000);
    expect(split.scaled(30)).toBe(8_000_000);
    expect(split.bounded(30)).toBe(5_000);
    expect(split.total(30)).toBe(8_005_000);
  });

  it("holds the board's rows at the cap for the year while the scaled projection grows with them", () => {
    expect(all.tableBytesAt("runs", 365)).toBe(81_000_000);
    expect(split.scaled(365)).toBe(8_000_000);
    expect(split.bounded(365)).toBe(5_000);
    const year = project(runs, 1_000, 10, { runs: split.total });
    expect(year.bytesAt(365)).toBe(8_005_000);
    // Over the last stretch the board's rows reached the cap: 10 rows, counted once.
    expect(year.dailyGrowth.runs).toBe(100);
  });

  it("counts the board's rows as the run had them while under the cap", () => {
    expect(split.bounded(10)).toBe(2_000);
    expect(split.total(10)).toBe(8_002_000);
  });

  it("counts a part without a cap once, growing as in the run (prizes: a few a board and period)", () => {
    const prizes = boundedRows({
      all: (day) => all.tableBytesAt("runs", day),
      parts: [{ rows: (day) => counted.tableBytesAt("runs:boards", day) }],
      scale: 1_000,
      bytesPerRow: 100,
    });
    expect(prizes.bounded(365)).toBe(73_000);
    expect(prizes.total(365)).toBe(8_073_000);
  });
});
