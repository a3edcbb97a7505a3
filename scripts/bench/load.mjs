// Concurrent load with autocannon: server-rendered pages against a static file served by the same `wrangler dev`.
// Latencies come from autocannon's per-response timings (fractions of a millisecond; its own histogram keeps
// whole milliseconds, too coarse for a static file that answers in one or two).
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
