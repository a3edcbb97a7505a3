// Types for the parts of lighthouse.mjs that TypeScript benches use.
export interface LighthouseRow {
  path: string;
  score: number;
  accessibility: number;
  accessibilityMisses: string[];
  fcp: number;
  lcp: number;
  speedIndex: number;
  blocking: number;
  shift: number;
  transferred: number;
  scriptBytes: number;
  /** Scripts requested before the load event (before interaction), transfer sizes. */
  scriptBytesBeforeLoad: number;
  /** Main-thread script time over the trace, at the simulated CPU slowdown. */
  scriptMs: number;
  /** The performance score of every run; the row's figures are the median run's. */
  runScores: number[];
}
export const CHROME: string;
export const CHROME_FLAGS: string[];
export function lighthouseRun(
  base: string,
  paths: string[],
): Promise<LighthouseRow[] | null>;
