// `npm run bench:realtime` (also the last part of `npm run bench`): live score relay against a local `wrangler dev`,
// with the players doing what the browser does: each opens its user socket (/ws), is paired through
// POST /api/multiplayer/join, and once paired (`request_gameplay` for the one waiting, the join answer for the other)
// opens the match's room socket (/ws/room/{roomId}). 500 rooms of 2 players; every room socket sends `game_data` 10
// times a second for 30 s and the opponent's room socket times its arrival. Relay path (ADR 003): room socket → the room's MatchRoom → the opponent's room socket, one Durable
// Object and no RPC hop.
//   node scripts/bench/realtime.mjs [--no-build] [--keep] [--disk]
// Fresh data in memory under /dev/shm (with --disk, or without /dev/shm, in .wrangler/bench-realtime; ADR 060) (real migrations, the seeded catalogue, then 2 × RT_ROOMS users with a
// session each, written straight into D1: a token's row holds only its SHA-256, as workers/services/sessions.ts
// stores it). Sockets ping as the browser's do (room 2 s, user 25 s). Prints relay latency (the whole run, and the
// messages sent in the first 5 s on their own), messages lost, the client's own event-loop lag and CPU (so a reader
// can tell whether the client kept up), the CPU of the workerd processes, the MatchRooms and UserHubs in memory as
// the load begins, and workerd memory per stage and per player. PASS/MISS against the aims (p99 ≤ 20 ms over the run
// and over its first 5 s, nothing lost, ≤ 200 KB of the Worker's memory per player) is printed, never enforced: only
// a real error fails the process.
//
// RT_PERSIST (the data folder, over both), RT_ROOMS (500), RT_SECONDS (30),
// RT_RATE (messages per second per socket, 10), RT_DRAIN (seconds to wait for
// stragglers, 5), RT_PORT (8798), RT_DIRECT=1 (connect to the Worker's own workerd, past wrangler's proxy
// workerd: a diagnostic, not the benchmark).
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { benchDataDir, keepAlive } from "./bench-users.mjs";
import {
  build,
  migrateLocal,
  root,
  seedIfEmpty,
  startWranglerDev,
  stopProcessTree,
  waitForHealthy,
} from "../lib.mjs";

const int = (name, fallback, min = 1) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min)
    throw new Error(
      `${name} must be an integer ≥ ${min}, not ${process.env[name]}`,
    );
  return value;
};
const ROOMS = int("RT_ROOMS", 500);
const SECONDS = int("RT_SECONDS", 30);
const RATE = int("RT_RATE", 10);
const DRAIN_SECONDS = int("RT_DRAIN", 5, 0);
const PORT = int("RT_PORT", 8798);
const DIRECT = (process.env.RT_DIRECT ?? "0") !== "0";
const CONNECT_CONCURRENCY = 50;
const AIM_P99_MS = 20;
/** Socket memory per player (the Worker's workerd, after every socket is open, less what it held at start). */
const AIM_KB_PER_PLAYER = 200;
/** The first seconds of load, when every room gets its first messages: their p99 is printed on its own. */
const FIRST_SECONDS = 5;
/** As the browser does (contract/protocol.ts, socket-client.ts): the room socket pings every 2 s, the user socket every 25 s. */
const ROOM_PING_MS = 2_000;
/** As the waiting page pings: a lobby pairs only a player it heard from in the last 2 s (ADR 016's amendment). */
const USER_PING_MS = 1_000;
const REPORT_EVERY_S = 5;
const persistTo = process.env.RT_PERSIST ?? benchDataDir("bench-realtime");
const SOCKETS = ROOMS * 2;
const PER_SOCKET = SECONDS * RATE;

const started = performance.now();
const ms = (value) =>
  value === undefined || Number.isNaN(value) ? "–" : value.toFixed(1);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const n = (value) => value.toLocaleString("en");
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// ---------- workerd processes: memory, CPU, the Worker's own port ----------

const CLOCK_TICKS = (() => {
  try {
    return (
      Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100
    );
  } catch {
    return 100;
  }
})();

