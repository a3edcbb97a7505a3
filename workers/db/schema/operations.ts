import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// What the platform records about itself: D1's size over time (ADR 047).

/**
 * The hourly job's reading of D1's size: the bytes D1 reports for the whole database and, per large table, its
 * estimated row count, so a warning can say what grew since the sample before.
 */
export const dbSizeSamples = sqliteTable(
  "db_size_samples",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bytes: integer("bytes").notNull(),
    /** JSON: { [table]: estimated rows }. */
    tables: text("tables", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull(),
    takenAt: integer("taken_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("db_size_samples_taken_idx").on(t.takenAt)],
);
