import { useMemo, useRef } from "react";
import type { GameConnection } from "~/lib/game-bridge";
import { createPlayClock, type PlayClock } from "~/lib/play-clock";
import { createTimeline, type Timeline } from "#contract/moves";

/** Where the play screen's round is. */
export type Phase =
  | { name: "splash" }
  /**
   * The round is asked for and waits for its seed (a player's from the server, one request away): the game does not
   * move yet, and the screen says so rather than look like a round that ignores the keys. `first`: the splash stays.
   */
  | { name: "starting"; first: boolean }
  | { name: "playing" }
  /** The round's submission is on its way; `offline` once a try failed for want of a network (it keeps trying). */
  | { name: "saving"; score: number; offline: boolean }
  /** A visitor's round: `kept` when the server holds it for the account they sign up for or log in to. */
  | { name: "over"; score: number; kept: boolean }
  /** A practice round, begun offline: nothing is sent, nothing counts (ADR 018). */
  | { name: "practice"; score: number }
  /** A match: this player is done, the opponent is still playing. */
  | { name: "waitingOpponent"; score: number }
  | { name: "failed"; score: number; message: string };

/**
 * What the play screen's hooks share about the round in progress, read and written from event handlers and timers
 * (never rendered), so each hook sees the latest without waiting for a render.
 */
export interface RoundRefs {
  /** The game's bridge, once the game said it is ready. */
  connection: React.MutableRefObject<GameConnection | null>;
  clock: React.MutableRefObject<PlayClock>;
  /** The round is over (or left): nothing more is counted or sent for it. */
  finished: React.MutableRefObject<boolean>;
  lastScore: React.MutableRefObject<number>;
  timeline: React.MutableRefObject<Timeline>;
  /** A round begun without a network is a practice round (ADR 018), decided as each round begins. */
  practice: React.MutableRefObject<boolean>;
  /** The input log to carry the round on from, when a reload in a match found one kept. */
  resumeLog: React.MutableRefObject<string | null>;
  /** The first round's session was opened (or adopted after a reload) as the page loaded. */
  openedOnLoad: React.MutableRefObject<boolean>;
}

export function useRoundRefs(): RoundRefs {
  const connection = useRef<GameConnection | null>(null);
  const clock = useRef<PlayClock>(createPlayClock());
  const finished = useRef(false);
  const lastScore = useRef(0);
  const timeline = useRef<Timeline>(createTimeline());
  const practice = useRef(false);
  const resumeLog = useRef<string | null>(null);
  const openedOnLoad = useRef(false);
  return useMemo(
    () => ({
      connection,
      clock,
      finished,
      lastScore,
      timeline,
      practice,
      resumeLog,
      openedOnLoad,
    }),
    [],
  );
}
