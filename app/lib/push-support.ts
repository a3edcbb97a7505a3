/**
 * What the shell knows of Web Push before any more of it loads (ADR 029, issue #36): whether this browser can take it,
 * and whether the in-app question was answered "Not now". Subscribing is in push.ts, loaded when it is needed.
 */

/** "dismissed": the player answered "Not now"; the question is not asked again in this browser. */
const PROMPT_KEY = "pf:push-prompt";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export function promptDismissed(): boolean {
  try {
    return localStorage.getItem(PROMPT_KEY) === "dismissed";
  } catch {
    return false;
  }
}

export function dismissPrompt(): void {
  try {
    localStorage.setItem(PROMPT_KEY, "dismissed");
  } catch {
    // Storage blocked: the question may come back on another page load, which is only a nuisance.
  }
}
