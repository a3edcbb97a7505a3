/**
 * The play screen's clock: the time a round has been played, which stands still while the round is paused (the
 * exit question, a hidden tab, an ad) and while the game says its gameplay is stopped (a menu, its game-over screen),
 * like the game's own fixed-step clock. It is the play session's play time (issue #19: a portal game's
 * `gameplayStart`/`gameplayStop` reach the play session through it).
 */
export interface PlayClock {
  /** True once a round has started. */
  readonly started: boolean;
  start(): void;
  pause(): void;
  resume(): void;
  /**
   * The game says its gameplay started or stopped. Time before a round's first report counts (a game that never
   * reports is timed from the round's start to its end), except that a round's first `gameplay_start` drops it: that
   * was the game's own menu, before its Play button.
   */
  gameplay(on: boolean): void;
  /** Milliseconds played, pauses and stopped gameplay left out; 0 before the start. */
  elapsed(): number;
}

export function createPlayClock(now: () => number = Date.now): PlayClock {
  let played = 0;
  /** When the clock last began to run; null while it stands still. */
  let since: number | null = null;
  let started = false;
  let paused = false;
  let gameplayOff = false;
  let gameplayReported = false;
  /** Runs exactly while a round is on and nothing holds it. */
  const settle = () => {
    const running = started && !paused && !gameplayOff;
    if (running && since === null) since = now();
    else if (!running && since !== null) {
      played += now() - since;
      since = null;
    }
  };
  return {
    get started() {
      return started;
    },
    start() {
      played = 0;
      since = null;
      started = true;
      paused = false;
      gameplayOff = false;
      gameplayReported = false;
      settle();
    },
    pause() {
      paused = true;
      settle();
    },
    resume() {
      paused = false;
      settle();
    },
    gameplay(on) {
      if (!started) return;
      if (on && !gameplayReported) {
        played = 0;
        if (since !== null) since = now();
      }
      gameplayReported = true;
      gameplayOff = !on;
      settle();
    },
    elapsed() {
      return played + (since === null ? 0 : now() - since);
    },
  };
}
