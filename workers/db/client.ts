import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A D1 session (read replication, workers/d1-session.ts) answers the same prepare and batch as the database. */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export type Db = ReturnType<typeof createDb>;
