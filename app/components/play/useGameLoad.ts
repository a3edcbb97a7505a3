import { useCallback, useEffect, useRef, useState } from "react";
import { GAME_READY_TIMEOUT_MS, SPLASH_MS } from "~/lib/play";
import { isOnline } from "~/lib/network";

/**
 * The game's loading behind the splash: its progress, whether it said it is ready, and whether the splash's 2 s are
 * over. Each Retry loads the game afresh; `slowLoad`: it has not said it is ready within GAME_READY_TIMEOUT_MS.
 */
export function useGameLoad(online: boolean) {
  const [frameReady, setFrameReady] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [slowLoad, setSlowLoad] = useState(false);
  const [splashOver, setSplashOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  /** Offline, and this device has no copy of the game: it cannot be played now. */
  const [unavailable, setUnavailable] = useState(false);

  // The splash stays for its animation (SPEC.md §9: 2 s) and until the frame is ready, then the round starts.
  useEffect(() => {
    const timer = window.setTimeout(() => setSplashOver(true), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // A game that never says it is ready (it threw while loading) must not keep the player on the splash.
  useEffect(() => {
    if (frameReady) return;
    const timer = window.setTimeout(
      () => setSlowLoad(true),
      GAME_READY_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [frameReady, loadAttempt]);
  const retryLoad = useCallback(() => {
    setSlowLoad(false);
    setProgress(null);
    setLoadAttempt((attempt) => attempt + 1);
  }, []);
  // The network went while the game was still loading from it (issue #31: the splash sat at 5 % with no word): it is
  // loaded again at once, from this device's copy, or the screen says it needs a connection.
  const wasOnline = useRef(isOnline());
  useEffect(() => {
    const lost = wasOnline.current && !online;
    wasOnline.current = online;
    if (lost && !frameReady) retryLoad();
  }, [online, frameReady, retryLoad]);

  const markReady = useCallback(() => setFrameReady(true), []);
  const markUnavailable = useCallback(() => setUnavailable(true), []);
  return {
    frameReady,
    splashOver,
    progress,
    setProgress,
    loadAttempt,
    slowLoad: slowLoad && !frameReady,
    unavailable,
    markReady,
    markUnavailable,
    retryLoad,
  };
}

export type GameLoad = ReturnType<typeof useGameLoad>;
