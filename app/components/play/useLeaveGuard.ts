import { useBlocker } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Holds any navigation of the app (Back, a link) while `guarding()` says leaving would cost something, and calls
 * `onAsk` so the page can ask first (issue #31: Back in a match round forfeited at once, while Exit asked). `leave`
 * goes on to where the player was going, `stay` stays. A reload or a closed tab is not a navigation of the app and is
 * never held: the match room's grace covers those.
 */
export function useLeaveGuard(guarding: () => boolean, onAsk: () => void) {
  // Read when a navigation starts, so the latest state decides, not the state of the render that made the blocker.
  const guard = useRef(guarding);
  guard.current = guarding;
  const blocker = useBlocker(useCallback(() => guard.current(), []));
  const held = blocker.state === "blocked";

  const ask = useRef(onAsk);
  ask.current = onAsk;
  useEffect(() => {
    if (held) ask.current();
  }, [held]);

  const current = useRef(blocker);
  current.current = blocker;
  const stay = useCallback(() => current.current.reset?.(), []);
  /** False when nothing is held any more (the navigation was let go meanwhile): the page then goes on its own. */
  const leave = useCallback(() => {
    const blocker = current.current;
    if (blocker.state !== "blocked") return false;
    blocker.proceed();
    return true;
  }, []);
  return { held, stay, leave };
}
