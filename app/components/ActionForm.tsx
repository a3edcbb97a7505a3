import { useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => undefined;

/**
 * False while the page is the server's HTML (JavaScript off or not loaded yet), true once React runs it. A part that
 * hydrates after the rest of the page (its code loaded on demand, components/on-demand.tsx) still renders false first,
 * as the server did, and true right after; a part mounted on a live page is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

/**
 * The page a post without JavaScript returns to. It is sent only until the page hydrates: after that the form is a
 * fetcher's, which updates in place, so the action answers with data instead of a redirect (server/actions.server.ts).
 */
export function ReturnHereField({ to }: { to?: string }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  if (hydrated) return null;
  return (
    <input type="hidden" name="redirectTo" value={to ?? pathname + search} />
  );
}

/** Where the in-place buttons post (routes/actions.*.tsx). */
export const ACTION_PATHS = {
  like: "/actions/like",
  rate: "/actions/rate",
  save: "/actions/save",
  follow: "/actions/follow",
  share: "/actions/share",
} as const;