function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** wrangler dev runs two: a proxy on the public port (`entry=…:PORT`), and the Worker itself on a random port. */
function workerdProcesses(wranglerPid) {
  return descendants(wranglerPid)
    .map((pid) => {
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd")
          return null;
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return {
          pid,
          role: args.includes(`--socket-addr=entry=127.0.0.1:${PORT}`)
            ? "proxy"
            : "worker",
        };
      } catch {
        return null;
      }
    })
    .filter(Boolean)
    .sort((a, b) => a.role.localeCompare(b.role));
}

/** workerd processes that went away during the run (wrangler restarts the Worker's when it dies). */
const vanished = new Set();
/**
 * Durable Objects in memory, by class: each holds its SQLite file open while it is (workerd closes it when the object
 * hibernates), so a room asleep when its first message comes shows here as one not open.
 */
function awakeObjects(pid) {
  const awake = {};
  let fds = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    vanished.add(pid);
  }
  for (const fd of fds) {
    try {
      const match = /\/do\/[^/]*-(\w+)\/[0-9a-f]+\.sqlite$/.exec(
        readlinkSync(`/proc/${pid}/fd/${fd}`),
      );
      if (match) awake[match[1]] = (awake[match[1]] ?? 0) + 1;
    } catch {
      // closed meanwhile
    }
  }
  return awake;
}
/**
 * Each MatchRoom's SQLite write-ahead log: present while the room's database is open (the room in memory), and written
 * by every storage write (its alarm's included). Per report window the load prints how many rooms wrote and how many
 * were open, so a stall can be set beside the rooms' writes (alarms coming due together) or their eviction (#31).
 */
function roomLogs() {
  const logs = new Map();
  const dir = path.resolve(root, persistTo, "v3/do/playfeed-MatchRoom");
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return logs;
  }
  for (const name of names) {
    if (!name.endsWith(".sqlite-wal")) continue;
    try {
      logs.set(name, statSync(path.join(dir, name)).mtimeMs);
    } catch {
      // closed meanwhile
    }
  }
  return logs;
}
const roomsWritten = (before, now) =>
  [...now].filter(([name, at]) => before.get(name) !== at).length;

const awakeText = (awake) =>
  ["UserHub", "MatchRoom"]
    .map((name) => `${name} ${awake[name] ?? 0}`)
    .join(", ");

/** A /proc file of a workerd, or null (and the process noted) once it has gone. */
function procFile(pid, name) {
  try {
    return readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    vanished.add(pid);
    return null;
  }
}
const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(procFile(pid, "status") ?? "")?.[1] ?? NaN);
const cpuSeconds = (pid) => {
  const stat = procFile(pid, "stat");
  if (stat === null) return NaN;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime + stime
};

/** The TCP ports a process listens on, from /proc (its socket inodes matched against /proc/net/tcp). */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(
        readlinkSync(`/proc/${pid}/fd/${fd}`),
      );
      if (match) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === "0A" && inodes.has(cols[9]))
    .map((cols) => parseInt(cols[1].split(":")[1], 16));
}

async function workerPort(worker) {
  for (const port of listeningPorts(worker.pid)) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok && (await response.json()).ok) return port;
    } catch {
      // the inspector or the debug port
    }
  }
  throw new Error(
    `found no port of workerd ${worker.pid} answering /api/health`,
  );
}

// ---------- data: users and sessions straight into the local D1 ----------

