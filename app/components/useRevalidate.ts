import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect } from "react";

/*
 * One reload at a time for the whole page. A reload interrupted by another aborts its request, and Remix reports that
 * abort as an uncaught error; asks that come while one runs (a collect and the socket's wallet_update for it, say)
 * are folded into one more reload after it, so the data is never older than the last ask.
 */
let runningSince: number | null = null;
let askedAgain = false;
/** A reload that never reported its end (its states were batched into one render) stops blocking after this. */
const STUCK_MS = 10_000;

/** Reloads every loader's data, without interrupting a reload under way. */
export function useRevalidate(): () => void {
  const { revalidate, state } = useRevalidator();

  useEffect(() => {
    if (state !== "idle") return;
    runningSince = null;
    if (!askedAgain) return;
    askedAgain = false;
    runningSince = Date.now();
    revalidate();
  }, [state, revalidate]);

  return useCallback(() => {
    if (runningSince !== null && Date.now() - runningSince < STUCK_MS) {
      askedAgain = true;
      return;
    }
    runningSince = Date.now();
    revalidate();
  }, [revalidate]);
}
