import { BUNDLE_LIMITS } from "#contract/developers";
import { pathProblem, servedAs } from "./services/bundle-paths";
import { BUNDLES_FOLDER } from "./services/game-bundles";

/**
 * Issue #33: the games origin (env.GAMES_ORIGIN, ADR 039), another site than the app's. It answers only the files of
 * uploaded games, `/v/{versionId}-{token}/{path}` from R2, and the SDK they load; nothing of the app (no page, /api,
 * /ws or /media) and no cookie, read or written. Every file carries the game frame's own sandbox, so even a document
 * opened on its own there runs with an opaque origin: no storage, cookies or service worker, its own or another's.
 */

const VERSION_FOLDER = /^\/v\/(\d{1,10}-[0-9a-f]{24})\/(.{0,1024})$/s;
const SDK_PATH = "/sdk/playfeed-sdk.js";

export const isGamesOrigin = (url: URL, env: Env) =>
  url.origin === env.GAMES_ORIGIN;

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });

/** The policy of every game file: the game frame's sandbox, the game's own files only, framed only by the app. */
export function gameFilePolicy(appOrigin: string) {
  return [
    "sandbox allow-scripts allow-pointer-lock",
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'",
    "connect-src 'self'",
    `frame-ancestors ${appOrigin}`,
  ].join("; ");
}

/** The stored file a request names, or null when the path cannot be one (bad escapes, `..`, a type games do not use). */
function storedFile(pathname: string) {
  const match = VERSION_FOLDER.exec(pathname);
  if (!match) return null;
  let path: string;
  try {
    path = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  // A folder is its index.html, as a static host answers it.
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (path.length > BUNDLE_LIMITS.pathLength || pathProblem(path)) return null;
  const served = servedAs(path);
  return served
    ? { key: `${BUNDLES_FOLDER}${match[1]}/${path}`, ...served }
    : null;
}

/** Answers a request to the games origin. */
export async function serveGamesOrigin(
  request: Request,
  env: Env,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return notFound();
  const { pathname } = new URL(request.url);
  if (pathname === SDK_PATH) return sdkScript(request, env);
  const file = storedFile(pathname);
  if (!file) return notFound();
  // Sound and video elements ask for ranges (Safari plays nothing without them); an encoded file is sent whole.
  const ranged = !file.encoding && request.headers.has("Range");
  const object = await env.MEDIA.get(file.key, {
    onlyIf: request.headers,
    ...(ranged ? { range: request.headers } : {}),
  });
  if (!object) return notFound();

  const headers = new Headers({
    "Content-Type": file.type,
    ETag: object.httpEtag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": gameFilePolicy(env.APP_ORIGIN),
    // A sandboxed game's origin is opaque, so its own files are cross-origin to it: fetch, XHR and module scripts
    // need this. They carry no credentials and are public anyway.
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Referrer-Policy": "no-referrer",
  });
  if (file.encoding) headers.set("Content-Encoding", file.encoding);
  else headers.set("Accept-Ranges", "bytes");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const part = ranged ? byteRange(object) : null;
  if (part) headers.set("Content-Range", part);
  return new Response(request.method === "HEAD" ? null : object.body, {
    status: part ? 206 : 200,
    headers,
    // A precompressed file (.br, .gz) goes out as stored; the browser undoes its encoding.
    encodeBody: "manual",
  });
}

/** The Content-Range of the part R2 answered, or null when it answered the whole object. */
function byteRange(object: R2Object): string | null {
  // Miniflare's range carries every field, unset ones as undefined.
  const range = object.range as
    { offset?: number; length?: number; suffix?: number } | undefined;
  if (!range) return null;
  const offset =
    range.suffix !== undefined
      ? object.size - range.suffix
      : (range.offset ?? 0);
  const length = range.suffix ?? range.length ?? object.size - offset;
  if (offset === 0 && length === object.size) return null;
  return `bytes ${offset}-${offset + length - 1}/${object.size}`;
}

/** The SDK from the app's build, so a game loads it as the project's own games do: `<script src="/sdk/playfeed-sdk.js">`. */
async function sdkScript(request: Request, env: Env) {
  const response = await env.ASSETS.fetch(
    new Request(new URL(SDK_PATH, "https://assets.invalid"), {
      method: request.method,
    }),
  );
  if (!response.ok) return notFound();
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  headers.delete("Set-Cookie");
  return new Response(response.body, { status: 200, headers });
}