async function insertPlayers(count) {
  const { name, compatibility_date, d1_databases } = unstable_readConfig({
    config: path.join(root, "wrangler.toml"),
  });
  const configPath = path.join(
    root,
    ".wrangler/tmp/bench-realtime.wrangler.json",
  );
  mkdirSync(path.dirname(configPath), { recursive: true });
  writeFileSync(
    configPath,
    JSON.stringify({ name, compatibility_date, d1_databases }),
  );
  const proxy = await getPlatformProxy({
    configPath,
    persist: { path: path.resolve(root, persistTo, "v3") },
  });
  try {
    const d1 = proxy.env.DB;
    await d1
      .prepare(
        `with recursive c(x) as (select 1 union all select x + 1 from c where x < ?1)
         insert into users (email, name, first_name) select 'rt-' || x || '@bench.local', 'RT player ' || x, 'RT' from c`,
      )
      .bind(count)
      .run();
    const { results } = await d1
      .prepare(
        "select id from users where email like 'rt-%@bench.local' order by id",
      )
      .all();
    const expiresAt = Date.now() + 24 * 3600 * 1000;
    const players = results.map(({ id }) => ({
      userId: id,
      token: randomBytes(32).toString("base64url"),
    }));
    const values = players.map(
      (p) =>
        `('${createHash("sha256").update(p.token).digest("hex")}', ${p.userId}, ${expiresAt})`,
    );
    const statements = [];
    for (let i = 0; i < values.length; i += 250) {
      statements.push(
        d1.prepare(
          `insert into sessions (token_hash, user_id, expires_at) values ${values.slice(i, i + 250).join(", ")}`,
        ),
      );
    }
    await d1.batch(statements);
    return players;
  } finally {
    await proxy.dispose();
  }
}

// ---------- the clients ----------

/** A socket that resolves once the server says `connected`; every later event goes to `onEvent`. */
function openSocket(url, player, client, onEvent) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: { Authorization: `Bearer ${player.token}` },
      perMessageDeflate: false,
    });
    const fail = (error) =>
      reject(
        new Error(
          `socket ${new URL(url).pathname} of user ${player.userId}: ${error.message ?? error}`,
        ),
      );
    ws.once("error", fail);
    ws.once("unexpected-response", (_req, res) =>
      fail(new Error(`upgrade answered ${res.statusCode}`)),
    );
    ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.event === "connected") {
        ws.off("error", fail);
        ws.on("error", () => stats.socketErrors++);
        keepAlive(ws, url.includes("/ws/room/") ? ROOM_PING_MS : USER_PING_MS);
        resolve(ws);
      } else {
        onEvent(client, message);
      }
    });
    ws.on("close", () => {
      if (!stopping) stats.unexpectedCloses++;
    });
  });
}

/** One player: its user socket and room socket, what it sent (seq → send time) and what it heard from its opponent. */
function connect(base, player) {
  const client = {
    ...player,
    ws: null,
    roomWs: null,
    roomId: null,
    opponent: null,
    sentAt: new Float64Array(PER_SOCKET + 1),
    seen: new Uint8Array(PER_SOCKET + 1),
    sent: 0,
    lastSeq: 0,
    frame: "",
    onGameplay: null,
    onRoomFailed: null,
  };
  client.openRoom = () =>
    openSocket(
      `${base.replace(/^http/, "ws")}/ws/room/${client.roomId}`,
      player,
      client,
      onEvent,
    ).then(
      (ws) => {
        client.roomWs = ws;
        client.onGameplay?.();
      },
      (error) => client.onRoomFailed?.(error),
    );
  return openSocket(
    `${base.replace(/^http/, "ws")}/ws`,
    player,
    client,
    onEvent,
  ).then((ws) => {
    client.ws = ws;
    return client;
  });
}

const stats = {
  received: 0,
  duplicates: 0,
  unknown: 0,
  reordered: 0,
  errors: 0,
  errorMessages: new Map(),
  socketErrors: 0,
  unexpectedCloses: 0,
  latencies: null,
  /** Latencies of the messages sent in the first FIRST_SECONDS of load. */
  first: [],
  window: [],
};
/** When the load's first message goes out (performance.now()). */
let loadStart = Infinity;
let stopping = false;
/** userId → client */
const clients = new Map();

