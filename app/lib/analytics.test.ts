import { afterEach, describe, expect, it, vi } from "vitest";
import { EVENTS_PATH, track } from "./analytics";

afterEach(() => vi.unstubAllGlobals());

async function blobJson(blob: unknown): Promise<unknown> {
  return JSON.parse(await (blob as Blob).text());
}

describe("track", () => {
  it("sends the event to POST /api/events with sendBeacon", async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("window", {});
    vi.stubGlobal("navigator", { sendBeacon });
    track("SignUpOpen");
    track("LikeGame", { game: 3 });
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const calls = sendBeacon.mock.calls as unknown as Array<[string, Blob]>;
    expect(calls[0][0]).toBe(EVENTS_PATH);
    expect(await blobJson(calls[0][1])).toEqual({ name: "SignUpOpen" });
    expect(await blobJson(calls[1][1])).toEqual({
      name: "LikeGame",
      data: { game: 3 },
    });
  });

  it("falls back to fetch when there is no beacon, and ignores failures", async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("offline")));
    vi.stubGlobal("window", { location: { origin: "http://localhost" } });
    vi.stubGlobal("navigator", {});
    vi.stubGlobal("fetch", fetch);
    expect(() => track("start_game_play", { game: 1 })).not.toThrow();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [
      string,
      RequestInit,
    ];
    expect(path).toBe(EVENTS_PATH);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({
      name: "start_game_play",
      data: { game: 1 },
    });
  });

  it("also pushes to window.dataLayer when the page has one", () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal("window", { dataLayer });
    vi.stubGlobal("navigator", { sendBeacon: () => true });
    track("SignUpSuccess", { method: "email" });
    expect(dataLayer).toEqual([{ method: "email", event: "SignUpSuccess" }]);
  });

  it("does nothing without a window", () => {
    expect(() => track("SignUpOpen")).not.toThrow();
  });
});
