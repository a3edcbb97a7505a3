// `npm run bench:writes` (also part of `npm run bench`; BENCH_SKIP_WRITES=1 leaves it out): rounds a second through
// D1's one writer (issue #35 item 3, ADR 025 "The one writer").
//   node scripts/bench/writes.mjs [--seconds S] [--clients C] [--no-build]
// Against a local `wrangler dev` with its own D1, C clients (default 16) play rounds in a closed loop for S seconds
// (default 10) after a 2 s warm-up: each round opens a play session (POST /api/gamestats) and sends its score with
// its timeline and play time (POST /api/scores), as the play page does. Each player has its own network address, so
// rate limits count as they would for real players. The round's game is one of the seeded games made an external
// one (a timeline, no replay) in this bench's own database, so the Referee's replay does not hide the writes.
// Then D1's raw insert rate on this machine: the same number of clients, each a Worker inside workerd (Miniflare,
// the runtime of `wrangler dev`) inserting one row per statement into a table of its own, closed loop, S seconds.
// The write transactions of one round are counted exactly by tests/worker/round-writes.test.ts (the real services on
// a D1 binding that counts what reaches the primary), which this bench runs and reads.
// Printed: rounds/s through the app with p50/p99, the raw inserts/s (each its own write transaction), their ratio,
// and the writer's own ceiling in rounds a second: raw write transactions a second ÷ write transactions per round.
// Locally every part shares one workerd thread, so the app's rounds/s is bound by the Worker's CPU long before the
// writer; on Cloudflare each write transaction also waits for a durable commit, which is what the ceiling counts.
// A miss never fails the process.
import { Miniflare } from "miniflare";
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  bin,
  build,
  migrateLocal,
  root,
  seedIfEmpty,
  startWranglerDev,
  stopProcessTree,
  waitForHealthy,
} from "../lib.mjs";
import {
  closedLoop,
  freePort,
  gameIdOf,
  percentile,
  writeBenchUsers,
} from "./bench-users.mjs";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const SECONDS = flag(
  "--seconds",
  Number(process.env.BENCH_WRITES_SECONDS ?? 10),
);
const CLIENTS = flag("--clients", 16);
const WARM_MS = 2_000;
const USERS = 800;
const FIRST_ID = 910_000;
const GAME_SLUG = "snake";
const persistTo = ".wrangler/bench-writes";
/** Write transactions a round made before issue #35 (three to open its session, five to score it): the aim halves it. */
const WRITES_BEFORE = 8;

/** C clients, closed loop, until `until`, over the users in turn. */
const loop = (until, step) =>
  closedLoop({ clients: CLIENTS, users: USERS, until, step });

async function post(base, token, address, pathname, body, expected) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "CF-Connecting-IP": address,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${pathname}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Rounds through the app: a session opened, then its score with a one-step timeline and the play time. */
async function roundsThroughTheApp(tokens, gameId) {
  const port = await freePort(Number(process.env.BENCH_WRITES_PORT ?? 8796));
  const base = `http://127.0.0.1:${port}`;
  const logFd = openSync(path.join(root, persistTo, "wrangler.log"), "w");
  const server = startWranglerDev({
    port,
    persistTo,
    stdio: ["ignore", logFd, logFd],
  });
  try {
    await waitForHealthy(base, 90_000);
    // Each player sends at most 12 rounds a minute (the score limit): one round each per pass over the users.
    const round = async (index) => {
      const userId = FIRST_ID + index;
      const address = `198.18.${index >> 8}.${index & 255}`;
      const session = await post(
        base,
        tokens[index],
        address,
        "/api/gamestats",
        { game_id: gameId, game_type: 0 },
        201,
      );
      await post(
        base,
        tokens[index],
        address,
        "/api/scores",
        {
          score: 1,
          player_id: userId,
          game_id: gameId,
          stats_id: session._id,
          moves: [{ time: 0, score: 1 }],
          play_time: 1,
        },
        201,
      );
    };
    await loop(Date.now() + WARM_MS, round);
    const started = Date.now();
    const { latencies, failures } = await loop(started + SECONDS * 1000, round);
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      perSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
    };
  } finally {
    stopProcessTree(server);
    closeSync(logFd);
    await sleep(500);
  }
}