function onEvent(client, message) {
  const t = performance.now();
  switch (message.event) {
    case "game_data": {
      const sender = clients.get(message.data.userId);
      const seq = message.data.score;
      if (
        !sender ||
        !(sender.sentAt[seq] > 0) ||
        sender.opponent !== client.userId
      )
        return void stats.unknown++;
      if (sender.seen[seq]) return void stats.duplicates++;
      sender.seen[seq] = 1;
      if (seq < client.lastSeq) stats.reordered++;
      client.lastSeq = Math.max(client.lastSeq, seq);
      const latency = t - sender.sentAt[seq];
      stats.latencies[stats.received++] = latency;
      stats.window.push(latency);
      if (sender.sentAt[seq] - loadStart < FIRST_SECONDS * 1000)
        stats.first.push(latency);
      return;
    }
    case "request_gameplay":
      matchFormed(client, message.data);
      return;
    case "error":
      stats.errors++;
      stats.errorMessages.set(
        message.data.message,
        (stats.errorMessages.get(message.data.message) ?? 0) + 1,
      );
      return;
    default:
      return; // user_joined, user-connection, pong
  }
}

/** The pairing, as the waiting player hears it (request_gameplay) or the second reads it (the join answer). */
function matchFormed(client, { roomId, participants }) {
  client.roomId = roomId;
  client.opponent =
    participants.find((p) => p.user_id !== client.userId)?.user_id ?? null;
  // The room socket's address names the room, so its frames do not.
  client.frame = `{"event":"game_data","data":{"score":`;
  // As the browser does: a formed match opens its room socket, and the score goes there.
  void client.openRoom();
}

async function inBatches(items, size, work) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

