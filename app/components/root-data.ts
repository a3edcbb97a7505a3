import { useRouteLoaderData } from "@remix-run/react";
import type { Viewer } from "~/lib/viewer";

/** What the root loader gives every page. */
export interface RootData {
  user: Viewer | null;
  mediaBase: string;
  /** The request's origin, for absolute addresses in the head (canonical links). */
  site?: string;
  /** Google sign-in's client id; without one the Google button is not offered. */
  googleClientId: string | null;
  /** The ad network's client id (AD_CLIENT_ID); without one every ad slot shows a house ad. */
  adClientId?: string | null;
  /** The signed-in player's unread notifications when the page loaded (the header bell's badge). */
  unread?: number;
  /** The signed-in player's unread chat messages when the page loaded (the badge on Social, ADR 028). */
  unreadMessages?: number;
}

const FALLBACK: RootData = {
  user: null,
  mediaBase: "/media/",
  googleClientId: null,
  adClientId: null,
};

/** Root loader data; when the root loader itself failed (error page) the visitor is treated as anonymous. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? FALLBACK;
}

export const useViewer = (): Viewer | null => useRootData().user;
export const useMediaBase = (): string => useRootData().mediaBase;