/** One row per statement into D1 from inside workerd, C clients at once: what the writer takes with nothing else. */
async function rawInserts() {
  const mf = new Miniflare({
    modules: true,
    script: `export default {
      async fetch(request, env) {
        const until = Number(new URL(request.url).searchParams.get("until"));
        let rows = 0;
        while (Date.now() < until) {
          await env.DB.prepare("insert into raw (value, at) values (?, ?)").bind("x".repeat(64), Date.now()).run();
          rows++;
        }
        return Response.json({ rows });
      },
    };`,
    d1Databases: ["DB"],
  });
  try {
    const db = await mf.getD1Database("DB");
    await db.exec(
      "create table raw (id integer primary key autoincrement, value text not null, at integer not null)",
    );
    await mf.dispatchFetch(`http://bench/?until=${Date.now() + WARM_MS}`);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        mf.dispatchFetch(`http://bench/?until=${until}`).then((r) => r.json()),
      ),
    );
    const rows = answers.reduce((sum, answer) => sum + answer.rows, 0);
    return rows / ((Date.now() - started) / 1000);
  } finally {
    await mf.dispose();
  }
}

if (!args.includes("--no-build")) build();
rmSync(path.join(root, persistTo), { recursive: true, force: true });
mkdirSync(path.join(root, persistTo), { recursive: true });
migrateLocal(persistTo);
seedIfEmpty(persistTo);
const tokens = writeBenchUsers({
  persistTo,
  count: USERS,
  firstId: FIRST_ID,
  label: "Writes",
  // This bench's game keeps timelines instead of replaying logs (see the top of the file).
  extraSql: [`UPDATE games SET type = 2 WHERE slug = '${GAME_SLUG}';`],
});
const gameId = gameIdOf(persistTo, GAME_SLUG);

console.log(
  `\nWrites bench: ${CLIENTS} clients, closed loop, ${SECONDS} s; a round = POST /api/gamestats + POST /api/scores`,
);
const rounds = await roundsThroughTheApp(tokens, gameId);
console.log(
  `  rounds through the app: ${rounds.perSecond.toFixed(1)}/s, p50 ${rounds.p50.toFixed(0)} ms, p99 ${rounds.p99.toFixed(0)} ms, ${rounds.failures} failed`,
);
const raw = await rawInserts();
console.log(`  D1 raw inserts inside workerd: ${raw.toFixed(0)}/s`);
const ratio = rounds.perSecond / raw;
console.log(
  `  rounds/s through the app ÷ raw inserts/s: ${ratio.toFixed(3)}× (the Worker's CPU binds here, not the writer)`,
);
const counted = spawnSync(
  bin("vitest"),
  [
    "run",
    "--config",
    "vitest.worker.config.ts",
    "tests/worker/round-writes.test.ts",
    "-t",
    "opens a session",
  ],
  { cwd: root, encoding: "utf8" },
);
const [, start, submit] =
  /round writes: start (\d+) .*submit (\d+) /.exec(counted.stdout) ?? [];
if (!start) {
  console.log("  MISS the round's writes could not be counted:");
  console.log(counted.stdout.slice(-2000), counted.stderr.slice(-2000));
} else {
  const perRound = Number(start) + Number(submit);
  console.log(
    `  write transactions per round: ${perRound} (opening ${start}, scoring ${submit}); before issue #35: ${WRITES_BEFORE}`,
  );
  console.log(
    `  the writer's ceiling on this machine: ${(raw / perRound).toFixed(0)} rounds/s (${raw.toFixed(0)} ÷ ${perRound}); at ${WRITES_BEFORE} writes it was ${(raw / WRITES_BEFORE).toFixed(0)}`,
  );
  console.log(
    `  ${perRound * 2 <= WRITES_BEFORE ? "PASS" : "MISS"} write transactions per round at most half of ${WRITES_BEFORE}: ${perRound}`,
  );
}
