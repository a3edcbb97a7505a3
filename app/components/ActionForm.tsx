import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

// Once any component has hydrated, later ones mount on a live page and need no server round trip to know it.
let hydratedOnce = false;

/** False while the page is the server's HTML (JavaScript off or not loaded yet), true once React runs it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
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
