// A D1 binding for Node that sends every statement to workerd as a request to a small Worker beside the database.
// Miniflare's own binding answers `prepare` with a synchronous call to workerd, which on a busy machine now and then
// reads another call's answer and fails (an assertion in its fetch-sync); requests have no such race.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";

/** The Worker that runs the statements on its binding, DB. */
export const D1_WORKER = `
export default {
  async fetch(request, env) {
    const { statements, batch, exec } = await request.json();
    try {
      if (exec !== undefined) return Response.json({ result: await env.DB.exec(exec) });
      const prepared = statements.map(({ sql, params }) => env.DB.prepare(sql).bind(...params));
      if (batch) return Response.json({ result: await env.DB.batch(prepared) });
      const method = statements[0].method;
      return Response.json({ result: await prepared[0][method]() });
    } catch (error) {
      return Response.json({ error: String(error.message) }, { status: 500 });
    }
  },
};
`;

interface Sent {
  statements?: { sql: string; params: unknown[]; method?: string }[];
  batch?: boolean;
  exec?: string;
}

class Statement {
  constructor(
    private readonly send: (body: Sent) => Promise<unknown>,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...params: unknown[]) {
    return new Statement(this.send, this.sql, params);
  }

  private call(method: "all" | "run" | "raw") {
    return this.send({
      statements: [{ sql: this.sql, params: this.params, method }],
    });
  }

  all() {
    return this.call("all");
  }

  run() {
    return this.call("run");
  }

  raw() {
    return this.call("raw");
  }

  async first(column?: string) {
    const { results } = (await this.all()) as {
      results: Record<string, unknown>[];
    };
    const row = results[0] ?? null;
    return column === undefined || row === null ? row : row[column];
  }
}

/** The database bound as DB in `mf`, whose script is D1_WORKER. */
export function d1OverFetch(mf: Miniflare): D1Database {
  const send = async (body: Sent) => {
    const response = await mf.dispatchFetch("http://bench.local/", {
      method: "POST",
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as {
      result?: unknown;
      error?: string;
    };
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.result;
  };
  const database = {
    prepare: (sql: string) => new Statement(send, sql),
    batch: (statements: Statement[]) =>
      send({
        batch: true,
        statements: statements.map(({ sql, params }) => ({ sql, params })),
      }),
    exec: (sql: string) => send({ exec: sql }),
  };
  return database as unknown as D1Database;
}

/**
 * The D1 database `wrangler dev --persist-to <persistTo>` opens (wrangler.toml's DB, by its id under
 * `<persistTo>/v3/d1`), over requests. `dispose` stops the workerd it runs in.
 */
export function persistedD1(persistTo: string): {
  d1: D1Database;
  dispose: () => Promise<void>;
} {
  // wrangler types unstable_readConfig through modules the type-aware linter cannot resolve: name the fields used.
  const { d1_databases } = unstable_readConfig({
    config: fileURLToPath(new URL("../wrangler.toml", import.meta.url)),
  }) as unknown as {
    d1_databases: { binding: string; database_id: string }[];
  };
  const database = d1_databases.find(({ binding }) => binding === "DB");
  if (!database) throw new Error("wrangler.toml binds no D1 database as DB");
  const mf = new Miniflare({
    modules: true,
    script: D1_WORKER,
    d1Databases: { DB: database.database_id },
    d1Persist: path.join(persistTo, "v3", "d1"),
  });
  return { d1: d1OverFetch(mf), dispose: () => mf.dispose() };
}
