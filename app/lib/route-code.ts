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

/**
 * Puts routes' files in the browser's HTTP cache without running them (ADR 057). The build's assets are immutable for
 * a year (`public/_headers`), so when Remix imports a route offline, the browser takes its module, the chunks it
 * imports and its stylesheets from that cache. Running the modules instead (an `import()`) cost a first visit tens of
 * milliseconds of main thread a route (zod's schemas, the game frame's module) on a fast machine, in tasks long
 * enough to hold a tap on a slow phone. `know` learns the routes of a manifest and answers their modules, the keys
 * `cache` takes; a file two routes share is fetched once, and a file whose fetch failed is fetched again next time.
 */
export function createRouteFileCache(
  fetchFile: (file: string) => Promise<Response>,
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
    cache: async (module: string): Promise<void> => {
      const files = (filesOf.get(module) ?? [module]).filter(
        (file) => !cached.has(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const response = await fetchFile(file);
          if (!response.ok) throw new Error(`${file}: ${response.status}`);
          // Read to the end: a body left unread may never be written to the cache.
          await response.arrayBuffer();
          cached.add(file);
        }),
      );
    },
  };
}
