import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

// drizzle reads the whole schema's relations each time it is set up (about half a millisecond of CPU), and it keeps
// no state of its own between queries, so an isolate sets it up once per database binding.
const clients = new WeakMap<D1Database, ReturnType<typeof setUp>>();

const setUp = (d1: D1Database) => drizzle(d1, { schema });

export function createDb(d1: D1Database) {
  let db = clients.get(d1);
  if (!db) {
    db = setUp(d1);
    clients.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
