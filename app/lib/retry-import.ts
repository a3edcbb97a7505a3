export interface RetryImportOptions {
  /** SPEC.md §4: the editor's script is tried again every second until it loads. */
  intervalMs?: number;
  /** SPEC.md §8: after 120 s of failures the load fails with a ChunkLoadError. */
  timeoutMs?: number;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Loads a lazily imported module, trying again every `intervalMs` while the network fails, for up to `timeoutMs`. */
export async function retryImport<T>(
  load: () => Promise<T>,
  options: RetryImportOptions = {},
): Promise<T> {
  const {
    intervalMs = 1000,
    timeoutMs = 120_000,
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now = Date.now,
  } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (now() + intervalMs > deadline) {
        const failure = new Error(
          `The script could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        );
        failure.name = "ChunkLoadError";
        throw failure;
      }
      await wait(intervalMs);
    }
  }
}
