import type { Rules } from "./shared/sim";
import { rules as brickBreaker } from "./brick-breaker/sim";
import { rules as bubblePop } from "./bubble-pop/sim";
import { rules as colorFlood } from "./color-flood/sim";
import { rules as dashRunner } from "./dash-runner/sim";
import { rules as fruitCatch } from "./fruit-catch/sim";
import { rules as memoryMatch } from "./memory-match/sim";
import { rules as mergeTiles } from "./merge-tiles/sim";
import { rules as moleMash } from "./mole-mash/sim";
import { rules as skyHopper } from "./sky-hopper/sim";
import { rules as snake } from "./snake/sim";
import { rules as starDodger } from "./star-dodger/sim";
import { rules as towerStack } from "./tower-stack/sim";

/**
 * The rules of every own game, by slug: what the Worker replays to verify a round, and what the scripts record
 * fixtures and benchmarks with. A game not listed here cannot be replayed.
 */
export const registry: Readonly<Record<string, Rules>> = {
  "brick-breaker": brickBreaker,
  "bubble-pop": bubblePop,
  "color-flood": colorFlood,
  "dash-runner": dashRunner,
  "fruit-catch": fruitCatch,
  "memory-match": memoryMatch,
  "merge-tiles": mergeTiles,
  "mole-mash": moleMash,
  "sky-hopper": skyHopper,
  snake,
  "star-dodger": starDodger,
  "tower-stack": towerStack,
};
