import { useCallback, useEffect, useReducer, useRef } from "react";
import type { BridgeTraffic } from "~/lib/game-bridge";
import {
  initialInspectorState,
  inspectorReducer,
  type FrameSize,
} from "~/lib/inspector";

/**
 * The inspector's state for one game frame: hand `onTraffic` to GameFrame, and `measure` to the size toggle. Times
 * count from when the hook mounted, which is when the frame starts loading the game.
 */
export function useInspector() {
  const [state, dispatch] = useReducer(
    inspectorReducer,
    undefined,
    initialInspectorState,
  );
  const startedAt = useRef<number | null>(null);
  useEffect(() => {
    startedAt.current ??= performance.now();
  }, []);
  const onTraffic = useCallback((traffic: BridgeTraffic) => {
    const now = performance.now();
    startedAt.current ??= now;
    dispatch({ kind: "traffic", traffic, at: now - startedAt.current });
  }, []);
  const measure = useCallback(
    (size: FrameSize | null) => dispatch({ kind: "measure", size }),
    [],
  );
  return { state, onTraffic, measure };
}
