import { useEffect } from "react";
import type { WorkerMessage } from "../../service-worker/rules";
import {
  type RouteFilesEntry,
  fetchIntoCache,
  createRouteCodeQueue,
  createRouteFileCache,
  createWorkerFileCache,
} from "./route-code";

/** Remembers whose pages the service worker keeps (a player's id, or 0 for a visitor) across page loads. */
const KEPT_FOR = "pf:offline-pages-for";

/**
 * Installs the service worker (public path /sw.js, built by scripts/build-service-worker.mjs; ADR 018) once the page has
 * loaded, so it never competes with the page for the network. Not under the dev server, whose modules change under it.
 */
function register() {
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    // Without a worker the app works as before, only not offline.
    .catch(() => undefined);
}

/** Asks the worker to drop the pages it kept for someone else and keep them again for whoever is signed in now. */
function forgetKeptPages() {
  const message: WorkerMessage = { type: "forget-pages" };
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}

function readKeptFor(): string | null {
  try {
    return localStorage.getItem(KEPT_FOR);
  } catch {
    return null;
  }
}

function writeKeptFor(value: string) {
  try {
    localStorage.setItem(KEPT_FOR, value);
  } catch {
    // Storage blocked: pages are then kept again on every change of player, which is only wasteful.
  }
}

/**
 * The service worker of the app: installed after the first load, and told when the signed-in player changes (sign-in,
 * sign-out, another account), because the pages it keeps show the header of whoever was signed in when it kept them.
 */
export function useServiceWorker(viewerId: number | null) {
  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    if (document.readyState === "complete") register();
    else {
      window.addEventListener("load", register, { once: true });
      return () => window.removeEventListener("load", register);
    }
  }, []);

  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    const now = String(viewerId ?? 0);
    const before = readKeptFor();
    if (before !== null && before !== now) forgetKeptPages();
    writeKeptFor(now);
  }, [viewerId]);
}

interface RemixManifestWindow {
  __remixManifest?: { routes?: Record<string, RouteFilesEntry> };
}

/** In an idle moment, or at once where the browser has no idle callbacks. */
function whenIdle(run: () => void) {
  if ("requestIdleCallback" in window)
    window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

const routeFiles = createRouteFileCache(
  createWorkerFileCache(
    () =>
      typeof Worker === "undefined"
        ? null
        : new Worker(new URL("./route-files.worker.ts", import.meta.url), {
            type: "module",
            name: "route-files",
          }),
    fetchIntoCache,
  ),
);
const loadRouteCode = createRouteCodeQueue(routeFiles.cache, whenIdle);

/** Caches the files of every route the app knows of so far (those this page's links lead to), each once. */
function loadKnownRouteCode() {
  // Controlled, the worker has every public route's code kept (ADR 018).
  if (navigator.serviceWorker?.controller) return;
  // What this page loaded itself is in the cache already.
  routeFiles.have(
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname),
  );
  loadRouteCode(
    routeFiles.know(
      Object.values(
        (window as RemixManifestWindow).__remixManifest?.routes ?? {},
      ),
    ),
  );
}

/** When the links' route code is loaded after a page settles, each time only what was not loaded before. */
const ROUTE_CODE_DELAYS_MS = [300, 2_000, 6_000];

/**
 * Until the service worker controls the page (its install takes seconds on a first visit), a route whose code was
 * never loaded cannot be opened offline: Remix reloads the whole page for it, and without the worker that is the
 * browser's own error page (issue #31). So once each page has settled and its links' routes are known, their files are
 * fetched into the browser's cache while idle (`createRouteFileCache`); a link tapped offline then reaches the route,
 * which says it needs a connection.
 */
export function useRouteCodeLoaded(pageKey: string) {
  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    // Remix learns a page's links' routes within moments of rendering them (it asks in batches 100 ms apart), or
    // seconds on a slow link: asked again later, only routes learnt since then load.
    const timers = ROUTE_CODE_DELAYS_MS.map((delay) =>
      window.setTimeout(() => whenIdle(loadKnownRouteCode), delay),
    );
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [pageKey]);
}
