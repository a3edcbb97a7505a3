// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRouteCodeLoaded, useServiceWorker } from "./service-worker";

const register = vi.fn(() => Promise.resolve());
const postMessage = vi.fn();

beforeEach(() => {
  // The hook does nothing under the dev server; this is the built app.
  vi.stubEnv("DEV", false);
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { register, ready: Promise.resolve({ active: { postMessage } }) },
  });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("useServiceWorker", () => {
  it("registers /sw.js for the whole site once the page has loaded", async () => {
    renderHook(() => useServiceWorker(null));
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" }),
    );
  });

  it("asks the worker to keep its pages afresh when the signed-in player changes, and only then", async () => {
    const { rerender } = renderHook(
      ({ viewerId }: { viewerId: number | null }) => useServiceWorker(viewerId),
      { initialProps: { viewerId: null as number | null } },
    );
    rerender({ viewerId: null });
    await Promise.resolve();
    expect(postMessage).not.toHaveBeenCalled();

    rerender({ viewerId: 7 });
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith({ type: "forget-pages" }),
    );
    rerender({ viewerId: null });
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(2));
  });

  it("remembers the player across page loads: the same player on the next load drops nothing", async () => {
    renderHook(() => useServiceWorker(7)).unmount();
    renderHook(() => useServiceWorker(7));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe("useRouteCodeLoaded", () => {
  it("loads the links' route code while idle once the page settles, and asks again for routes learnt late", async () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    const { rerender } = renderHook(({ page }) => useRouteCodeLoaded(page), {
      initialProps: { page: "first" },
    });
    await waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
    // The next page in the app asks for its links' code at once (the first page's later asks go with it).
    rerender({ page: "second" });
    await waitFor(() => expect(idle).toHaveBeenCalledTimes(2));
    // Asked again later, for the routes a slow link made Remix learn late.
    await waitFor(() => expect(idle).toHaveBeenCalledTimes(3), {
      timeout: 3_000,
    });
    vi.unstubAllGlobals();
  });
});
