import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Reloads every loader's data. Asked again while a reload is under way (a collect and the socket's wallet_update for
 * it, say), it does not interrupt that reload, whose aborted request Remix would report as an error: one more
 * reload follows when it is done, so the data is never older than the last ask.
 */
export function useRevalidate(): () => void {
  const { revalidate, state } = useRevalidator();
  const busy = useRef(false);
  const again = useRef(false);
  busy.current = state !== "idle";

  useEffect(() => {
    if (state !== "idle" || !again.current) return;
    again.current = false;
    revalidate();
  }, [state, revalidate]);

  return useCallback(() => {
    if (busy.current) again.current = true;
    else {
      busy.current = true;
      revalidate();
    }
  }, [revalidate]);
}
