import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import "./NavigationProgress.css";

/** A navigation quicker than this shows nothing: a bar that flashes for a fast page only looks like a glitch. */
export const PROGRESS_DELAY_MS = 150;
/** How long the finished bar stays full before it goes (its fade in NavigationProgress.css takes as long). */
export const PROGRESS_FINISH_MS = 250;

type Phase = "hidden" | "running" | "finishing";

/**
 * A thin bar across the top of the screen while a page loads or a page form posts, once that takes longer than
 * PROGRESS_DELAY_MS; it fills and fades when the page is there. Screen readers hear "Loading page" politely. A
 * revalidation (a wallet update) or a fetcher is not a navigation and shows nothing.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("hidden");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), PROGRESS_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "finishing" : "hidden"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "finishing") return;
    const timer = setTimeout(() => setPhase("hidden"), PROGRESS_FINISH_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <>
      {phase === "hidden" ? null : (
        <div
          className={`nav-progress nav-progress--${phase}`}
          data-testid="navigation-progress"
          aria-hidden="true"
        >
          <div className="nav-progress__bar" />
        </div>
      )}
      {/* Always in the page: a live region added together with its text is often not read. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {phase === "running" ? "Loading page" : ""}
      </div>
    </>
  );
}
