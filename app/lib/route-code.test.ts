import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fetchIntoCache,
  createRouteCodeQueue,
  createRouteFileCache,
  createWorkerFileCache,
} from "./route-code";

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
    const files = createRouteFileCache((file) => {
      fetched.push(file);
      return failing.has(file)
        ? Promise.reject(new Error(`${file}: 503`))
        : Promise.resolve();
    });
    return { files, fetched };
  }

  it("caches a route's module, the chunks it imports and its stylesheets", async () => {
    const { files, fetched } = harness();
    const modules = files.know([
      { module: "/detail.js", imports: ["/zod.js"], css: ["/detail.css"] },
      { imports: ["/lost.js"] },
    ]);
    expect(modules).toEqual(["/detail.js"]);
    await files.cache("/detail.js");
    expect(fetched).toEqual(["/detail.js", "/zod.js", "/detail.css"]);
  });

  it("fetches a chunk two routes share once, and none the page already has", async () => {
    const { files, fetched } = harness();
    files.know([
      { module: "/detail.js", imports: ["/zod.js"] },
      { module: "/play.js", imports: ["/zod.js", "/frame.js", "/entry.js"] },
      { module: "/home.js", imports: ["/entry.js"] },
    ]);
    files.have(["/home.js", "/entry.js"]);
    await files.cache("/detail.js");
    await files.cache("/play.js");
    await files.cache("/home.js");
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

describe("fetchIntoCache", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(status: number) {
    const read: string[] = [];
    const asked: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal("fetch", (file: string, init?: RequestInit) => {
      asked.push([file, init]);
      const response = new Response(file, { status });
      const arrayBuffer = response.arrayBuffer.bind(response);
      response.arrayBuffer = () => {
        read.push(file);
        return arrayBuffer();
      };
      return Promise.resolve(response);
    });
    return { read, asked };
  }

  it("fetches at low priority and reads the body to the end", async () => {
    const { read, asked } = stubFetch(200);
    await fetchIntoCache("/detail.js");
    expect(asked).toEqual([["/detail.js", { priority: "low" }]]);
    expect(read).toEqual(["/detail.js"]);
  });

  it("fails on an answer that is not ok", async () => {
    stubFetch(503);
    await expect(fetchIntoCache("/zod.js")).rejects.toThrow("/zod.js: 503");
  });
});

describe("createWorkerFileCache", () => {
  /** A worker the test answers by hand. */
  function fakeWorker() {
    const posted: string[] = [];
    let terminated = false;
    const worker = {
      onmessage: null as
        ((event: MessageEvent<{ file: string; ok: boolean }>) => void) | null,
      onerror: null as ((event: ErrorEvent) => void) | null,
      postMessage: (file: string) => posted.push(file),
      terminate: () => {
        terminated = true;
      },
    };
    const answer = (file: string, ok: boolean) =>
      worker.onmessage?.(new MessageEvent("message", { data: { file, ok } }));
    return { worker, posted, answer, terminated: () => terminated };
  }

  it("starts the worker on the first file, posts each file once and settles every caller with its answer", async () => {
    const { worker, posted, answer } = fakeWorker();
    let started = 0;
    const onThePage = vi.fn(() => Promise.resolve());
    const cache = createWorkerFileCache(() => {
      started++;
      return worker;
    }, onThePage);
    expect(started).toBe(0);
    const first = cache("/a.js");
    const again = cache("/a.js");
    const other = cache("/b.js");
    expect(started).toBe(1);
    expect(posted).toEqual(["/a.js", "/b.js"]);
    answer("/a.js", true);
    answer("/b.js", false);
    await expect(first).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
    await expect(other).rejects.toThrow("/b.js: not cached");
    expect(onThePage).not.toHaveBeenCalled();
  });

  it("caches on the page what waits and what comes later when the worker fails", async () => {
    const { worker, posted, terminated } = fakeWorker();
    const onThePage = vi.fn(() => Promise.resolve());
    const cache = createWorkerFileCache(() => worker, onThePage);
    const waiting = cache("/a.js");
    worker.onerror?.(new Event("error") as ErrorEvent);
    await expect(waiting).resolves.toBeUndefined();
    await cache("/b.js");
    expect(posted).toEqual(["/a.js"]);
    expect(onThePage.mock.calls).toEqual([["/a.js"], ["/b.js"]]);
    expect(terminated()).toBe(true);
  });

  it("caches on the page where no worker can start", async () => {
    const onThePage = vi.fn(() => Promise.resolve());
    const cache = createWorkerFileCache(() => {
      throw new Error("SecurityError");
    }, onThePage);
    await cache("/a.js");
    const none = createWorkerFileCache(() => null, onThePage);
    await none("/b.js");
    expect(onThePage.mock.calls).toEqual([["/a.js"], ["/b.js"]]);
  });
});
