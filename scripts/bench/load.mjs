// Concurrent load with autocannon: server-rendered pages against a static file served by the same `wrangler dev`.
// Latencies come from autocannon's per-response timings (fractions of a millisecond; its own histogram keeps
// whole milliseconds, too coarse for a static file that answers in one or two).
//
// The requests carry no `Accept: text/html`, so the 60 s edge page cache (workers/page-cache.ts) never answers them:
// every request is a full render (`assertUncached` checks that before the load starts).
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";

function run(url, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    const timings = [];
    const instance = autocannon(
      { url, connections, duration: seconds },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, timings });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) timings.push(responseTime);
    });
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Loads each path in turn (the first is the static baseline) and prints req/s, p50, p99 and the p50 ratio. */
export async function loadTest(base, paths, { connections, seconds }) {
  console.log(
    `\nConcurrent load (autocannon): ${connections} connections, ${seconds} s per path\n`,
  );
  console.log(
    "path".padEnd(28),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "p50 / static".padStart(13),
    "non-2xx".padStart(8),
  );
  const rows = [];
  for (const path of paths) {
    await run(base + path, { connections, seconds: 1 }); // warm-up
    const { result, timings } = await run(base + path, {
      connections,
      seconds,
    });
    timings.sort((a, b) => a - b);
    const p50 = timings.length ? percentile(timings, 50) : NaN;
    const p99 = timings.length ? percentile(timings, 99) : NaN;
    const ratio = rows.length ? p50 / rows[0].p50 : 1;
    const failed = result.non2xx + result.errors + result.timeouts;
    rows.push({ path, rps: result.requests.average, p50, p99, ratio, failed });
    console.log(
      path.padEnd(28),
      result.requests.average.toFixed(0).padStart(8),
      p50.toFixed(1).padStart(8),
      p99.toFixed(1).padStart(8),
      (rows.length === 1 ? "(baseline)" : `${ratio.toFixed(1)}×`).padStart(13),
      String(failed).padStart(8),
    );
  }
  return rows;
}

/** Fails the bench if the page cache would answer these requests: the figures must be of renders. */
export async function assertUncached(base, paths) {
  for (const path of paths) {
    const response = await fetch(base + path);
    await response.arrayBuffer();
    const cache = response.headers.get("X-Playfeed-Cache");
    if (!response.ok || cache !== null)
      throw new Error(
        `${path} answered ${response.status} with X-Playfeed-Cache ${cache}: the bench must measure a render`,
      );
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * CPU seconds of the workerd processes of `wrangler dev` under `rootPid`: "worker" runs the Worker, its Durable
 * Objects and the local D1; "proxy" is wrangler's dev proxy on the public port, a hop production does not have.
 */
function workerdCpu(rootPid, port) {
  const table = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      table.push({
        pid: Number(entry),
        comm: stat.slice(stat.indexOf("(") + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of table)
      if (!mine.has(proc.pid) && mine.has(proc.ppid)) {
        mine.add(proc.pid);
        grew = true;
      }
  }
  const cpu = { worker: 0, proxy: 0 };
  for (const proc of table) {
    if (!mine.has(proc.pid) || proc.comm !== "workerd") continue;
    let role = "worker";
    try {
      if (
        readFileSync(`/proc/${proc.pid}/cmdline`, "utf8").includes(
          `entry=127.0.0.1:${port}\0`,
        )
      )
        role = "proxy";
    } catch {
      // gone meanwhile
    }
    cpu[role] += proc.ticks / CLOCK_TICKS;
  }
  return cpu;
}

/**
 * CPU of one request to each path, one request at a time (`samples` each, after a warm-up): the Worker's workerd (which
 * also runs the local D1, so a query's cost shows here) and the dev proxy's. Ticks are 10 ms, hence many samples.
 */
export async function cpuPerRequest(base, paths, { rootPid, port, samples }) {
  console.log(
    `\nCPU per request, one at a time (${samples} each; the Worker's workerd includes the local D1)\n`,
  );
  console.log(
    "path".padEnd(28),
    "Worker ms".padStart(10),
    "dev proxy ms".padStart(13),
    "latency p50".padStart(12),
  );
  const rows = [];
  for (const path of paths) {
    for (let i = 0; i < 20; i++) await (await fetch(base + path)).arrayBuffer();
    const before = workerdCpu(rootPid, port);
    const times = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await (await fetch(base + path)).arrayBuffer();
      times.push(performance.now() - started);
    }
    const after = workerdCpu(rootPid, port);
    times.sort((a, b) => a - b);
    const row = {
      path,
      workerMs: ((after.worker - before.worker) * 1000) / samples,
      proxyMs: ((after.proxy - before.proxy) * 1000) / samples,
      p50: percentile(times, 50),
    };
    rows.push(row);
    console.log(
      path.padEnd(28),
      row.workerMs.toFixed(2).padStart(10),
      row.proxyMs.toFixed(2).padStart(13),
      row.p50.toFixed(1).padStart(12),
    );
  }
  return rows;
}
