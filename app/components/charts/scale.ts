/** A value axis from zero: its top and the ticks on it, at a round step (1, 2 or 5 × a power of ten; 2.5 too for fractions). */
export interface ValueScale {
  top: number;
  ticks: number[];
}

const tidy = (value: number) => Number(value.toPrecision(12));

/**
 * The scale for values up to `max`, in about `count` steps. `whole` keeps steps whole (counts of things); a chart
 * with nothing to show (max 0, or no data) still gets an axis, 0 to `count` for counts.
 */
export function valueScale(
  max: number,
  count = 4,
  whole = true,
  /** Steps to choose from instead (seconds: 15, 30, 60…), the smallest that reaches `max` in `count`. */
  steps?: number[],
): ValueScale {
  const highest = Number.isFinite(max) && max > 0 ? max : whole ? count : 1;
  const raw = highest / count;
  const chosen = steps?.find((step) => step >= raw);
  if (chosen !== undefined) return ticksOf(highest, chosen);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normal = raw / magnitude;
  // A fraction may step in quarters (a share: 25%, 50%, 75%); a count may not.
  const nice =
    normal <= 1
      ? 1
      : normal <= 2
        ? 2
        : normal <= 2.5 && !whole
          ? 2.5
          : normal <= 5
            ? 5
            : 10;
  return ticksOf(
    highest,
    whole ? Math.max(1, nice * magnitude) : nice * magnitude,
  );
}

function ticksOf(highest: number, step: number): ValueScale {
  const count = Math.ceil(tidy(highest / step));
  const ticks = Array.from({ length: count + 1 }, (_, index) =>
    tidy(index * step),
  );
  return { top: ticks[ticks.length - 1], ticks };
}

/** Where the `index`th of `count` equal bands starts and how wide it is, across `width`. */
export function band(index: number, count: number, width: number) {
  const size = width / Math.max(1, count);
  return { start: index * size, size };
}
