// From a simulated stretch of days to a year of the real platform: each table's size is followed day by day, and
// beyond the last simulated day it grows at the rate of the last stretch (a table kept for a window has stopped
// growing by then; a table kept for ever goes on at its daily growth). The simulated players' rows are scaled
// linearly to the real number of players; what was there before the first day (the schema, the catalogue) is not.
// Where a sample counts each table's rows, the growth is its rows' growth at the bytes a row of the last sample: a
// table that holds a day of rows is a few pages at a hundred players, and a page more on the last day, scaled a
// thousand times, read as 4 MB a day for ever while its rows stayed the same.

/** Bytes of each table (its indexes included) after `day` simulated days; day 0 is before the first. */
export interface SizeSample {
  day: number;
  tables: Record<string, number>;
  /** Rows of each table, where counted. */
  rows?: Record<string, number>;
}

export interface Projection {
  /** Bytes of the whole database after `day` days of the real platform. */
  bytesAt(day: number): number;
  /** Bytes of one table after `day` days. */
  tableBytesAt(table: string, day: number): number;
  /** The real platform's growth per day over the last stretch, per table and in all. */
  dailyGrowth: Record<string, number>;
  totalDailyGrowth: number;
  /** The first day the database holds at least `limit` bytes, or null if it never does within `horizon` days. */
  dayReaching(limit: number, horizon?: number): number | null;
}

/** A table whose bytes on a day of the real platform are worked out by a model of its own instead of scaled. */
export type DerivedTables = Record<string, (day: number) => number>;

/**
 * `samples` in order of day, the first at day 0; `scale` is real players over simulated ones, for every table or
 * per table (a table of games' boards does not grow with players); the growth rate is taken over the last `stretch`
 * days sampled (at least the last two samples). `derived` tables follow their own model on every day.
 */
export function project(
  samples: SizeSample[],
  scale: number | ((table: string) => number),
  stretch: number,
  derived: DerivedTables = {},
): Projection {
  const scaleOf = typeof scale === "number" ? () => scale : scale;
  if (samples.length < 2 || samples[0].day !== 0)
    throw new Error("A projection needs day 0 and at least one day after it");
  const base = samples[0];
  const last = samples[samples.length - 1];
  const from =
    [...samples]
      .reverse()
      .find((sample) => sample.day <= last.day - stretch && sample !== last) ??
    samples[samples.length - 2];
  const tables = [
    ...new Set(samples.flatMap((sample) => Object.keys(sample.tables))),
  ];
  const at = (sample: SizeSample, table: string) => sample.tables[table] ?? 0;
  /** The table's growth over the stretch in bytes: by its rows where both samples count them. */
  const grown = (table: string) => {
    const [before, after] = [from.rows?.[table], last.rows?.[table]];
    if (before === undefined || after === undefined || after === 0)
      return at(last, table) - at(from, table);
    return (after - before) * (at(last, table) / after);
  };
  // A table that shrank over the stretch (a window's rows going in chunks) is taken as holding its size.
  const dailyGrowth = Object.fromEntries(
    tables.map((table) => [
      table,
      Math.max(
        0,
        (derived[table]
          ? derived[table](last.day) - derived[table](from.day)
          : scaleOf(table) * grown(table)) /
          (last.day - from.day),
      ),
    ]),
  );

  function tableBytesAt(table: string, day: number): number {
    if (derived[table]) return derived[table](day);
    const scaled = (sample: SizeSample) =>
      at(base, table) + scaleOf(table) * (at(sample, table) - at(base, table));
    if (day >= last.day)
      return scaled(last) + dailyGrowth[table] * (day - last.day);
    const after = samples.findIndex((sample) => sample.day >= day);
    const next = samples[after];
    const previous = samples[Math.max(0, after - 1)];
    if (next.day === previous.day) return scaled(next);
    const share = (day - previous.day) / (next.day - previous.day);
    return scaled(previous) + share * (scaled(next) - scaled(previous));
  }
  const bytesAt = (day: number) =>
    tables.reduce((sum, table) => sum + tableBytesAt(table, day), 0);

  return {
    bytesAt,
    tableBytesAt: (table, day) =>
      tables.includes(table) ? tableBytesAt(table, day) : 0,
    dailyGrowth,
    totalDailyGrowth: Object.values(dailyGrowth).reduce((a, b) => a + b, 0),
    dayReaching(limit, horizon = 100 * 365) {
      for (let day = 0; day <= horizon; day++)
        if (bytesAt(day) >= limit) return day;
      return null;
    },
  };
}

/**
 * A table some of whose rows do not grow with players on the real platform (runs kept for a board's first 100 or a
 * prize, and the sessions they pin): `all` is its projection with every row scaled, each part's `rows` those rows in
 * the run, unscaled and projected the same way. They count once, each part at most its `cap`, at `bytesPerRow`; the
 * rest stays scaled.
 */
export function boundedRows(options: {
  all: (day: number) => number;
  parts: { rows: (day: number) => number; cap?: number }[];
  scale: number;
  bytesPerRow: number;
}) {
  const { all, parts, scale, bytesPerRow } = options;
  const sum = (day: number, count: (part: (typeof parts)[number]) => number) =>
    parts.reduce((rows, part) => rows + count(part), 0) * bytesPerRow;
  const scaled = (day: number) =>
    Math.max(0, all(day) - scale * sum(day, (part) => part.rows(day)));
  const bounded = (day: number) =>
    sum(day, (part) => Math.min(part.cap ?? Infinity, part.rows(day)));
  return {
    scaled,
    bounded,
    total: (day: number) => scaled(day) + bounded(day),
  };
}
