/**
 * Loads route modules one at a time, each in an idle moment of its own (ADR 054): running every linked route's code
 * at once (zod's schemas, the game frame's) held the main thread for hundreds of milliseconds on a slow phone, right
 * when its first taps come. Each module is asked for once; one that failed to load is asked for again the next time.
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
