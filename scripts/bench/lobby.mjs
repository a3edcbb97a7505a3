// `npm run bench:lobby`: how many joins a second one game's matchmaking takes, with one lobby and with shards (ADR 025).
//   node scripts/bench/lobby.mjs [--no-build] [--users N] [--seconds S] [--connections C] [--shards W] [--per-shard J]
// Fresh data in .wrangler/bench-lobby: the real migrations and seed, then N users (default 400) with session tokens
// written straight into the local D1 (a token's SHA-256 is all the sessions table keeps). Two phases, each on its
// own `wrangler dev` (BENCH_LOBBY_PORT or a free port) over the same data: LOBBY_SHARDS=1 (one lobby per game, as
// before) and LOBBY_SHARDS=W (default 8) with LOBBY_JOINS_PER_SHARD=J (default 10: the root widens the game at J
// joins/s per shard, about a quarter of what one lobby takes here). In each, every user opens a /ws socket (a lobby
// pairs only players who still have one), then C clients (default 64) post POST /api/multiplayer/join for one game,
// closed loop, each as the next user in turn, for 2 s of warm-up (the root widens the game) and S seconds (default
// 10) measured. It prints joins/s and latency, and checks every pairing it saw: each room told to exactly two
// different players, once each. The first phase also measures D1's single writer: C clients opening play sessions
// (POST /api/gamestats, one insert each) for 5 s, and the Worker alone (GET /api/health, one D1 read) for 5 s. Aim: the sharded lobby takes at least 3× the joins of one lobby
// (ADR 025). A miss never fails the process.
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
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
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const USERS = option("users", Number(process.env.BENCH_LOBBY_USERS ?? 400));
const SECONDS = option(
  "seconds",
  Number(process.env.BENCH_LOBBY_SECONDS ?? 10),
);
const CONNECTIONS = option("connections", 64);
const SHARDS = option("shards", 8);
// One lobby here takes a few dozen joins a second, not the ~1,000 of production: widen at a quarter of that (ADR 025).
const PER_SHARD = option("per-shard", 10);
const WARM_MS = 2_000;
const WRITE_SECONDS = 5;
const AIM_RATIO = 3;
const GAME_SLUG = "snake";
const FIRST_ID = 2_000_001; // bench users' ids, far above the seeded accounts
const persistTo = ".wrangler/bench-lobby";

if (!Number.isInteger(USERS) || USERS < CONNECTIONS * 2)
  throw new Error("--users must be at least twice --connections");
if (!(SECONDS > 0) || !(SHARDS >= 2))
  throw new Error("--seconds must be positive and --shards at least 2");

let WebSocket;
try {
  ({ default: WebSocket } = await import("ws"));
} catch {
  console.error(
    "The lobby benchmark needs the `ws` package: run `npm install`.",
  );
  process.exit(1);
}

const idOf = (index) => FIRST_ID + index;

/** Users and their session tokens, straight into the local D1. */
function writeUsers() {
  return writeBenchUsers({
    persistTo,
    count: USERS,
    firstId: FIRST_ID,
    label: "Lobby",
  });
}

