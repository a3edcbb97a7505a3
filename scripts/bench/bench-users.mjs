// What the benchmarks that run their own `wrangler dev` share: a free port, percentiles, and users with session
// tokens written straight into the local D1 (a token's SHA-256 is all the sessions table keeps, as
// workers/services/sessions.ts stores it, so there is no sign-up and no PBKDF2).
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { bin, root, run } from "../lib.mjs";

/**
 * Where a bench's local D1 and Durable Objects keep their data: in memory (`/dev/shm/playfeed-<name>-<pid>`) unless
 * the command line says `--disk` or the machine has no `/dev/shm`, then `.wrangler/<name>`. Local workerd waits on
 * each object's commit (`fsync`) on the one thread all objects share; production storage does not (ADR 060).
 */
export function benchDataDir(name) {
  return process.argv.includes("--disk") || !existsSync("/dev/shm")
    ? path.resolve(root, ".wrangler", name)
    : `/dev/shm/playfeed-${name}-${process.pid}`;
}

/** `port` if nothing listens on it, else (unless `strict`, which throws) any free port. */
export function freePort(port, strict = false) {
  const probe = (p) =>
    new Promise((resolve) => {
      const listener = createServer()
        .once("error", () => resolve(null))
        .listen(p, "127.0.0.1", () => {
          const { port: bound } = listener.address();
          listener.close(() => resolve(bound));
        });
    });
  return probe(port).then((bound) => {
    if (bound) return bound;
    if (strict) throw new Error(`port ${port} is taken`);
    return probe(0);
  });
}

export const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : NaN;

const chunks = (rows, size) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/**
 * `count` users with ids from `firstId`, named "`label` Bench n", each with a day-long session, written into the local
 * D1 in `persistTo` with any `extraSql` statements; returns their tokens, in id order.
 */
export function writeBenchUsers({
  persistTo,
  count,
  firstId,
  label,
  extraSql = [],
}) {
  const tokens = [];
  const userRows = [];
  const sessionRows = [];
  const expires = Date.now() + 24 * 3600 * 1000;
  const slug = label.toLowerCase();
  for (let index = 0; index < count; index++) {
    const token = randomBytes(32).toString("base64url");
    tokens.push(token);
    const hash = createHash("sha256").update(token).digest("hex");
    userRows.push(
      `(${firstId + index}, '${slug}-bench-${index}@example.com', '${label} Bench ${index}', 'Bench')`,
    );
    sessionRows.push(`('${hash}', ${firstId + index}, ${expires})`);
  }
  const sql = [
    ...chunks(userRows, 250).map(
      (rows) =>
        `INSERT INTO users (id, email, name, first_name) VALUES ${rows.join(",\n")};`,
    ),
    ...chunks(sessionRows, 250).map(
      (rows) =>
        `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ${rows.join(",\n")};`,
    ),
    ...extraSql,
  ].join("\n");
  const file = path.join(root, `.wrangler/tmp/bench-${slug}-users.sql`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sql);
  try {
    run(
      bin("wrangler"),
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistTo,
        "--file",
        file,
        "--yes",
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  } finally {
    rmSync(file, { force: true });
  }
  return tokens;
}

/**
 * `clients` clients in a closed loop until `until`: each calls `step(index)` for the next of `users` in turn. Returns
 * the latencies (ms) of the steps that succeeded and how many failed (the first three are printed).
 */
export async function closedLoop({ clients, users, until, step }) {
  let next = 0;
  const latencies = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const index = next++ % users;
        const started = performance.now();
        try {
          await step(index);
          latencies.push(performance.now() - started);
        } catch (error) {
          if (++failures <= 3)
            console.error(`  a request failed: ${error.message}`);
        }
      }
    }),
  );
  return { latencies, failures };
}

/** The id of the seeded game `slug` in the local D1 in `persistTo`. */
export function gameIdOf(persistTo, slug) {
  const result = spawnSync(
    bin("wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--json",
      "--command",
      `SELECT id FROM games WHERE slug = '${slug}'`,
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (result.status !== 0)
    throw new Error(`reading the game failed: ${result.stderr}`);
  const id = JSON.parse(result.stdout)[0]?.results?.[0]?.id;
  if (!id) throw new Error(`no game ${slug} in the seed`);
  return id;
}

/** The keep-alive frame the runtime answers without waking the object (contract/protocol-plain.ts). */
export const PING_FRAME = JSON.stringify({ event: "ping" });
/** Its answer, from the runtime: no part of any message's path. */
export const PONG_FRAME = JSON.stringify({ event: "pong" });

/**
 * Pings like the browser's socket client: a room or a hub hears nothing from a socket that only listens, and counts
 * one silent for 10 s as gone (ADR 016, issue #31). As there, no ping goes in an interval in which frames other than
 * keep-alives went both ways (app/lib/socket-client.ts). Stops when the socket closes.
 */
export function keepAlive(ws, every) {
  let sent = false;
  let heard = false;
  const send = ws.send.bind(ws);
  ws.send = (data, ...rest) => {
    if (data !== PING_FRAME) sent = true;
    return send(data, ...rest);
  };
  ws.on("message", (raw) => {
    // Only a frame as long as the pong is decoded to tell.
    if (raw.length !== PONG_FRAME.length || raw.toString() !== PONG_FRAME)
      heard = true;
  });
  const timer = setInterval(() => {
    const busy = sent && heard;
    sent = heard = false;
    if (!busy && ws.readyState === ws.OPEN) send(PING_FRAME);
  }, every);
  timer.unref();
  ws.once("close", () => clearInterval(timer));
}
