/**
 * Loads routes' code one at a time, each in an idle moment of its own (ADR 054), so the warm-up never competes with
 * the page for the network or the main thread at once. Each module is asked for once; one that failed to load is
 * asked for again the next time.
 */
export function createRouteCodeQueue(
  load: (module: string) => Promise<unknown>,
  whenIdle: (run: () => void) => void,
) {
  const asked = new Set<string>();
  const waiting: string[] = [];
  let loading = false;

  function next() {
    if (loading) return;
    const module = waiting.shift();
    if (module === undefined) return;
    loading = true;
    void load(module)
      .catch(() => asked.delete(module))
      .finally(() => {
        loading = false;
        whenIdle(next);
      });
  }

  /** Queues each module not asked for yet, and starts the queue unless a module is loading. */
  return function loadEach(modules: Iterable<string>) {
    for (const module of modules) {
      if (asked.has(module)) continue;
      asked.add(module);
      waiting.push(module);
    }
    next();
  };
}

/** What Remix's manifest says of a route's files. */
export interface RouteFilesEntry {
  module?: string;
  imports?: string[];
  css?: string[];
}

/** The warm-up worker's answer about one file (`route-files.worker.ts`). */
export interface RouteFileAnswer {
  file: string;
  ok: boolean;
}

/** Puts one file in the browser's HTTP cache on the thread that calls it (the page's, or the warm-up worker's). */
export async function fetchIntoCache(file: string): Promise<void> {
  const response = await fetch(file, { priority: "low" });
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  // Read to the end: a body left unread may never be written to the cache.
  await response.arrayBuffer();
}

interface FileWorker {
  postMessage(file: string): void;
  onmessage: ((event: MessageEvent<RouteFileAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * Caches files through a dedicated worker (ADR 061), made on the first file, so the warm-up's requests and responses
 * run off the page's main thread. Where the worker cannot start (no module workers, a blocked script) or dies, every
 * file waiting and every later one is cached on the page instead (`onThePage`).
 */
export function createWorkerFileCache(
  startWorker: () => FileWorker | null,
  onThePage: (file: string) => Promise<void>,
) {
  let worker: FileWorker | null | undefined;
  const waiting = new Map<
    string,
    Array<{ resolve: () => void; reject: (error: Error) => void }>
  >();

  function giveUp() {
    worker?.terminate();
    worker = null;
    const pending = [...waiting];
    waiting.clear();
    for (const [file, parts] of pending)
      for (const part of parts) onThePage(file).then(part.resolve, part.reject);
  }

  function start(): FileWorker | null {
    if (worker !== undefined) return worker;
    try {
      worker = startWorker();
    } catch {
      worker = null;
    }
    if (worker) {
      worker.onmessage = ({ data: { file, ok } }) => {
        const parts = waiting.get(file) ?? [];
        waiting.delete(file);
        for (const part of parts)
          if (ok) part.resolve();
          else part.reject(new Error(`${file}: not cached`));
      };
      worker.onerror = giveUp;
    }
    return worker;
  }

  return (file: string): Promise<void> => {
    const to = start();
    if (!to) return onThePage(file);
    return new Promise((resolve, reject) => {
      const parts = waiting.get(file);
      if (parts) parts.push({ resolve, reject });
      else {
        waiting.set(file, [{ resolve, reject }]);
        to.postMessage(file);
      }
    });
  };
}

/**
 * Puts routes' files in the browser's HTTP cache without running them (ADR 057). The build's assets are immutable for
 * a year (`public/_headers`), so when Remix imports a route offline, the browser takes its module, the chunks it
 * imports and its stylesheets from that cache. Running the modules instead (an `import()`) cost a first visit tens of
 * milliseconds of main thread a route (zod's schemas, the game frame's module) on a fast machine, in tasks long
 * enough to hold a tap on a slow phone. `know` learns the routes of a manifest and answers their modules, the keys
 * `cache` takes; `have` names files already in the cache (the page's own); a file two routes share is fetched once,
 * and a file whose fetch failed is fetched again next time.
 */
export function createRouteFileCache(
  cacheFile: (file: string) => Promise<void>,
) {
  const filesOf = new Map<string, string[]>();
  const cached = new Set<string>();
  return {
    know: (routes: Iterable<RouteFilesEntry>): string[] => {
      const modules: string[] = [];
      for (const { module, imports = [], css = [] } of routes) {
        if (!module) continue;
        filesOf.set(module, [module, ...imports, ...css]);
        modules.push(module);
      }
      return modules;
    },
    have: (files: Iterable<string>): void => {
      for (const file of files) cached.add(file);
    },
    cache: async (module: string): Promise<void> => {
      const files = (filesOf.get(module) ?? [module]).filter(
        (file) => !cached.has(file),
      );
      await Promise.all(
        files.map(async (file) => {
          await cacheFile(file);
          cached.add(file);
        }),
      );
    },
  };
}
