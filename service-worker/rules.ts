/**
 * What the service worker keeps and how it answers each request (ADR 018), as pure rules; `sw.ts` wires them to the
 * Cache API. Only GET requests of our own origin are ever answered; everything else (the API, sockets, route data,
 * forms) goes to the network as if there were no worker.
 */

/** Every cache of ours starts so; one of another version is dropped when a new worker takes over. */
const PREFIX = "playfeed-";

export interface CacheNames {
  /** Fingerprinted assets, our games, the SDK, icons and posters. */
  files: string;
  /** Page documents, each under its path. */
  pages: string;
}

export const cacheNames = (version: string): CacheNames => ({
  files: `${PREFIX}files-${version}`,
  pages: `${PREFIX}pages-${version}`,
});

/** A cache an earlier worker left: ours, and not of this version. */
export const isStaleCache = (name: string, version: string) =>
  name.startsWith(PREFIX) && !Object.values(cacheNames(version)).includes(name);

/**
 * Pages kept for offline use: the ones everybody can open (SPEC.md §2). Personal pages (likes, social, shop,
 * notifications, challenges, results, profile, the editor, sign-in forms) are never kept.
 */
const KEPT_PAGE =
  /^\/(?:|home|home-page|detail\/\d+|play\/\d+|publisher\/\d+|about|terms|privacy|blog|blog\/[a-z0-9-]+)$/;

/** Our files that are not fingerprinted: our games and their files, the SDK, posters, icons and the manifest. */
const KEPT_FILE =
  /^\/(?:games\/[a-z0-9-]+\/(?:[\w-]+\.[a-z0-9]+)?|sdk\/[\w.-]+\.js|media\/promos\/[\w-]+\.(?:jpg|png|webp)|placeholders\/[\w-]+\.svg|publishers\/[\w-]+\.svg|icons\/[\w-]+\.png|favicon\.svg|manifest\.webmanifest)$/;

export type Route =
  /** Fingerprinted by the build: a kept copy never goes stale. */
  | { strategy: "cache-first" }
  /** Fresh from the network; when there is none, the kept copy. */
  | { strategy: "network-first" }
  /**
   * A page kept under its address, query and all (a page is rendered for its query: a copy for another query would not
   * match what the browser renders over it). Network first, then the kept copy, then a copy kept for another query
   * (by a redirect to it), then the offline page.
   */
  | { strategy: "page" }
  /** A page never kept: the network, or the offline page when there is none. */
  | { strategy: "page-unkept" };

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

/** How the worker answers a request, or null when it leaves it to the network. */
export function routeOf(request: RequestLike, origin: string): Route | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (request.mode === "navigate")
    return KEPT_PAGE.test(url.pathname)
      ? { strategy: "page" }
      : { strategy: "page-unkept" };
  // Query strings on files are cache busters we do not use: such a request is someone else's business.
  if (url.search !== "") return null;
  if (url.pathname.startsWith("/assets/")) return { strategy: "cache-first" };
  if (KEPT_FILE.test(url.pathname)) return { strategy: "network-first" };
  return null;
}

/** The page to offer instead of a game's page that was never kept: its play screen, when that one is. */
export function playPageFor(url: URL): string | null {
  const detail = /^\/detail\/(\d+)$/.exec(url.pathname);
  return detail ? `${url.origin}/play/${detail[1]}` : null;
}

export interface ResponseLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be kept: a whole 200 of our own origin that was not redirected and does not forbid storing.
 * (A Set-Cookie header cannot be seen here, so the routes never keep what could carry one: no API answer, no form
 * post, no sign-in page.)
 */
export function isKeepable(response: ResponseLike): boolean {
  return (
    response.status === 200 &&
    response.type === "basic" &&
    !response.redirected &&
    !/\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "")
  );
}

/** A game in GET /api/game/published, as far as the worker reads it. */
export interface PublishedGame {
  _id: number;
  type: number;
}

/** SPEC.md §3: a game of type 2 is played from its publisher's own site, so it cannot work offline. */
const EXTERNAL_GAME_TYPE = 2;

/** The pages kept when the worker is installed: home, the feed, and each of our games' detail and play pages. */
export function startPages(games: readonly PublishedGame[]): string[] {
  const own = games.filter((game) => game.type !== EXTERNAL_GAME_TYPE);
  return [
    "/",
    "/home-page",
    ...own.flatMap((game) => [`/detail/${game._id}`, `/play/${game._id}`]),
  ];
}

/** What a page posts to its worker. */
export type WorkerMessage =
  /** The signed-in player changed: pages kept for the last one are dropped and kept afresh. */
  { type: "forget-pages" };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "forget-pages"
  );
}

/** What a Web Push carries (ADR 029): `#contract/push` PushMessage, as far as the worker trusts it. */
export interface ShownNotification {
  title: string;
  options: {
    body: string;
    icon: string;
    badge: string;
    tag: string;
    data: { url: string };
  };
}

const NOTIFICATION_ICON = "/icons/icon-192.png";
/** Said when a push cannot be read: the browser requires a notification for every push. */
const FALLBACK: ShownNotification = {
  title: "Playfeed",
  options: {
    body: "You have something new on Playfeed.",
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    tag: "playfeed",
    data: { url: "/notifications" },
  },
};

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim() ? value.slice(0, max) : null;

/** A path of ours only: a push can never send a tap to another site. */
const ownPath = (value: unknown): string | null =>
  typeof value === "string" &&
  value.length <= 512 &&
  value.startsWith("/") &&
  !value.startsWith("//") &&
  !value.includes("\\")
    ? value
    : null;

/** The notification a push's JSON shows; anything unreadable shows the general one. */
export function notificationFromPush(payload: unknown): ShownNotification {
  if (typeof payload !== "object" || payload === null) return FALLBACK;
  const message = payload as Record<string, unknown>;
  const title = text(message.title, 120);
  const url = ownPath(message.url);
  if (!title || !url) return FALLBACK;
  return {
    title,
    options: {
      body: text(message.body, 300) ?? "",
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      tag: text(message.tag, 100) ?? "playfeed",
      data: { url },
    },
  };
}

/** A window of ours the worker can see. */
export interface WindowLike {
  url: string;
}

/**
 * What a tap on a notification does: focus a tab already showing its page, else bring one of our tabs there, else
 * open a new one.
 */
export function tapTarget<W extends WindowLike>(
  windows: readonly W[],
  path: string,
  origin: string,
):
  | { action: "focus" | "navigate"; window: W; url: string }
  | { action: "open"; url: string } {
  const url = new URL(ownPath(path) ?? "/", origin).href;
  const same = windows.find((window) => window.url === url);
  if (same) return { action: "focus", window: same, url };
  const ours = windows.find((window) => new URL(window.url).origin === origin);
  if (ours) return { action: "navigate", window: ours, url };
  return { action: "open", url };
}
