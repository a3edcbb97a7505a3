import { MAX_MOVES, createTimeline, type Move } from "#contract/moves";
import { RUN_MESSAGES } from "#contract/runs";
import { registry } from "../../games/registry";
import { LogError, decodeLog } from "../../games/shared/input-log";
import { inhumanInput } from "../../games/shared/log-limits";
import { type Turn, recordedDealer } from "../../games/shared/dealer";
import { replay } from "../../games/shared/round";
import { STEP } from "../../games/shared/sim";
import { ApiError } from "./errors";

/** What the server learned by replaying a round: the score it really made, and how it got there. */
export interface VerifiedRound {
  score: number;
  steps: number;
  /** The ranked value over time, from the replay: what bots and live views show. */
  moves: Move[];
}

/** What a round of a game that hides information is replayed with: its hidden seed and the cards the server revealed. */
export interface HiddenDeal {
  seed: number;
  turns: Turn[];
}

/** A round the server does not believe: a 422 that says why. */
export const scoreRefused = (message: string) =>
  new ApiError(422, "score_refused", message);
const refused = scoreRefused;

/** True for the games whose rules the server holds: their scores are believed only by replay. */
export const isReplayable = (slug: string) => Object.hasOwn(registry, slug);

/** A 32-bit seed for a new play session, from the platform's CSPRNG: the player cannot choose it. */
export function dealSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * Replays a round of one of our games from the seed its session was dealt and the input log the player sent, and
 * returns what the replay scored. `maxSteps` bounds the work: a log cannot last longer than its session did.
 * A log that cannot be read, or that goes on after the round ended, is a 422; so is a claimed score that differs.
 */
export function verifyRound(
  slug: string,
  seed: number,
  text: string,
  claimed: number,
  maxSteps: number,
  hidden?: HiddenDeal,
): VerifiedRound {
  const rules = registry[slug];
  if (!rules) throw refused(RUN_MESSAGES.needsLog);
  // Hidden information comes only from the server's record of what it revealed, never from the public seed.
  if (rules.dealer && !hidden) throw refused(RUN_MESSAGES.noSeed);
  const dealer =
    rules.dealer &&
    hidden &&
    recordedDealer(rules.dealer(hidden.seed), hidden.turns, () =>
      refused(RUN_MESSAGES.mismatch),
    );
  let result;
  try {
    const log = decodeLog(text);
    if (log.steps > maxSteps) throw refused(RUN_MESSAGES.tooManySteps);
    // A log no person could have made is refused before the game runs a step of it.
    const inhuman = inhumanInput(log);
    if (inhuman) throw refused(`${RUN_MESSAGES.inhuman}: ${inhuman}`);
    result = replay(rules, seed, log, dealer);
    dealer?.finish();
  } catch (error) {
    if (error instanceof LogError)
      throw refused(`${RUN_MESSAGES.unreadable}: ${error.message}`);
    throw error;
  }
  if (result.score !== claimed) throw refused(RUN_MESSAGES.mismatch);
  return {
    score: result.score,
    steps: result.steps,
    moves: timelineOf(result.moves, result.steps, result.score),
  };
}

/** The replay's changes of score as the SPEC.md §3 timeline (ms since the round began), thinned to MAX_MOVES. */
function timelineOf(
  changes: Array<{ step: number; score: number }>,
  steps: number,
  score: number,
): Move[] {
  const timeline = createTimeline(MAX_MOVES);
  timeline.record(0, 0);
  for (const change of changes)
    timeline.record(change.step * STEP * 1000, change.score);
  return timeline.moves(score, steps * STEP * 1000);
}
