// Types for scripts/lib.mjs, which stays plain JavaScript so the start scripts run without a compiler.
import type {
  ChildProcess,
  SpawnSyncOptions,
  StdioOptions,
} from "node:child_process";

export const root: string;
export function bin(name: string): string;
export const quietEnv: NodeJS.ProcessEnv;
export function run(
  command: string,
  args: string[],
  options?: SpawnSyncOptions,
): void;
export function build(): void;
export function migrateLocal(persistTo?: string): void;
export function seedIfEmpty(persistTo?: string): void;
export function startWranglerDev(options: {
  port: number;
  persistTo?: string;
  stdio?: StdioOptions;
  /** Passed as `--var NAME:value`, over wrangler.toml's [vars]. */
  vars?: Record<string, string>;
}): ChildProcess;
export function stopProcessTree(child: ChildProcess | undefined): void;
export function waitForHealthy(url: string, timeoutMs?: number): Promise<void>;
/** A `wrangler dev` for the browser tests, resolved once healthy; `stop()` ends it. */
export function startTestServer(
  options: Parameters<typeof startWranglerDev>[0],
): Promise<{ child: ChildProcess; url: string; stop(): void }>;
/** The games origin's port on this machine (ADR 039): forwards to the Worker at `target`, Host kept. */
export function startGamesOrigin(options: {
  port: number;
  target: string;
  host?: string;
}): Promise<import("node:http").Server>;
