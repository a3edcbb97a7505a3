// Shared by the start, dev and test scripts: run the local toolchain the same way everywhere.
import { spawn, spawnSync } from "node:child_process";
import { createServer, request as forward } from "node:http";
import { fileURLToPath } from "node:url";
import { ensureDevVapidKeys } from "./vapid-keys.mjs";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const bin = (name) => `${root}node_modules/.bin/${name}`;

/** Wrangler otherwise stops at a telemetry prompt, and looks up Cloudflare's hosts on every start. */
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: quietEnv,
    ...options,
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${command.split("/").pop()} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

export function build() {
  run("node", ["scripts/build-games.mjs"]);
  run("node", ["scripts/build-app-manifest.mjs"]);
  run(bin("tsx"), ["scripts/build-cards.ts"]);
  run(bin("remix"), ["vite:build"]);
  run("node", ["scripts/build-service-worker.mjs"]);
}

export function migrateLocal(persistTo) {
  run(bin("wrangler"), [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    ...(persistTo ? ["--persist-to", persistTo] : []),
  ]);
}

export function seedIfEmpty(persistTo) {
  run(bin("tsx"), [
    "scripts/seed.ts",
    "--if-empty",
    ...(persistTo ? ["--persist-to", persistTo] : []),
  ]);
}

/** Starts `wrangler dev` itself (not through npx, whose death would leave workerd holding the port). */
export function startWranglerDev({
  port,
  persistTo,
  stdio = "inherit",
  vars = {},
}) {
  // Web Push needs a VAPID pair; a local one is made once, in the git-ignored .dev.vars.
  ensureDevVapidKeys(root);
  return spawn(
    bin("wrangler"),
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      // `/__scheduled?cron=…` runs scheduled() (`npm run cron`); wrangler's own /cdn-cgi/handler/scheduled cannot with [assets].
      "--test-scheduled",
      ...(persistTo ? ["--persist-to", persistTo] : []),
      // Configuration over wrangler.toml's [vars], e.g. { AD_CLIENT_ID: "ca-pub-123" }.
      ...Object.entries(vars).flatMap(([name, value]) => [
        "--var",
        `${name}:${value}`,
      ]),
    ],
    { cwd: root, stdio, env: quietEnv, detached: process.platform !== "win32" },
  );
}

/** Stops a process started with startWranglerDev, workerd children included. */
export function stopProcessTree(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export async function waitForHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/**
 * A `wrangler dev` for the browser tests (options as startWranglerDev's): resolves once it answers; `stop()` ends it,
 * workerd included.
 */
export async function startTestServer(options) {
  const child = startWranglerDev(options);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealthy(url);
  } catch (error) {
    stopProcessTree(child);
    throw error;
  }
  return { child, url, stop: () => stopProcessTree(child) };
}

/**
 * The games origin on this machine (ADR 039): a second port that hands every request to the Worker at `target` with
 * its Host header kept, so the Worker sees the games origin (GAMES_ORIGIN) and answers it as production's second
 * hostname. Games use no sockets, so upgrades are not forwarded. Resolves once listening; `close()` stops it.
 */
export function startGamesOrigin({ port, target, host = "127.0.0.1" }) {
  const { hostname, port: targetPort } = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        hostname,
        port: targetPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
