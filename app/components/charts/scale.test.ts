import { describe, expect, it } from "vitest";
import { band, valueScale } from "./scale";

describe("valueScale", () => {
  it("rounds the top up to a step of 1, 2 or 5 times a power of ten", () => {
    expect(valueScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueScale(130)).toEqual({ top: 150, ticks: [0, 50, 100, 150] });
    expect(valueScale(1000)).toEqual({ top: 1000, ticks: [0, 500, 1000] });
  });

  it("keeps counts whole: a top of 1 still has whole steps", () => {
    expect(valueScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
  });

  it("steps a share in quarters, without a float's tail", () => {
    expect(valueScale(1, 4, false)).toEqual({
      top: 1,
      ticks: [0, 0.25, 0.5, 0.75, 1],
    });
    expect(valueScale(0.3, 4, false).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("gives an axis to a chart with nothing on it", () => {
    expect(valueScale(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueScale(Number.NEGATIVE_INFINITY).top).toBe(4);
    expect(valueScale(0, 4, false).top).toBe(1);
  });
});

describe("valueScale with steps of its own", () => {
  it("takes the smallest step that reaches the top in the count", () => {
    expect(valueScale(95, 4, true, [15, 30, 60])).toEqual({
      top: 120,
      ticks: [0, 30, 60, 90, 120],
    });
    expect(valueScale(40, 4, true, [15, 30, 60]).ticks).toEqual([
      0, 15, 30, 45,
    ]);
  });

  it("falls back to tens past its largest step", () => {
    expect(valueScale(1000, 4, true, [15, 30]).top).toBe(1000);
  });
});

describe("band", () => {
  it("splits the width into equal bands, one for a single day", () => {
    expect(band(2, 4, 100)).toEqual({ start: 50, size: 25 });
    expect(band(0, 1, 100)).toEqual({ start: 0, size: 100 });
    expect(band(0, 0, 100)).toEqual({ start: 0, size: 100 });
  });
});
