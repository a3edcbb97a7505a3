// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { guardStylePreloads } from "./style-preloads";

/** A link as Remix adds one while it holds a navigation for a stylesheet (its prefetchStyleLink). */
function remixPreload(href: string) {
  const link = document.createElement("link");
  Object.assign(link, { rel: "preload", as: "style", href });
  let settled = "";
  link.onload = () => (settled = "load");
  link.onerror = () => (settled = "error");
  return { link, settled: () => settled };
}

/** MutationObserver callbacks run as microtasks. */
const observed = () =>
  new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

describe("guardStylePreloads", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = "";
  });

  it("lets a navigation go on when a stylesheet's preload stalls", async () => {
    vi.useFakeTimers();
    const stop = guardStylePreloads(document.head, 5000);
    const stalled = remixPreload("/assets/Leaderboard.css");
    document.head.appendChild(stalled.link);
    await observed();
    vi.advanceTimersByTime(4999);
    expect(stalled.settled()).toBe("");
    vi.advanceTimersByTime(1);
    expect(stalled.settled()).toBe("error");
    stop();
  });

  it("leaves a preload that loads in time, and links that are not style preloads, alone", async () => {
    vi.useFakeTimers();
    const stop = guardStylePreloads(document.head, 5000);
    const loaded = remixPreload("/assets/result.css");
    const script = document.createElement("link");
    Object.assign(script, { rel: "modulepreload", href: "/assets/result.js" });
    let scriptErrors = 0;
    script.onerror = () => scriptErrors++;
    document.head.appendChild(loaded.link);
    document.head.appendChild(script);
    await observed();
    loaded.link.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(10_000);
    expect(loaded.settled()).toBe("load");
    expect(scriptErrors).toBe(0);
    stop();
  });
});
