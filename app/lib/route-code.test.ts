import { describe, expect, it } from "vitest";
import { createRouteCodeQueue } from "./route-code";

/** A loader whose loads settle when the test says, and an idle queue the test runs by hand. */
function harness() {
  const started: string[] = [];
  const settle = new Map<string, { ok: () => void; fail: () => void }>();
  const idle: Array<() => void> = [];
  const loadEach = createRouteCodeQueue(
    (module) =>
      new Promise<void>((resolve, reject) => {
        started.push(module);
        settle.set(module, { ok: resolve, fail: () => reject(new Error()) });
      }),
    (run) => idle.push(run),
  );
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { started, settle, idle, loadEach, flush };
}

describe("createRouteCodeQueue", () => {
  it("loads one module at a time, the next in an idle moment after the last has loaded", async () => {
    const { started, settle, idle, loadEach, flush } = harness();
    loadEach(["/a.js", "/b.js", "/c.js"]);
    expect(started).toEqual(["/a.js"]);
    settle.get("/a.js")!.ok();
    await flush();
    // Loaded, but the next waits for the browser to be idle.
    expect(started).toEqual(["/a.js"]);
    idle.shift()!();
    expect(started).toEqual(["/a.js", "/b.js"]);
    // Asked again meanwhile: what is queued or loaded is not queued twice.
    loadEach(["/a.js", "/b.js", "/c.js", "/d.js"]);
    expect(started).toEqual(["/a.js", "/b.js"]);
    settle.get("/b.js")!.ok();
    await flush();
    idle.shift()!();
    settle.get("/c.js")!.ok();
    await flush();
    idle.shift()!();
    expect(started).toEqual(["/a.js", "/b.js", "/c.js", "/d.js"]);
  });

  it("goes on past a module that failed, and asks for it again the next time", async () => {
    const { started, settle, idle, loadEach, flush } = harness();
    loadEach(["/a.js", "/b.js"]);
    settle.get("/a.js")!.fail();
    await flush();
    idle.shift()!();
    expect(started).toEqual(["/a.js", "/b.js"]);
    settle.get("/b.js")!.ok();
    await flush();
    idle.shift()!();
    loadEach(["/a.js", "/b.js"]);
    expect(started).toEqual(["/a.js", "/b.js", "/a.js"]);
  });
});
