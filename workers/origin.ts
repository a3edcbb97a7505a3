const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every write (API calls and Remix actions): a browser always
 * names the page's origin on a cross-site POST, so a write from a foreign origin is refused. Clients
 * that send no Origin (curl, other servers) carry a bearer token instead of a cookie.
 */
export function isForeignWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  return isForeignOrigin(request);
}

/** The request names another site as its origin (or, without Origin, the browser says it is cross-site). */
export function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  const url = new URL(request.url);
  // Behind the dev proxy the URL names the Worker while Host still names the page's server.
  const host = request.headers.get("Host");
  const ownOrigins = new Set([
    url.origin,
    ...(host ? [`${url.protocol}//${host}`] : []),
  ]);
  return !ownOrigins.has(origin);
}
