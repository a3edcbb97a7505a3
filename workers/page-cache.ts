import { tokenFromRequest } from "./services/sessions";

/** Public pages an anonymous visitor sees the same way: rendered once a minute per edge location. */
const CACHEABLE_PAGE =
  /^\/(?:|home|home-page|detail\/\d+|publisher\/\d+|about|terms|privacy|contact|blog|blog\/[a-z0-9-]+)$/;
const TTL_SECONDS = 60;

function isCacheable(request: Request): boolean {
  if (request.method !== "GET" || tokenFromRequest(request)) return false;
  const url = new URL(request.url);
  // Only whole documents; single-fetch data requests (.data) and anything with a query stay dynamic.
  return (
    CACHEABLE_PAGE.test(url.pathname) &&
    url.search === "" &&
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}

/**
 * Serves anonymous page views from the edge cache (the Workers Cache API) and fills it. Signed-in
 * views, which show the viewer's likes and coins, always render fresh.
 *
 * A stored page still carries the script nonce of the response it was rendered for. Replaying it would let whoever
 * saw one copy predict the nonce of every copy served in the next minute, so each hit is streamed through
 * HTMLRewriter, which writes this response's `nonce` (the one its Content-Security-Policy names) over every nonce
 * attribute. Only attributes change; the bytes around them stream through untouched.
 */
export async function withPageCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  nonce: string | undefined,
  render: () => Promise<Response>,
): Promise<Response> {
  // Every other page answer says so too: a signed-in view, a query, a data request, a page that is not public.
  if (!isCacheable(request)) return privatePage(await render());
  // The DOM typings of `caches` lack the Workers default cache.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = new Request(new URL(request.url).toString(), { method: "GET" });
  const cached = await cache.match(key);
  if (cached) {
    const hit = new Response(
      nonce ? withNonce(cached, nonce).body : cached.body,
      cached,
    );
    hit.headers.delete("Content-Length");
    hit.headers.set("X-Playfeed-Cache", "hit");
    hit.headers.set("Vary", "Cookie");
    return hit;
  }
  const response = await render();
  if (response.status !== 200 || response.headers.has("Set-Cookie"))
    return response;
  const stored = new Response(response.body, response);
  // Browsers revalidate every time; the edge keeps the page for a minute.
  stored.headers.set(
    "Cache-Control",
    `public, max-age=0, s-maxage=${TTL_SECONDS}`,
  );
  stored.headers.set("X-Playfeed-Cache", "miss");
  // The copy is the signed-out page: a shared cache outside Cloudflare's must not give it to a signed-in player.
  stored.headers.set("Vary", "Cookie");
  ctx.waitUntil(cache.put(key, stored.clone()));
  return stored;
}

function withNonce(page: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(page);
}

/**
 * Drops cached copies of these pages (absolute URLs) after the content behind them changed, so a reader does
 * not wait out the minute. The Cache API only reaches this edge location; elsewhere the minute still applies.
 */
export async function forgetCachedPages(urls: string[]): Promise<void> {
  const cache = (caches as unknown as { default: Cache }).default;
  await Promise.all(
    [...new Set(urls)].map((url) =>
      cache.delete(new Request(url, { method: "GET" })),
    ),
  );
}

/**
 * A page rendered for a signed-in viewer carries their coins, likes and (on the play page) their game data, and one
 * outside the edge cache may vary with its query or its caller: no shared cache may keep it, and the browser asks
 * again before reusing it. A route that says otherwise keeps its own header.
 */
function privatePage(response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  const marked = new Response(response.body, response);
  marked.headers.set("Cache-Control", "private, no-cache");
  return marked;
}
