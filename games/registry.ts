import type { Rules } from "./shared/sim";
import { rules as snake } from "./snake/sim";

/**
 * The rules of every own game, by slug: what the Worker replays to verify a round, and what the
 * scripts record fixtures and benchmarks with. A game not listed here cannot be replayed.
 */
export const registry: Readonly<Record<string, Rules>> = {
  snake,
};
