import { useRouteLoaderData } from "@remix-run/react";
import type { Viewer } from "~/lib/viewer";

/** What the root loader gives every page. */
export interface RootData {
  user: Viewer | null;
  mediaBase: string;
}

const FALLBACK: RootData = { user: null, mediaBase: "/media/" };

/** Root loader data; when the root loader itself failed (error page) the visitor is treated as anonymous. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? FALLBACK;
}

export const useViewer = (): Viewer | null => useRootData().user;
export const useMediaBase = (): string => useRootData().mediaBase;
