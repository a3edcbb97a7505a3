import {
  drizzle,
  DrizzleD1Database,
  SQLiteD1Session,
  type AnyD1Database,
} from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

type Drizzle = ReturnType<typeof setUp>;
const setUp = (d1: AnyD1Database) => drizzle(d1, { schema });

/**
 * drizzle reads the whole schema's relations each time it is set up (about half a millisecond of CPU). Every request
 * has its own D1 session (workers/d1-session.ts), so the relations are read once per isolate and each new client
 * only gets a session object over them.
 */
let shared:
  | {
      dialect: SQLiteAsyncDialect;
      relations: ConstructorParameters<typeof SQLiteD1Session>[2];
    }
  | undefined;

/** A D1 session (read replication) answers the same prepare and batch as the database. */
export function createDb(d1: D1Database | D1DatabaseSession): Drizzle {
  const client = d1 as D1Database;
  if (!shared) {
    const first = setUp(client);
    shared = {
      dialect: new SQLiteAsyncDialect(),
      relations: {
        fullSchema: first._.fullSchema,
        schema: first._.schema!,
        tableNamesMap: first._.tableNamesMap,
      },
    };
    return first;
  }
  const session = new SQLiteD1Session(client, shared.dialect, shared.relations);
  const db = new DrizzleD1Database(
    "async",
    shared.dialect,
    session,
    shared.relations,
  ) as Drizzle;
  db.$client = client;
  return db;
}

export type Db = Drizzle;

/**
 * The request's client, set up on its first use: a page that reads nothing from D1 (a visitor's home page, served
 * from the isolate's copy of the catalogue, ADR 021) never pays the half millisecond drizzle takes to build one.
 */
export function lazyDb(open: () => Drizzle): Drizzle {
  let db: Drizzle | undefined;
  return new Proxy({} as Drizzle, {
    get(_, key) {
      db ??= open();
      const value: unknown = Reflect.get(db, key, db);
      return typeof value === "function"
        ? (value as (...args: unknown[]) => unknown).bind(db)
        : value;
    },
  });
}
