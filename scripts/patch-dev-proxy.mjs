#!/usr/bin/env node
/**
 * Makes `wrangler dev`'s proxy send a request again when the connection it chose to the Worker was closed under it
 * (ADR 059). workerd closes a keep-alive connection idle for 5 s; a request the proxy sends on it at that moment fails
 * with "Network connection lost.", and wrangler 4.86 answers a POST with 503 "Your worker restarted mid-request" and
 * leaves a GET waiting for a reload that never comes (cloudflare/workers-sdk#14641). wrangler fixed it in versions that
 * need Node 22; until the machines have it, `npm install` applies this to the installed 4.86 (postinstall).
 *
 * Idempotent; with another wrangler version it does nothing and says so, since the fix may be there already.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PATCHED_VERSION = "4.86.0";
export const MARKER = "/* playfeed: forwardToUserWorker */";
const CALL =
  "void fetch(userWorkerUrl, new Request(request, { headers })).then(";
const PATCHED_CALL =
  "void forwardToUserWorker(userWorkerUrl, request, headers).then(";

/**
 * The forward, sent up to three times while the connection is lost before an answer. The body is read once so it can
 * be sent again; requests to a local dev server are small.
 */
const FORWARD = `
${MARKER}
async function forwardToUserWorker(url, request, headers) {
  const body = request.body === null ? null : await request.arrayBuffer();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, new Request(request.url, {
        method: request.method,
        headers,
        body,
        redirect: request.redirect,
        cf: request.cf,
      }));
    } catch (error) {
      const lost = String(error?.message ?? "").startsWith("Network connection lost");
      if (!lost || attempt === 3) throw error;
    }
  }
}
`;

/** The patched source, the same source when it is patched already; throws when the forward is not where it was. */
export function patchProxySource(source) {
  if (source.includes(MARKER)) return source;
  const at = source.indexOf(CALL);
  if (at === -1 || source.indexOf(CALL, at + 1) !== -1)
    throw new Error(
      "wrangler's ProxyWorker does not forward requests as 4.86.0 does",
    );
  return source.replace(CALL, PATCHED_CALL) + FORWARD;
}

/** The installed wrangler's version and the path of its proxy worker. */
export function installedProxy(root = process.cwd()) {
  const require = createRequire(join(root, "package.json"));
  const manifest = require.resolve("wrangler/package.json");
  return {
    version: JSON.parse(readFileSync(manifest, "utf8")).version,
    path: join(dirname(manifest), "wrangler-dist", "ProxyWorker.js"),
  };
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const { version, path } = installedProxy(root);
  if (version !== PATCHED_VERSION) {
    console.warn(
      `patch-dev-proxy: wrangler ${version} is installed, the patch is for ${PATCHED_VERSION}; nothing changed (see ADR 059).`,
    );
    return;
  }
  const source = readFileSync(path, "utf8");
  const patched = patchProxySource(source);
  if (patched !== source) writeFileSync(path, patched);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
