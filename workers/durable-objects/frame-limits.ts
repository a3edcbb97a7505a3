/**
 * A sliding-window counter for what one user sends on their sockets. It lives in the user's own UserHub, which every
 * frame of theirs passes through, so the count is exact without a shared store. A hub only sleeps when its sockets are
 * quiet, so a flood never finds the count reset.
 */
export class WindowLimit {
  private readonly times: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one more now, or says how many milliseconds until one is allowed again. */
  take(now = Date.now()): { ok: true } | { ok: false; retryAfterMs: number } {
    while (this.times.length > 0 && this.times[0] <= now - this.windowMs)
      this.times.shift();
    if (this.times.length >= this.limit)
      return { ok: false, retryAfterMs: this.times[0] + this.windowMs - now };
    this.times.push(now);
    return { ok: true };
  }
}

/** Far above anybody typing by hand (two messages a second for half a minute), far below a script. */
export const CHAT_MESSAGE_LIMIT = { limit: 60, windowMs: 30_000 } as const;
/** The browser sends a typing note at most once a second (SPEC.md §9); bursts beyond a few a second are dropped. */
export const TYPING_NOTE_LIMIT = { limit: 5, windowMs: 5_000 } as const;

export function tooFastMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}
