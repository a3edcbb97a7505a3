import { useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect } from "react";

/*
 * One reload at a time for the whole page, and none in the middle of a navigation. A reload started while another
 * runs, or while a navigation loads, aborts that request, and Remix rejects the interrupted navigation's promise with
 * an AbortError nobody catches. Asks that come meanwhile (a collect and the socket's wallet_update for it, a wallet
 * update while the result page loads) are folded into one more reload once the page is idle, so the data is never
 * older than the last ask.
 */
let runningSince: number | null = null;
let navigating = false;
let askedAgain = false;
/** A reload that never reported its end (its states were batched into one render) stops blocking after this. */
const STUCK_MS = 10_000;

/** Reloads every loader's data, without interrupting a reload or a navigation under way. */
export function useRevalidate(): () => void {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation().state;
  navigating = navigation !== "idle";

  useEffect(() => {
    if (state !== "idle" || navigation !== "idle") return;
    runningSince = null;
    if (!askedAgain) return;
    askedAgain = false;
    runningSince = Date.now();
    revalidate();
  }, [state, navigation, revalidate]);

  return useCallback(() => {
    const reloading =
      runningSince !== null && Date.now() - runningSince < STUCK_MS;
    if (reloading || navigating) {
      askedAgain = true;
      return;
    }
    runningSince = Date.now();
    revalidate();
  }, [revalidate]);
}
