import { MAX_MOVES, createTimeline, type Move } from "#contract/moves";
import { RUN_MESSAGES } from "#contract/runs";
import { registry } from "../../games/registry";
import {
  type InputLog,
  LogError,
  decodeLog,
} from "../../games/shared/input-log";
import { inhumanInput } from "../../games/shared/log-limits";
import { type Turn, recordedDealer } from "../../games/shared/dealer";
import { type ReplayMove, startReplay } from "../../games/shared/round";
import { STEP, ranked } from "../../games/shared/sim";
import { ApiError } from "./errors";
import { PLAY_MODELS, outsideModel } from "./fair-play-model";

/** What the server learned by replaying a round: the score it really made, and how it got there. */
export interface VerifiedRound {
  score: number;
  steps: number;
  /** The ranked value over time, from the replay: what bots and live views show. */
  moves: Move[];
  /** Why the round is outside its game's fair-play model and held for review (ADR 032), or null. */
  held: string | null;
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

/** The most wall-clock time a referee spends on one round; an honest one takes 1–20 ms (ADR 015). */
const REPLAY_BUDGET_MS = 2_000;
/** Steps replayed between two looks at the clock: two seconds of play, well under a millisecond of work. */
const STEPS_PER_SLICE = 120;

/**
 * A round's input log, if it decodes, lasts no longer than `maxSteps` and is something a person could have played;
 * else a 422 that says why. Linear in the log's length, and runs no rule of the game.
 */
export function checkedLog(text: string, maxSteps: number): InputLog {
  let log;
  try {
    log = decodeLog(text);
  } catch (error) {
    if (error instanceof LogError)
      throw refused(`${RUN_MESSAGES.unreadable}: ${error.message}`);
    throw error;
  }
  if (log.steps > maxSteps) throw refused(RUN_MESSAGES.tooManySteps);
  const inhuman = inhumanInput(log);
  if (inhuman) throw refused(`${RUN_MESSAGES.inhuman}: ${inhuman}`);
  return log;
}

/** Lets the clock move: workerd's stands still while code runs and moves on at I/O, a timer included. */
const clockTick = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Replays a round of one of our games from the seed its session was dealt and the input log the player sent, and
 * returns what the replay scored. `maxSteps` bounds the log: it cannot last longer than its session did. The replay
 * looks at the clock every few steps and is stopped and refused once it has run `budgetMs`, whatever the rules do
 * with the inputs. A log that cannot be read, that no person could have made, or that goes on after the round
 * ended is a 422; so is a claimed score that differs.
 */
export async function verifyRound(
  slug: string,
  seed: number,
  text: string,
  claimed: number,
  maxSteps: number,
  {
    hidden,
    budgetMs = REPLAY_BUDGET_MS,
  }: {
    /** For a game that hides information: its hidden seed and the cards the server revealed. */
    hidden?: HiddenDeal;
    budgetMs?: number;
  } = {},
): Promise<VerifiedRound> {
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
  const log = checkedLog(text, maxSteps);
  const started = Date.now();
  let misses = 0;
  const run = startReplay(
    rules,
    seed,
    log,
    (effect) => {
      if (effect === "hit") misses++;
    },
    dealer,
  );
  const changes: ReplayMove[] = [];
  let last = ranked(run.round.sim);
  try {
    for (let step = 1; run.step(); step++) {
      const value = ranked(run.round.sim);
      if (value !== last) changes.push({ step: run.round.steps, score: value });
      last = value;
      if (step % STEPS_PER_SLICE === 0) {
        await clockTick();
        if (Date.now() - started >= budgetMs)
          throw refused(RUN_MESSAGES.overBudget);
      }
    }
    if (run.round.log().events.length !== log.events.length)
      throw new LogError("The log holds inputs this game does not take");
    // Every face the server revealed must have been turned by the replay, in order.
    dealer?.finish();
  } catch (error) {
    if (error instanceof LogError)
      throw refused(`${RUN_MESSAGES.unreadable}: ${error.message}`);
    throw error;
  }
  if (last !== claimed) throw refused(RUN_MESSAGES.mismatch);
  const { steps } = run.round;
  return {
    score: last,
    steps,
    moves: timelineOf(changes, steps, last),
    held: outsideModel(PLAY_MODELS[slug], {
      log,
      moves: changes,
      ranked: last,
      misses,
    }),
  };
}

/** The replay's changes of score as the SPEC.md §3 timeline (ms since the round began), thinned to MAX_MOVES. */
function timelineOf(
  changes: ReplayMove[],
  steps: number,
  score: number,
): Move[] {
  const timeline = createTimeline(MAX_MOVES);
  timeline.record(0, 0);
  for (const change of changes)
    timeline.record(change.step * STEP * 1000, change.score);
  return timeline.moves(score, steps * STEP * 1000);
}

/** How long the Worker waits for a referee: a replay's own budget, and room for rounds queued ahead of it. */
const REFEREE_ANSWER_MS = 10_000;

/**
 * A referee's answer, or the over-budget refusal once `ms` have passed without one: the Worker's clock runs while it
 * waits, unlike the referee's during a replay. A referee the platform stopped at its CPU limit is refused the same
 * way, a 422 for the log that cost it rather than a 500.
 */
export async function withinRefereeTime<T>(
  answer: Promise<T>,
  ms = REFEREE_ANSWER_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refused(RUN_MESSAGES.overBudget)), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } catch (error) {
    if (error instanceof Error && /exceeded CPU/i.test(error.message))
      throw refused(RUN_MESSAGES.overBudget);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
