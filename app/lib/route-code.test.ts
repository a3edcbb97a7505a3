import { describe, expect, it } from "vitest";
import { createRouteCodeQueue, createRouteFileCache } from "./route-code";

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

describe("createRouteFileCache", () => {
  function harness(failing = new Set<string>()) {
    const fetched: string[] = [];
    const read: string[] = [];
    const files = createRouteFileCache((file) => {
      fetched.push(file);
      const response = new Response(file, {
        status: failing.has(file) ? 503 : 200,
      });
      const arrayBuffer = response.arrayBuffer.bind(response);
      response.arrayBuffer = () => {
        read.push(file);
        return arrayBuffer();
      };
      return Promise.resolve(response);
    });
    return { files, fetched, read };
  }

  it("fetches a route's module, the chunks it imports and its stylesheets, reading each to the end", async () => {
    const { files, fetched, read } = harness();
    const modules = files.know([
      { module: "/detail.js", imports: ["/zod.js"], css: ["/detail.css"] },
      { imports: ["/lost.js"] },
    ]);
    expect(modules).toEqual(["/detail.js"]);
    await files.cache("/detail.js");
    expect(fetched).toEqual(["/detail.js", "/zod.js", "/detail.css"]);
    expect(read).toEqual(fetched);
  });

  it("fetches a chunk two routes share once", async () => {
    const { files, fetched } = harness();
    files.know([
      { module: "/detail.js", imports: ["/zod.js"] },
      { module: "/play.js", imports: ["/zod.js", "/frame.js"] },
    ]);
    await files.cache("/detail.js");
    await files.cache("/play.js");
    expect(fetched).toEqual(["/detail.js", "/zod.js", "/play.js", "/frame.js"]);
  });

  it("fails when a file could not be fetched, and fetches only that one again next time", async () => {
    const failing = new Set(["/zod.js"]);
    const { files, fetched } = harness(failing);
    files.know([{ module: "/detail.js", imports: ["/zod.js"] }]);
    await expect(files.cache("/detail.js")).rejects.toThrow("/zod.js: 503");
    failing.clear();
    await files.cache("/detail.js");
    expect(fetched).toEqual(["/detail.js", "/zod.js", "/zod.js"]);
  });
});