async function join(base, client, gameId) {
  let response;
  // On a busy machine wrangler's dev proxy answers some POSTs 503 "Your worker restarted mid-request" without the
  // Worker having seen them (ARCHITECTURE.md): those are sent again, as a browser's retry would.
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${base}/api/multiplayer/join`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${client.token}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ userId: client.userId, gameId }),
    });
    if (response.status !== 503 || attempt === 5) break;
    await response.text();
    await sleep(200 * attempt);
  }
  const body = await response.json();
  if (!response.ok)
    throw new Error(
      `join of user ${client.userId} answered ${response.status}: ${JSON.stringify(body)}`,
    );
  return body;
}

/** Pairs A then B through one lobby per game (a lobby pairs in arrival order); the games' lobbies run side by side. */
async function matchAll(base, list, gameIds) {
  const gameplay = Promise.all(
    list.map(
      (client) =>
        new Promise((resolve, reject) => {
          client.onGameplay = resolve;
          client.onRoomFailed = reject;
        }),
    ),
  );
  const lanes = gameIds.map(() => []);
  for (let room = 0; room < list.length / 2; room++)
    lanes[room % gameIds.length].push([list[2 * room], list[2 * room + 1]]);
  await Promise.all(
    lanes.map(async (pairs, lane) => {
      for (const [a, b] of pairs) {
        const first = await join(base, a, gameIds[lane]);
        const second = await join(base, b, gameIds[lane]);
        if (
          first.status !== "waiting" ||
          second.status !== "matched" ||
          first.roomId !== second.roomId
        ) {
          throw new Error(
            `users ${a.userId} and ${b.userId} were not paired: ${first.status} ${first.roomId}, ${second.status} ${second.roomId}`,
          );
        }
        matchFormed(b, second);
      }
    }),
  );
  let timer;
  await Promise.race([
    gameplay,
    new Promise((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `after 30 s: request_gameplay missing on ${list.filter((c) => !c.roomId).length} sockets, room socket not open for ${list.filter((c) => !c.roomWs).length}`,
            ),
          ),
        30_000,
      );
    }),
  ]);
  clearTimeout(timer);
  for (const client of list) {
    if (clients.get(client.opponent)?.opponent !== client.userId)
      throw new Error(`user ${client.userId}: opponents do not match`);
  }
}

// ---------- the load ----------

/** The whole machine's CPU ticks, from /proc/stat's first line. */
function machineTicks() {
  const [, ...fields] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/);
  return fields.slice(0, 8).map(Number);
}

/** Busy CPU seconds of the whole machine (all but idle and iowait), from one reading of `machineTicks()`. */
function machineCpuSeconds(ticks) {
  return (
    (ticks.reduce((sum, v) => sum + v, 0) - ticks[3] - ticks[4]) / CLOCK_TICKS
  );
}

function snapshotCpu(workerds) {
  const ticks = machineTicks();
  return {
    at: performance.now(),
    node: process.cpuUsage(),
    workerd: workerds.map((w) => cpuSeconds(w.pid)),
    machine: machineCpuSeconds(ticks),
    iowait: ticks[4] / CLOCK_TICKS,
    // Interrupts and softirqs (the loopback network stack's work, charged to no process) and time the hypervisor
    // gave to other machines: both count as busy, neither is another process.
    irq: (ticks[5] + ticks[6]) / CLOCK_TICKS,
    steal: ticks[7] / CLOCK_TICKS,
  };
}
/**
 * CPU used since `before`, each as a share of one core: ours, the kernel's interrupts (`irq`), the hypervisor's
 * `steal`, and `others`, the rest of the machine's busy time (other processes).
 */
function cpuSince(before, workerds) {
  const now = snapshotCpu(workerds);
  const wall = (now.at - before.at) / 1000;
  const node =
    (now.node.user - before.node.user + now.node.system - before.node.system) /
    1e6 /
    wall;
  const workerd = workerds.map(
    (_w, i) => (now.workerd[i] - before.workerd[i]) / wall,
  );
  const machine = (now.machine - before.machine) / wall;
  const irq = (now.irq - before.irq) / wall;
  const steal = (now.steal - before.steal) / wall;
  return {
    node,
    workerd,
    // Time cores sat waiting on the disk: a stall with idle CPUs and high iowait is storage, not computation.
    iowait: (now.iowait - before.iowait) / wall,
    irq,
    steal,
    others: Math.max(
      0,
      machine - node - workerd.reduce((sum, v) => sum + v, 0) - irq - steal,
    ),
  };
}
const pct = (share) => `${(share * 100).toFixed(0)}%`;

/**
 * Sends are spread evenly: send k goes to socket k mod N at start + k·(period / N), so the server sees a steady
 * RATE·N messages a second rather than bursts. Each send notes its own time; late sends are counted separately.
 */
async function load(list, workerds) {
  const total = list.length * PER_SOCKET;
  const step = 1000 / RATE / list.length;
  const lateness = new Float64Array(total);
  const lag = monitorEventLoopDelay({ resolution: 1 });
  stats.latencies = new Float64Array(total);
  const cpuStart = snapshotCpu(workerds);
  let cpuWindow = cpuStart;
  let logsWindow = roomLogs();
  let windowSent = 0;
  let sent = 0;
  const worker = workerds.find((w) => w.role === "worker");
  // Read before the first send (reading thousands of descriptors stalls this process, so never during the load).
  const awake = worker ? awakeObjects(worker.pid) : {};
  const start = performance.now() + 50;
  loadStart = start;
  let nextReport = start + REPORT_EVERY_S * 1000;
  console.log(
    `\n  ${"t s".padStart(4)} ${"sent/s".padStart(8)} ${"recv/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)}   ${"client".padStart(6)} ${workerds.map((w) => w.role.padStart(7)).join(" ")} ${"others".padStart(7)} ${"irq".padStart(5)} ${"steal".padStart(5)} ${"iowait".padStart(7)} ${"rooms w".padStart(7)} ${"open".padStart(6)}  (CPU and disk wait, share of one core, irq the kernel's interrupts, steal the hypervisor's; MatchRooms that wrote storage in the window, and open)`,
  );
  lag.enable();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * step <= now) {
        const client = list[sent % list.length];
        const seq = ++client.sent;
        const at = performance.now();
        client.sentAt[seq] = at;
        client.roomWs.send(`${client.frame}${seq}}}`);
        lateness[sent] = at - (start + sent * step);
        sent++;
      }
      if (now >= nextReport || sent === total) {
        const windowSeconds = (now - cpuWindow.at) / 1000;
        const cpu = cpuSince(cpuWindow, workerds);
        cpuWindow = snapshotCpu(workerds);
        const window = stats.window.sort((a, b) => a - b);
        const logs = roomLogs();
        const written = roomsWritten(logsWindow, logs);
        logsWindow = logs;
        console.log(
          `  ${((now - start) / 1000).toFixed(0).padStart(4)} ${((sent - windowSent) / windowSeconds).toFixed(0).padStart(8)} ${(window.length / windowSeconds).toFixed(0).padStart(8)} ${ms(percentile(window, 50)).padStart(7)} ${ms(percentile(window, 99)).padStart(7)} ${ms(window[window.length - 1]).padStart(7)}   ${pct(cpu.node).padStart(6)} ${cpu.workerd.map((share) => pct(share).padStart(7)).join(" ")} ${pct(cpu.others).padStart(7)} ${pct(cpu.irq).padStart(5)} ${pct(cpu.steal).padStart(5)} ${pct(cpu.iowait).padStart(7)} ${String(written).padStart(7)} ${String(logs.size).padStart(6)}`,
        );
        stats.window = [];
        windowSent = sent;
        nextReport += REPORT_EVERY_S * 1000;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  const sendSeconds = (performance.now() - start) / 1000;
  const cpu = cpuSince(cpuStart, workerds);
  const receivedWhileSending = stats.received;
  // Drain: whatever is still on its way gets DRAIN_SECONDS.
  const drainStart = performance.now();
  while (
    stats.received + stats.duplicates < sent &&
    performance.now() - drainStart < DRAIN_SECONDS * 1000
  )
    await sleep(20);
  const drained = (performance.now() - drainStart) / 1000;
  lag.disable();
  lateness.sort();
  return {
    sent,
    sendSeconds,
    drained,
    cpu,
    lag,
    lateness,
    receivedWhileSending,
    awake,
  };
}

