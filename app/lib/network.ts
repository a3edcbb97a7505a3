import { useEffect, useSyncExternalStore } from "react";

/** What the app says when the browser loses its network, and when it is back (components/OfflineNotice.tsx). */
export const OFFLINE_TEXT = "You're offline. Games you've played still work.";
export const BACK_ONLINE_TEXT = "You're back online.";
/** A page that could not be reached offline, in the words of the service worker's offline page (ErrorPage). */
export const OFFLINE_PAGE = {
  title: "You're offline",
  text: "This page needs a connection. Connect to the internet and try again.",
} as const;

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it has a network. The server (and the first render in the browser) assumes it does. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The same, read once outside React; true where there is no browser. */
export const isOnline = () =>
  typeof navigator === "undefined" || navigator.onLine;

const RELOADED = "pf:offline-reload";

function lastReload(): string | null {
  try {
    return sessionStorage.getItem(RELOADED);
  } catch {
    return null;
  }
}

/**
 * A request that got no answer at all, as each browser words fetch's TypeError (Chromium, Firefox, Safari). A phone
 * that lost its signal often still says it is online, so this, not `navigator.onLine` alone, tells a lost network
 * from a server's failure.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /^(Failed to fetch|NetworkError|Load failed)/.test(
      error.message.slice(0, 40),
    )
  );
}

/** Whether the service worker answers this page's loads, so a kept copy or its offline page can stand in. */
const workerControls = () =>
  typeof navigator !== "undefined" &&
  "serviceWorker" in navigator &&
  navigator.serviceWorker.controller !== null;

/**
 * Offline, a page the app could not fetch (its data, or its route's code) is loaded whole instead of shown as an
 * error: the service worker answers with its kept copy, or its offline page (ADR 018). At most once in a row per
 * address, so a page that fails again is shown as it is. Until the worker controls the page (the first seconds of a
 * first visit) a whole load would be the browser's own error page, so the app says it is offline instead (issue #31).
 * `reloading` while that load is under way; `offline` when the page should say it needs a connection.
 */
export function useOfflineReload(error?: unknown): {
  reloading: boolean;
  offline: boolean;
} {
  const lost =
    typeof window !== "undefined" &&
    (!navigator.onLine || isNetworkFailure(error));
  const reloading =
    lost && workerControls() && lastReload() !== window.location.href;
  useEffect(() => {
    if (!reloading) return;
    try {
      sessionStorage.setItem(RELOADED, window.location.href);
    } catch {
      return;
    }
    window.location.reload();
  }, [reloading]);
  return { reloading, offline: lost && !reloading };
}

/**
 * A page that loaded is a fresh start for the once-in-a-row rule above: without this, coming back to an address that
 * had been reloaded once (Back to a game's page) showed the error page instead of the kept copy.
 */
export function useOfflineReloadDone() {
  useEffect(() => {
    try {
      sessionStorage.removeItem(RELOADED);
    } catch {
      // Storage blocked: nothing was marked either.
    }
  }, []);
}
