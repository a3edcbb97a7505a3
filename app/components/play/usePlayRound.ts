import { useCallback, useEffect, useRef, useState } from "react";
import { randomSeed, type GamePlayer } from "~/lib/game-bridge";
import { clockState } from "~/lib/play";
import { isOnline } from "~/lib/network";
import { createTimeline } from "#contract/moves";
import type { MatchMode } from "./useMatchMode";
import type { PlaySessionHandle } from "./usePlaySession";
import type { Phase, RoundRefs } from "./round";

interface RoundOptions {
  game: { maximum_game_time: number; timed: boolean };
  /** Our own games end their rounds themselves (their fixed-step clock) and send the input log the server replays. */
  ownGame: boolean;
  phase: Phase;
  setPhase: (phase: Phase) => void;
  round: RoundRefs;
  match: Pick<MatchMode, "mode" | "fixedSeed">;
  session: PlaySessionHandle;
  player: GamePlayer | null;
  /** An ad break before a round after the first (`allowed`: not in a match), or null when there is none. */
  beforeRound: (allowed: boolean) => Promise<unknown> | null;
  /** The room has not answered a reload yet: no round begins before it does. */
  rejoining: boolean;
  /** The game is ready, the splash is over and the player is still in the match: the first round may start. */
  canStart: boolean;
  /** A player's round, once over: its score goes to the server. */
  submitRound: (finalScore: number, log: string | null) => Promise<void>;
  /** A visitor's round, once over: whether the server keeps it for the account they make. */
  finishVisitor: (finalScore: number, log: string | null) => Promise<unknown>;
  signedIn: boolean;
}

/**
 * A round from its start to its end: its play session opened as it begins (a practice round, begun offline, opens
 * none), its seed, its clock ticking each second, and its end, from the game or from the clock.
 */
export function usePlayRound({
  game: { maximum_game_time, timed },
  ownGame,
  phase,
  setPhase,
  round,
  match: { mode, fixedSeed },
  session: { open: openSession, seed: sessionSeed },
  player,
  beforeRound,
  rejoining,
  canStart,
  submitRound,
  finishVisitor,
  signedIn,
}: RoundOptions) {
  const [score, setScore] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  /** The screen says a practice round is one; `round.practice` is for the callbacks. */
  const [practice, setPractice] = useState(false);
  const sinceStart = useCallback(() => round.clock.current.elapsed(), [round]);

  /** Whether the round about to begin is a practice round; a real one opens its play session. */
  const beginRound = useCallback(() => {
    round.practice.current = !isOnline();
    setPractice(round.practice.current);
    if (!round.practice.current) openSession();
  }, [openSession, round]);

  // SPEC.md §4: stats are registered on load (each later round opens its own), once it is known whose round it is.
  useEffect(() => {
    if (rejoining || round.openedOnLoad.current) return;
    round.openedOnLoad.current = true;
    beginRound();
  }, [beginRound, rejoining, round]);

  /** Whether a round has started on this page yet: the first one waits for its seed behind the splash. */
  const roundStarted = useRef(false);
  /** A player's round is played from the seed the server dealt its session; a visitor's from any. */
  const startRound = useCallback(async () => {
    const target = round.connection.current;
    if (!target) return;
    round.finished.current = false;
    round.lastScore.current = 0;
    round.timeline.current = createTimeline();
    round.timeline.current.record(0, 0);
    setScore(0);
    setElapsedMs(0);
    setPhase({ name: "starting", first: !roundStarted.current });
    const dealtSeed = await sessionSeed();
    const seed = dealtSeed ?? fixedSeed ?? randomSeed();
    roundStarted.current = true;
    setPhase({ name: "playing" });
    round.clock.current.start();
    // The tab went to the background while the seed was on its way: the round starts paused, as the game does.
    if (document.hidden) round.clock.current.pause();
    const resume = round.resumeLog.current;
    round.resumeLog.current = null;
    target.send({
      type: "start",
      seed,
      ...(timed ? { duration: maximum_game_time } : {}),
      ...(resume ? { resume } : {}),
      // A round the server dealt also has what a game hides dealt by it, card by card (ADR 014).
      ...(dealtSeed !== null ? { dealt: true } : {}),
      player,
    });
    target.focus();
  }, [
    sessionSeed,
    fixedSeed,
    timed,
    maximum_game_time,
    player,
    round,
    setPhase,
  ]);

  /** The round is over: a visitor sees their score; a player's goes to the server, then to the result screen. */
  const finish = useCallback(
    async (finalScore: number, log: string | null = null) => {
      if (round.finished.current) return;
      round.finished.current = true;
      round.clock.current.pause();
      round.connection.current?.send({ type: "pause" });
      setScore(finalScore);
      if (round.practice.current) {
        setPhase({ name: "practice", score: finalScore });
        return;
      }
      if (!signedIn) {
        const kept = await finishVisitor(finalScore, log);
        setPhase({ name: "over", score: finalScore, kept: kept !== null });
        return;
      }
      await submitRound(finalScore, log);
    },
    [round, setPhase, signedIn, finishVisitor, submitRound],
  );

  /** Every round after the first of the visit follows an ad break (not in a match: the opponent is playing). */
  const startingRound = useRef(false);
  const startNextRound = useCallback(() => {
    if (startingRound.current) return;
    const adBreak = beforeRound(mode !== "match");
    if (!adBreak) {
      void startRound();
      return;
    }
    startingRound.current = true;
    void adBreak.then(() => {
      startingRound.current = false;
      return startRound();
    });
  }, [beforeRound, startRound, mode]);

  const playAgain = useCallback(() => {
    beginRound();
    startNextRound();
  }, [beginRound, startNextRound]);

  useEffect(() => {
    if (phase.name === "splash" && canStart) startNextRound();
  }, [phase.name, canStart, startNextRound]);

  // The clock ticks each second; a timed round ends when the time is up, with the score so far.
  useEffect(() => {
    if (phase.name !== "playing") return;
    const tick = () => {
      const now = sinceStart();
      setElapsedMs(now);
      // Our own games end at their own time and send the log; only a timed external game is stopped by this clock.
      if (!ownGame && clockState(now, maximum_game_time, timed).timeUp)
        void finish(round.lastScore.current);
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [
    phase.name,
    sinceStart,
    maximum_game_time,
    timed,
    finish,
    ownGame,
    round,
  ]);

  return {
    score,
    setScore,
    elapsedMs,
    practice,
    sinceStart,
    finish,
    playAgain,
  };
}
