import { describe, expect, it } from "vitest";
import { retryImport } from "./retry-import";

/** A clock that only moves when the code under test waits. */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  return {
    now: () => time,
    wait: async (ms: number) => void (waits.push(ms), (time += ms)),
    waits,
  };
}

describe("retryImport", () => {
  it("tries again every second until the module loads", async () => {
    const clock = fakeClock();
    let calls = 0;
    const module = await retryImport(async () => {
      calls += 1;
      if (calls < 4)
        throw new TypeError("Failed to fetch dynamically imported module");
      return { BlogEditor: "loaded" };
    }, clock);
    expect(module).toEqual({ BlogEditor: "loaded" });
    expect(calls).toBe(4);
    expect(clock.waits).toEqual([1000, 1000, 1000]);
  });

  it("gives up with a ChunkLoadError after 120 s of failures", async () => {
    const clock = fakeClock();
    let calls = 0;
    const failing = retryImport(async () => {
      calls += 1;
      throw new TypeError("offline");
    }, clock);
    await expect(failing).rejects.toMatchObject({
      name: "ChunkLoadError",
      message: "The script could not be loaded: offline",
    });
    expect(clock.now()).toBe(120_000);
    expect(calls).toBe(121);
  });
});
