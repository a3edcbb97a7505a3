import { useEffect, useSyncExternalStore } from "react";

/** What the app says when the browser loses its network, and when it is back (components/OfflineNotice.tsx). */
export const OFFLINE_TEXT = "You're offline. Games you've played still work.";
export const BACK_ONLINE_TEXT = "You're back online.";

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
 * Offline, a page the app could not fetch (its data, or its route's code) is loaded whole instead of shown as an
 * error: the service worker answers with its kept copy, or its offline page (ADR 018). At most once in a row per
 * address, so a page that fails again is shown as it is. True while that reload is under way.
 */
export function useOfflineReload(): boolean {
  const reload =
    typeof window !== "undefined" &&
    !navigator.onLine &&
    lastReload() !== window.location.href;
  useEffect(() => {
    if (!reload) return;
    try {
      sessionStorage.setItem(RELOADED, window.location.href);
    } catch {
      return;
    }
    window.location.reload();
  }, [reload]);
  return reload;
}
