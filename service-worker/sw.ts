/// <reference lib="webworker" />
/**
 * The service worker (/sw.js, scope /; ADR 018): the app shell, our games, their posters and the start pages are kept
 * when it installs, so the home page, the feed and our games open offline. `scripts/build-service-worker.mjs` bundles
 * it and fills in what the build knows.
 */
import {
  cacheNames,
  isKeepable,
  isStaleCache,
  isWorkerMessage,
  notificationFromPush,
  playPageFor,
  routeOf,
  startPages,
  tapTarget,
  type PublishedGame,
  type Route,
} from "./rules";

declare const self: ServiceWorkerGlobalScope;
/** A hash of everything kept below: a new build is a new worker with caches of its own. */
declare const VERSION: string;
/** The build's files to keep at install: the shell's assets (from the Remix client manifest), games, icons, posters. */
declare const PRECACHE: string[];
/** The page shown for a page that needs the network, written by the build in the design tokens' colours. */
declare const OFFLINE_HTML: string;

const names = cacheNames(VERSION);

/** Fingerprinted files may come from the HTTP cache; anything else is checked with the server first. */
const precacheRequest = (url: string) =>
  new Request(url, {
    cache: url.startsWith("/assets/") ? "default" : "no-cache",
  });

/** Keeps the start pages as this browser sees them now (signed in or not). A page that fails is simply not kept. */
async function keepStartPages(): Promise<void> {
  const games = await fetch("/api/game/published")
    .then((response) =>
      response.ok ? (response.json() as Promise<PublishedGame[]>) : [],
    )
    .catch(() => []);
  const cache = await caches.open(names.pages);
  await Promise.allSettled(
    startPages(games).map(async (path) => {
      const url = new URL(path, self.location.origin).href;
      const response = await fetch(url, { cache: "no-cache" });
      if (isKeepable(response)) await cache.put(url, response);
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const files = await caches.open(names.files);
      await files.addAll(PRECACHE.map(precacheRequest));
      await keepStartPages();
      // The newest worker takes over at once; an open page carries on with what it has already loaded.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const stale = (await caches.keys()).filter((name) =>
        isStaleCache(name, VERSION),
      );
      await Promise.all(stale.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (!isWorkerMessage(event.data)) return;
  // The pages kept showed another player's header (or a visitor's): drop them, then keep them again as they are now.
  event.waitUntil(caches.delete(names.pages).then(() => keepStartPages()));
});

// Web Push (ADR 029): a challenge, an invitation or a message for a player with no tab open. Every push shows a
// notification; one that cannot be read shows a general one.
self.addEventListener("push", (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    // Not JSON: the general notification.
  }
  const { title, options } = notificationFromPush(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({
        type: "window",
        includeUncontrolled: true,
      });
      const target = tapTarget(
        windows,
        typeof path === "string" ? path : "/",
        self.location.origin,
      );
      if (target.action === "open") {
        await self.clients.openWindow(target.url);
        return;
      }
      const focused = await target.window.focus();
      if (target.action === "navigate") await focused.navigate(target.url);
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (!route) return;
  // A copy is written while the answer streams to the page, not before.
  const keep = (cacheName: string, key: Request | string, response: Response) =>
    event.waitUntil(
      caches.open(cacheName).then((cache) => cache.put(key, response)),
    );
  event.respondWith(answer(event.request, route, keep));
});

type Keep = (cacheName: string, key: Request | string, copy: Response) => void;

function answer(request: Request, route: Route, keep: Keep): Promise<Response> {
  switch (route.strategy) {
    case "cache-first":
      return cacheFirst(request, keep);
    case "network-first":
      return networkFirst(request, keep);
    case "page":
      return keptPage(request, keep);
    case "page-unkept":
      return fetch(request).catch(() => offlinePage());
  }
}

async function cacheFirst(request: Request, keep: Keep): Promise<Response> {
  const kept = await caches.match(request, { cacheName: names.files });
  if (kept) return kept;
  const response = await fetch(request);
  if (isKeepable(response)) keep(names.files, request, response.clone());
  return response;
}

async function networkFirst(request: Request, keep: Keep): Promise<Response> {
  try {
    const response = await fetch(request);
    if (isKeepable(response)) keep(names.files, request, response.clone());
    return response;
  } catch (failure) {
    const kept = await caches.match(request, { cacheName: names.files });
    if (kept) return kept;
    throw failure;
  }
}

async function keptPage(request: Request, keep: Keep): Promise<Response> {
  try {
    const response = await fetch(request);
    if (isKeepable(response)) keep(names.pages, request.url, response.clone());
    return response;
  } catch {
    const pages = await caches.open(names.pages);
    const exact = await pages.match(request.url, { ignoreVary: true });
    if (exact) return exact;
    // The page kept for another query (a back link's origin, a play type): the browser goes there.
    const other = await pages.match(request.url, {
      ignoreSearch: true,
      ignoreVary: true,
    });
    if (other?.url) return Response.redirect(other.url, 302);
    // A game's detail page never kept: its play screen, which was kept at install, still works.
    const play = playPageFor(new URL(request.url));
    if (play && (await pages.match(play, { ignoreVary: true })))
      return Response.redirect(play, 302);
    return offlinePage();
  }
}

/** Said instead of the browser's own error page when a page needs the network. */
function offlinePage(): Response {
  return new Response(OFFLINE_HTML, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
      "Cache-Control": "no-store",
    },
  });
}
