// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GAME_READY_TIMEOUT_MS, SPLASH_MS } from "~/lib/play";
import { useGameLoad } from "./useGameLoad";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useGameLoad", () => {
  it("keeps the splash for its 2 s whether or not the game is ready sooner", () => {
    const { result } = renderHook(() => useGameLoad(true));
    act(() => {
      result.current.markReady();
    });
    expect(result.current.frameReady).toBe(true);
    expect(result.current.splashOver).toBe(false);
    act(() => {
      vi.advanceTimersByTime(SPLASH_MS);
    });
    expect(result.current.splashOver).toBe(true);
  });

  it("says a game not ready in time is slow, and Retry loads it again from the start", () => {
    const { result } = renderHook(() => useGameLoad(true));
    act(() => {
      result.current.setProgress(0.4);
    });
    act(() => {
      vi.advanceTimersByTime(GAME_READY_TIMEOUT_MS);
    });
    expect(result.current.slowLoad).toBe(true);

    act(() => {
      result.current.retryLoad();
    });
    expect(result.current).toMatchObject({
      slowLoad: false,
      progress: null,
      loadAttempt: 1,
    });
    // The new attempt gets its own full wait.
    act(() => {
      vi.advanceTimersByTime(GAME_READY_TIMEOUT_MS - 1);
    });
    expect(result.current.slowLoad).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.slowLoad).toBe(true);
  });

  it("is never slow once the game said it is ready", () => {
    const { result } = renderHook(() => useGameLoad(true));
    act(() => {
      result.current.markReady();
    });
    act(() => {
      vi.advanceTimersByTime(GAME_READY_TIMEOUT_MS);
    });
    expect(result.current.slowLoad).toBe(false);
  });

  it("loads the game again at once when the network goes while it loads, but not once it is ready", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const { result, rerender } = renderHook(
      ({ online }) => useGameLoad(online),
      { initialProps: { online: true } },
    );
    rerender({ online: false });
    expect(result.current.loadAttempt).toBe(1);

    rerender({ online: true });
    act(() => {
      result.current.markReady();
    });
    rerender({ online: false });
    expect(result.current.loadAttempt).toBe(1);
  });

  it("remembers that this device has no copy of the game", () => {
    const { result } = renderHook(() => useGameLoad(false));
    expect(result.current.unavailable).toBe(false);
    act(() => {
      result.current.markUnavailable();
    });
    expect(result.current.unavailable).toBe(true);
  });
});
