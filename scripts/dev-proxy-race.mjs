#!/usr/bin/env node
/**
 * Measures what ADR 059 is about: requests `wrangler dev`'s proxy loses to workerd closing a keep-alive connection
 * idle for 5 s. Starts a server of its own (port 8799, state in a temporary directory), then, `rounds` times, waits
 * 4.985–5.015 s with nothing else sent and sends a POST and a GET together. Prints each lost request and the count.
 *
 *   node scripts/dev-proxy-race.mjs [rounds=28]
 *
 * Needs `npm run build` and nothing else on port 8799; takes about 5.1 s a round.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startWranglerDev, stopProcessTree, waitForHealthy } from "./lib.mjs";

const rounds = Number(process.argv[2] ?? 28);
const port = 8799;
const url = `http://127.0.0.1:${port}`;
const state = mkdtempSync(join(tmpdir(), "dev-proxy-race-"));
const child = startWranglerDev({ port, persistTo: state, stdio: "ignore" });

/** The status, or the error's name when no answer came within 4 s. */
const answer = (path, init) =>
  fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(4000) }).then(
    async (response) => {
      await response.body?.cancel();
      return response.status;
    },
    (error) => error.name,
  );

try {
  await waitForHealthy(url, 120_000);
  let lost = 0;
  for (let round = 0; round < rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, 4985 + (round % 7) * 5));
    const [post, get] = await Promise.all([
      answer("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      answer("/api/health"),
    ]);
    // The POST is refused (4xx) by the Worker when it arrives; 503 is the proxy's, a name is no answer.
    if (post === 503 || typeof post !== "number") {
      lost++;
      console.log(`round ${round}: POST lost (${post})`);
    }
    if (get !== 200) {
      lost++;
      console.log(`round ${round}: GET lost (${get})`);
    }
  }
  console.log(`lost ${lost} of ${rounds * 2} requests`);
} finally {
  stopProcessTree(child);
  rmSync(state, { recursive: true, force: true });
}
