// Types for scripts/games-lib.mjs, which stays plain JavaScript so the scripts run without a compiler.
import type { InputLog } from "../games/shared/input-log";
import type { ReplayResult, Round } from "../games/shared/round";
import type { Rules } from "../games/shared/sim";

export const root: string;
export function simulatedSlugs(): string[];
export function loadGames(): Promise<{
  games: Array<{
    slug: string;
    rules: Rules;
    meta: { maximum_game_time: number } & Record<string, unknown>;
  }>;
  registry: Record<string, Rules>;
  encodeLog: (log: InputLog) => string;
  decodeLog: (text: string) => InputLog;
  startRound: (rules: Rules, seed: number) => Round;
  replay: (rules: Rules, seed: number, log: InputLog) => ReplayResult;
  /** games/shared/hostile-logs.ts: throws for a game without a hostile plan. */
  hostileLog: (rules: Rules, seed: number, maxSteps: number) => InputLog;
}>;
