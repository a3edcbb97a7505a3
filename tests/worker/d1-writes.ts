/**
 * A D1 binding that counts what reaches the primary: every call that runs a statement, and the write transactions
 * among them (a batch or a single statement that inserts, updates or deletes: each commits on D1's one writer,
 * whether or not it changes a row). The statements themselves are D1's own, so batches run exactly as they would.
 */
export interface D1Tally {
  calls: number;
  writes: number;
  /** The first words of each write transaction's statements, in order, for a failure's message. */
  log: string[];
}

const WRITE = /^\s*(?:insert|update|delete|replace)\b/i;
const RUNS = new Set(["first", "all", "run", "raw"]);

export function countingD1(db: D1Database): {
  db: D1Database;
  tally: D1Tally;
} {
  const tally: D1Tally = { calls: 0, writes: 0, log: [] };
  const sqlOf = new WeakMap<object, string>();
  const targetOf = new WeakMap<object, D1PreparedStatement>();
  const record = (statements: string[]) => {
    tally.calls++;
    const writes = statements.filter((text) => WRITE.test(text));
    if (writes.length === 0) return;
    tally.writes++;
    tally.log.push(writes.map((text) => text.slice(0, 40)).join(" + "));
  };
  const wrap = (statement: D1PreparedStatement, text: string) => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind")
          return (...values: unknown[]) => wrap(target.bind(...values), text);
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== "function") return value;
        if (RUNS.has(String(key)))
          return (...args: unknown[]) => {
            record([text]);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    sqlOf.set(proxy, text);
    targetOf.set(proxy, statement);
    return proxy;
  };
  const counted = new Proxy(db, {
    get(target, key) {
      if (key === "prepare")
        return (text: string) => wrap(target.prepare(text), text);
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          record(statements.map((s) => sqlOf.get(s) ?? ""));
          return target.batch(statements.map((s) => targetOf.get(s) ?? s));
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { db: counted, tally };
}