/** Every user's /ws socket; each `request_gameplay` it hears is noted as (room, user). */
async function openSockets(base, tokens, told) {
  const sockets = [];
  for (let start = 0; start < tokens.length; start += 50) {
    const batch = tokens.slice(start, start + 50).map(
      (token, offset) =>
        new Promise((resolve, reject) => {
          const userId = idOf(start + offset);
          const socket = new WebSocket(`${base.replace("http", "ws")}/ws`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          socket.on("message", (raw) => {
            const frame = JSON.parse(String(raw));
            if (frame.event === "connected") {
              // As the waiting page pings: a lobby pairs only players it heard from in the last 2 s.
              const timer = setInterval(() => {
                if (socket.readyState === WebSocket.OPEN)
                  socket.send('{"event":"ping"}');
              }, 1_000);
              timer.unref();
              socket.once("close", () => clearInterval(timer));
              resolve(socket);
            }
            if (frame.event === "request_gameplay")
              told(frame.data.roomId, userId);
          });
          socket.once("error", reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** C clients, closed loop, until `until`, over the users in turn. */
const loop = (until, step) =>
  closedLoop({ clients: CONNECTIONS, users: USERS, until, step });

async function phase(width, tokens, gameId, measureWrites) {
  const port = await freePort(Number(process.env.BENCH_LOBBY_PORT ?? 8798));
  const base = `http://127.0.0.1:${port}`;
  const logFd = openSync(
    path.join(root, persistTo, `wrangler-${width}.log`),
    "w",
  );
  const server = startWranglerDev({
    port,
    persistTo,
    stdio: ["ignore", logFd, logFd],
    vars: { LOBBY_SHARDS: width, LOBBY_JOINS_PER_SHARD: PER_SHARD },
  });
  try {
    await waitForHealthy(base, 90_000);
    // Room → the players told of it, by their join answer or by their socket.
    const rooms = new Map();
    const told = (roomId, userId) => {
      if (!rooms.has(roomId)) rooms.set(roomId, []);
      rooms.get(roomId).push(userId);
    };
    const sockets = await openSockets(base, tokens, told);
    const join = async (index) => {
      const response = await fetch(`${base}/api/multiplayer/join`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${tokens[index]}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ userId: idOf(index), gameId }),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`join: ${response.status} ${text.slice(0, 300)}`);
      const answer = JSON.parse(text);
      if (answer.status === "matched") told(answer.roomId, idOf(index));
    };
    await loop(Date.now() + WARM_MS, join);
    const started = Date.now();
    const { latencies, failures } = await loop(started + SECONDS * 1000, join);
    const elapsed = (Date.now() - started) / 1000;
    let writes = null;
    let reads = null;
    if (measureWrites) {
      const opened = Date.now();
      const result = await loop(
        opened + WRITE_SECONDS * 1000,
        async (index) => {
          const response = await fetch(`${base}/api/gamestats`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${tokens[index]}`,
              "Content-Type": "application/json",
            },
            body: JSON.stringify({ game_id: gameId, game_type: 0 }),
          });
          await response.arrayBuffer();
          if (response.status !== 201)
            throw new Error(`gamestats: ${response.status}`);
        },
      );
      const probed = Date.now();
      const health = await loop(probed + WRITE_SECONDS * 1000, async () => {
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`health: ${response.status}`);
      });
      reads = health.latencies.length / ((Date.now() - probed) / 1000);
      writes = {
        perSecond: result.latencies.length / ((Date.now() - opened) / 1000),
        p50: percentile(
          result.latencies.sort((a, b) => a - b),
          50,
        ),
        failures: result.failures,
      };
    }
    await sleep(300); // the last pushes reach their sockets
    for (const socket of sockets) socket.close();
    const wrong = [...rooms.values()].filter(
      (users) => users.length !== 2 || users[0] === users[1],
    ).length;
    latencies.sort((a, b) => a - b);
    return {
      width,
      joinsPerSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
      rooms: rooms.size,
      wrong,
      writes,
      reads,
    };
  } finally {
    stopProcessTree(server);
    closeSync(logFd);
    await sleep(500);
  }
}

if (!args.includes("--no-build")) build();
rmSync(path.join(root, persistTo), { recursive: true, force: true });
mkdirSync(path.join(root, persistTo), { recursive: true });
migrateLocal(persistTo);
seedIfEmpty(persistTo);
const tokens = writeUsers();
const gameId = gameIdOf(persistTo, GAME_SLUG);
console.log(
  `\nLobby bench: ${USERS} users with sockets, ${CONNECTIONS} clients joining game ${gameId} (${GAME_SLUG}), closed loop, ${SECONDS} s each`,
);
const single = await phase(1, tokens, gameId, true);
const sharded = await phase(SHARDS, tokens, gameId, false);
for (const result of [single, sharded])
  console.log(
    `  ${result.width === 1 ? "one lobby      " : `${result.width} shards at most`}: ${result.joinsPerSecond.toFixed(0)} joins/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ${result.rooms} rooms, ${result.wrong} told wrongly, ${result.failures} failed`,
  );
const writes = single.writes;
console.log(
  `  D1 writes (POST /api/gamestats, one insert each, ${CONNECTIONS} clients): ${writes.perSecond.toFixed(0)}/s, p50 ${writes.p50.toFixed(1)} ms, ${writes.failures} failed`,
);
console.log(
  `  the Worker alone (GET /api/health, one D1 read, ${CONNECTIONS} clients): ${single.reads.toFixed(0)} requests/s; a join also reads the session, the game and the player`,
);
const ratio = sharded.joinsPerSecond / single.joinsPerSecond;
const correct = single.wrong === 0 && sharded.wrong === 0;
console.log(
  `  ${ratio >= AIM_RATIO ? "PASS" : "MISS"} sharded lobby ≥ ${AIM_RATIO}× one lobby: ${ratio.toFixed(2)}× (${sharded.joinsPerSecond.toFixed(0)} vs ${single.joinsPerSecond.toFixed(0)} joins/s)`,
);
console.log(
  `  ${correct ? "PASS" : "MISS"} every room told to exactly two different players, once each`,
);
