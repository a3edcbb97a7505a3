import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

// The columns every table group shares.

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