// ---------- main ----------

async function main() {
  console.log(
    `\nRealtime benchmark: ${n(ROOMS)} rooms, ${n(SOCKETS)} players (a user socket and a room socket each), ${RATE} game_data/s per room socket for ${SECONDS} s ` +
      `(${n(SOCKETS * RATE)} msg/s)${DIRECT ? ", DIRECT to the Worker's workerd (past wrangler's proxy)" : ""}`,
  );
  console.log(
    `  machine: ${cpus().length} cores, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
  );
  console.log(
    `  data: ${persistTo.startsWith("/dev/shm/") ? "in memory" : "on disk"} in ${persistTo}`,
  );
  if (!process.argv.includes("--no-build")) build();
  if (!existsSync(path.join(root, "build/server/index.js")))
    throw new Error(
      "no build/server: run npm run build first (or drop --no-build)",
    );

  let t0 = performance.now();
  rmSync(path.resolve(root, persistTo), { recursive: true, force: true });
  migrateLocal(persistTo);
  seedIfEmpty(persistTo);
  const players = await insertPlayers(SOCKETS);
  console.log(
    `  data (migrations, catalogue, ${n(players.length)} users + sessions)  ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const output = [];
  const server = startWranglerDev({
    port: PORT,
    persistTo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      output.push(...chunk.split("\n").filter(Boolean));
      if (output.length > 200) output.splice(0, output.length - 200);
    });
  }
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const stop = async () => {
    stopping = true;
    stopProcessTree(server);
    await Promise.race([exited, sleep(10_000)]);
    for (const client of clients.values()) {
      client.ws?.terminate();
      client.roomWs?.terminate();
    }
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));

  try {
    const publicBase = `http://127.0.0.1:${PORT}`;
    await waitForHealthy(publicBase);
    const workerds = workerdProcesses(server.pid);
    if (workerds.length === 0)
      throw new Error("no workerd process found under wrangler dev");
    const base = DIRECT
      ? `http://127.0.0.1:${await workerPort(workerds.find((w) => w.role === "worker"))}`
      : publicBase;
    const games = await (
      await fetch(`${publicBase}/api/game/published`)
    ).json();
    const gameIds = games
      .filter((game) => game.game_modes?.includes(2))
      .map((game) => game._id);
    if (gameIds.length === 0)
      throw new Error("no published game with a multiplayer mode");

    const memory = [["start", workerds.map((w) => rssKb(w.pid))]];

    t0 = performance.now();
    const list = await inBatches(players, CONNECT_CONCURRENCY, (player) =>
      connect(base, player),
    );
    for (const client of list) clients.set(client.userId, client);
    const connectS = (performance.now() - t0) / 1000;
    await sleep(1000); // the hubs' online announcements settle
    memory.push(["user sockets", workerds.map((w) => rssKb(w.pid))]);
    t0 = performance.now();
    await matchAll(base, list, gameIds);
    const matchS = (performance.now() - t0) / 1000;
    console.log(
      `  ${n(list.length)} user sockets open in ${connectS.toFixed(1)} s; ${n(ROOMS)} rooms matched (${gameIds.length} lobbies side by side) and ${n(list.length)} room sockets open in ${matchS.toFixed(1)} s`,
    );
    await sleep(1000); // let the hubs' online announcements and room bookkeeping settle
    memory.push(["both sockets", workerds.map((w) => rssKb(w.pid))]);

    const result = await load(list, workerds);
    memory.push(["end", workerds.map((w) => rssKb(w.pid))]);

    const latencies = stats.latencies.subarray(0, stats.received).sort();
    const first = Float64Array.from(stats.first).sort();
    const lost = result.sent - stats.received;
    const p = (q) => percentile(latencies, q);
    const lagMs = (q) => result.lag.percentile(q) / 1e6;

    console.log(
      `\n  rooms ${n(ROOMS)}, room sockets ${n(list.length)}, sent ${n(result.sent)} in ${result.sendSeconds.toFixed(1)} s (${n(Math.round(result.sent / result.sendSeconds))}/s)`,
    );
    console.log(
      `  received by the opponent ${n(stats.received)} after a drain of ${result.drained.toFixed(1)} s; lost ${n(lost)} (${((lost / result.sent) * 100).toFixed(2)}%)`,
    );
    console.log(
      `  duplicates ${n(stats.duplicates)}, out of order ${n(stats.reordered)}, unexpected frames ${n(stats.unknown)}, error events ${n(stats.errors)}, socket errors ${stats.socketErrors}, sockets closed early ${stats.unexpectedCloses}`,
    );
    for (const [message, count] of stats.errorMessages)
      console.log(`    error event × ${n(count)}: ${message}`);
    console.log(
      `  relay latency ms: p50 ${ms(p(50))}, p95 ${ms(p(95))}, p99 ${ms(p(99))}, max ${ms(latencies[latencies.length - 1])}`,
    );
    console.log(
      `  relay latency ms of the messages sent in the first ${FIRST_SECONDS} s: p50 ${ms(percentile(first, 50))}, p99 ${ms(percentile(first, 99))}, max ${ms(first[first.length - 1])}`,
    );
    console.log(
      `  client: event-loop delay ms p50 ${ms(lagMs(50))}, p99 ${ms(lagMs(99))}, max ${ms(result.lag.max / 1e6)}; sends late by ms p50 ${ms(percentile(result.lateness, 50))}, p99 ${ms(percentile(result.lateness, 99))}; CPU ${pct(result.cpu.node)} of one core`,
    );
    console.log(
      `  workerd CPU while sending: ${workerds.map((w, i) => `${w.role} (pid ${w.pid}) ${pct(result.cpu.workerd[i])}`).join(", ")} of one core; ` +
        `other processes on the machine ${pct(result.cpu.others)}, interrupts ${pct(result.cpu.irq)}, stolen by the hypervisor ${pct(result.cpu.steal)} (of ${cpus().length} cores)`,
    );
    const worker = workerds.findIndex((w) => w.role === "worker");
    if (worker >= 0 && result.receivedWhileSending > 0) {
      const perMessage =
        (result.cpu.workerd[worker] * result.sendSeconds) /
        result.receivedWhileSending;
      console.log(
        `  worker workerd CPU per relayed message ${(perMessage * 1e6).toFixed(0)} µs (a ceiling of ~${n(Math.round(1 / perMessage))} relays/s on one core)`,
      );
    }
    console.log(
      `  Durable Objects in memory as the load began: ${awakeText(result.awake)}`,
    );
    console.log(`  workerd memory (RSS):`);
    for (const [label, values] of memory) {
      const total = values.reduce((sum, v) => sum + v, 0);
      console.log(
        `    ${label.padEnd(12)} ${workerds.map((w, i) => `${w.role} ${mb(values[i])}`).join(", ")}; total ${mb(total)}`,
      );
    }

    // A player's two sockets, as the Worker's own workerd holds them (its hub, its room, both sockets): what grew from
    // start to every socket open, per player. wrangler's dev proxy is not part of a deployed Worker and is left out.
    const rss = (label) =>
      memory.find(([name]) => name === label)[1][worker] ?? 0;
    const perPlayerKb =
      worker >= 0
        ? (rss("both sockets") - rss("start")) / list.length
        : Number.NaN;
    const userSocketKb =
      worker >= 0
        ? (rss("user sockets") - rss("start")) / list.length
        : Number.NaN;
    if (worker >= 0)
      console.log(
        `  worker workerd memory per player ${perPlayerKb.toFixed(0)} KB: the user socket and its hub ${userSocketKb.toFixed(0)} KB, the room socket and its share of the room ${(perPlayerKb - userSocketKb).toFixed(0)} KB`,
      );
    const target = (name, pass, figure) =>
      console.log(`${pass ? "PASS" : "MISS"}  ${name.padEnd(44)} ${figure}`);
    console.log("\nTargets (printed, not enforced)\n");
    target(
      `relay latency p99 ≤ ${AIM_P99_MS} ms`,
      p(99) <= AIM_P99_MS,
      `${ms(p(99))} ms`,
    );
    target(
      `relay latency p99 ≤ ${AIM_P99_MS} ms, first ${FIRST_SECONDS} s`,
      percentile(first, 99) <= AIM_P99_MS,
      `${ms(percentile(first, 99))} ms`,
    );
    target("nothing lost", lost === 0, `${n(lost)} of ${n(result.sent)}`);
    target(
      `socket memory ≤ ${AIM_KB_PER_PLAYER} KB per player`,
      perPlayerKb <= AIM_KB_PER_PLAYER,
      `${perPlayerKb.toFixed(0)} KB`,
    );
    if (lost > 0)
      console.log(
        `NOTE  lost = not received within the ${DRAIN_SECONDS} s drain: a relay that falls behind queues rather than drops (a longer RT_DRAIN tells them apart)`,
      );
    if (lagMs(99) > 10 || result.cpu.node > 0.8) {
      console.log(
        `NOTE  the client itself was busy (event-loop p99 ${ms(lagMs(99))} ms, CPU ${pct(result.cpu.node)}): latency includes its own delay`,
      );
    }
    // RT_DIRECT's port probe reaches workerd's debug port too, which logs an oversized "RPC message": not an error here.
    for (const pid of vanished)
      console.log(
        `NOTE  workerd ${pid} (${workerds.find((w) => w.pid === pid)?.role}) exited during the run: its CPU and memory after that are missing, and its objects' sockets were cut`,
      );
    const errorLines = output.filter(
      (line) =>
        /error|exception|uncaught/i.test(line) &&
        !(DIRECT && /incoming RPC message exceeds size limit/.test(line)),
    );
    if (errorLines.length)
      console.log(
        `\nwrangler dev printed ${errorLines.length} error line(s); the last:\n  ${errorLines.slice(-5).join("\n  ")}`,
      );
  } catch (error) {
    if (output.length)
      console.error(
        `\nwrangler dev's last output:\n  ${output.slice(-20).join("\n  ")}`,
      );
    throw error;
  } finally {
    await stop();
    if (!process.argv.includes("--keep"))
      rmSync(path.resolve(root, persistTo), { recursive: true, force: true });
  }
  console.log(
    `\nRealtime benchmark took ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

try {
  await main();
} catch (error) {
  console.error("\n✗ realtime benchmark failed:", error);
  process.exitCode = 1;
}
