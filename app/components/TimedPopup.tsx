import { useCallback, useEffect, useState, type FocusEvent } from "react";
import { CloseIcon } from "./icons";

/** SPEC.md §4/§9: a message alert (and a notification toast, as long) hides this long after the latest came in. */
export const POPUP_SHOWN_MS = 5_000;

/**
 * A popup that goes by itself POPUP_SHOWN_MS after `latest` last changed, unless the pointer or the keyboard's focus
 * is on it: held there, so a player reading it or tabbing to its link does not lose it, and timed afresh once they
 * leave. `onDone` hides it (keep it stable: a new one restarts the time); `dismiss` is the close button's and a
 * link's. `latest` null or undefined: nothing is shown, nothing timed.
 */
export function useTimedPopup(latest: unknown, onDone: () => void) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (latest === null || latest === undefined || held) return;
    const timer = window.setTimeout(onDone, POPUP_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [latest, held, onDone]);

  const dismiss = useCallback(() => {
    setHeld(false);
    onDone();
  }, [onDone]);

  /** The popup's own element holds it while hovered or focused within. */
  const holdWhileOn = {
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
    },
  };
  return { holdWhileOn, dismiss };
}

/** The popup's close button. */
export function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="message-alert__close"
      aria-label="Dismiss"
      onClick={onClick}
    >
      <CloseIcon size={16} />
    </button>
  );
}
