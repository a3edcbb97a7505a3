/**
 * The play screen's clock: the time a round has been played, which stands still while the round is paused (the
 * exit question, a hidden tab), like the game's own fixed-step clock.
 */
export interface PlayClock {
  /** True once a round has started. */
  readonly started: boolean;
  start(): void;
  pause(): void;
  resume(): void;
  /** Milliseconds played, pauses left out; 0 before the start. */
  elapsed(): number;
}

export function createPlayClock(now: () => number = Date.now): PlayClock {
  let played = 0;
  let since: number | null = null;
  let started = false;
  return {
    get started() {
      return started;
    },
    start() {
      played = 0;
      since = now();
      started = true;
    },
    pause() {
      if (since === null) return;
      played += now() - since;
      since = null;
    },
    resume() {
      if (started && since === null) since = now();
    },
    elapsed() {
      return played + (since === null ? 0 : now() - since);
    },
  };
}
