import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { adClientIdFrom } from "./ads";

/**
 * Response headers that limit what a page may load and who may frame or sniff it. Static files (the client build,
 * games, the SDK) never reach the Worker; public/_headers gives them theirs.
 */

const GOOGLE_SIGN_IN = "https://accounts.google.com/gsi/";
// adsbygoogle.js pulls in further scripts, frames and beacons from Google's ad hosts. 'strict-dynamic' would spare
// this list, but it also voids 'self', and Remix's modulepreload links carry no nonce, so every preload would be refused.
const AD_SCRIPTS = [
  "https://pagead2.googlesyndication.com",
  "https://*.googlesyndication.com",
  "https://*.googletagservices.com",
  "https://*.adtrafficquality.google",
  "https://adservice.google.com",
  "https://fundingchoicesmessages.google.com",
];
const AD_CONNECTIONS = [
  ...AD_SCRIPTS,
  "https://*.doubleclick.net",
  "https://www.google.com",
];
// isAllowedExternalLink (app/lib/game-bridge.ts) lets an external game be plain http only on the player's own machine.
// CSP's host grammar has no IPv6 literals (Chromium reports http://[::1]:* as invalid), so [::1] games stay blocked.
const LOCAL_HTTP_GAMES = ["http://localhost:*", "http://127.0.0.1:*"];
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type Vars = Record<string, unknown>;

/** Google's hosts are allowed only while their feature is configured (an ad publisher id only when it is valid). */
function configured(
  c: Context,
  name: "GOOGLE_CLIENT_ID" | "AD_CLIENT_ID",
): boolean {
  const env = c.env as Vars | undefined;
  if (name === "AD_CLIENT_ID") return adClientIdFrom(env ?? {}) !== null;
  return Boolean(env?.[name]);
}

const sources = (...list: (string | string[] | false)[]) =>
  list.flat().filter(Boolean).join(" ");

/** The policy of every HTML page, for one origin and configuration. NONCE_SLOT marks where each response's nonce goes. */
const NONCE_SLOT = "\u0000nonce\u0000";
function pagePolicy(c: Context): string {
  const google = configured(c, "GOOGLE_CLIENT_ID");
  const ads = configured(c, "AD_CLIENT_ID");
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    // Only scripts of our origin and inline scripts that carry this response's nonce (Remix's context and route
    // imports, React's streaming scripts); an injected <script> has no nonce and no inline handler runs.
    [
      "script-src",
      sources(
        "'self'",
        `'nonce-${NONCE_SLOT}'`,
        google && `${GOOGLE_SIGN_IN}client`,
        ads && AD_SCRIPTS,
      ),
    ],
    // React writes style="" attributes (ad slot sizes, progress bars, avatar colours), which CSP counts as inline
    // styles; without 'unsafe-inline' they would be dropped. Styles cannot run script, so the risk is limited to look.
    [
      "style-src",
      sources("'self'", "'unsafe-inline'", google && `${GOOGLE_SIGN_IN}style`),
    ],
    // Pictures, icons and promo videos may be stored as absolute https addresses (Google profile pictures, publishers'
    // art) or picked files previewed as blob: URLs.
    ["img-src", "'self' data: blob: https:"],
    ["media-src", "'self' blob: https:"],
    ["font-src", "'self'"],
    [
      "connect-src",
      sources(
        "'self'",
        socketOrigin(c),
        google && GOOGLE_SIGN_IN,
        ads && AD_CONNECTIONS,
      ),
    ],
    // Our games are framed from /games/ on this origin; external games (type 2) from their own https origin.
    ["frame-src", sources("'self'", "https:", isLocal(c) && LOCAL_HTTP_GAMES)],
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** The headers every page gets besides its policy (the defaults of hono/secure-headers, with ours). */
const PAGE_HEADERS: [string, string][] = [
  // Google's sign-in popup talks back to the page that opened it; 'same-origin' would cut that line.
  ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  // The header caps what a page may hand to the frames it embeds. Fullscreen, autoplay and gamepad stay open so the
  // game frame's allow="" can pass them to a game from another origin (or a sandboxed one, whose origin is opaque);
  // third-party frames without that attribute still get none of them.
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), display-capture=(), payment=(), usb=(), serial=(), hid=(), midi=(), " +
      "accelerometer=(), gyroscope=(), magnetometer=(), xr-spatial-tracking=(), fullscreen=*, autoplay=*, gamepad=*",
  ],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * A page's policy is the same for every request to one origin and configuration, but for its nonce: it is worked out
 * once for each (a handful per deployment; the map is bounded all the same) and split where the nonce goes.
 */
const policies = new Map<string, [string, string]>();
function policyAround(c: Context): [string, string] {
  const key = `${new URL(c.req.url).origin} ${configured(c, "GOOGLE_CLIENT_ID")} ${configured(c, "AD_CLIENT_ID")}`;
  let parts = policies.get(key);
  if (!parts) {
    if (policies.size >= 32) policies.clear();
    const [before, after] = pagePolicy(c).split(NONCE_SLOT);
    parts = [before, after];
    policies.set(key, parts);
  }
  return parts;
}

/** 128 random bits, as hono/secure-headers makes them: the page's scripts carry it (`c.get("secureHeadersNonce")`). */
function freshNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const pageHeaders: MiddlewareHandler = async (c, next) => {
  const [before, after] = policyAround(c);
  const nonce = freshNonce();
  c.set("secureHeadersNonce", nonce);
  await next();
  const headers = c.res.headers;
  headers.set("Content-Security-Policy", before + nonce + after);
  for (const [name, value] of PAGE_HEADERS) headers.set(name, value);
};

/** API answers are data, never documents: nothing may run, frame or embed them. */
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  strictTransportSecurity: false,
});

/** Media keeps the inert policy and long caching serveMedia gives it; it only gains what it lacks. */
const mediaHeaders = secureHeaders({
  crossOriginResourcePolicy: false,
  referrerPolicy: "strict-origin-when-cross-origin",
  strictTransportSecurity: false,
  overwrite: false,
});

function socketOrigin(c: Context): string {
  const url = new URL(c.req.url);
  // CSP2 browsers do not count ws:/wss: of our own host as 'self'.
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

function isLocal(c: Context): boolean {
  return LOCAL_HOSTS.has(new URL(c.req.url).hostname);
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The one header middleware of the Worker. Pages get a fresh script nonce per response (`c.get("secureHeadersNonce")`,
 * handed to Remix through the load context); private API answers are never stored by a browser or proxy.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  const path = c.req.path;
  // A socket upgrade answer has nothing a browser would apply these to.
  if (isUnder(path, "/ws")) return next();
  if (isUnder(path, "/api")) {
    await apiHeaders(c, next);
    // Handlers that answer the same to everyone set their own Cache-Control; everything else depends on the caller
    // (or is an error) and must not be kept by a browser, a proxy or the edge.
    if (!c.res.headers.has("Cache-Control"))
      c.res.headers.set("Cache-Control", "private, no-store");
  } else if (isUnder(path, "/media")) {
    await mediaHeaders(c, next);
  } else {
    await pageHeaders(c, next);
  }
  if (new URL(c.req.url).protocol === "https:")
    c.res.headers.set(
      "Strict-Transport-Security",
      "max-age=31536000; includeSubDomains",
    );
};
