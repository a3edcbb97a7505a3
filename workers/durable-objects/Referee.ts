import { DurableObject } from "cloudflare:workers";
import { ApiError } from "../services/errors";
import {
  type HiddenDeal,
  type VerifiedRound,
  verifyRound,
} from "../services/replay";

/** What a referee answers: the verified round, or why the round was refused (a 422 for the player). */
export type Verdict =
  { ok: true; round: VerifiedRound } | { ok: false; message: string };

/**
 * Replays rounds of our games away from the request that submitted them (ADR 015). A replay costs up to tens of
 * milliseconds of CPU on a busy isolate, more than the Workers Free plan's 10 ms a request, while a Durable Object
 * request may use 30 s. Referees keep no state: any instance can judge any round, so the Worker spreads rounds
 * over a few of them (`referee:{slug}:{shard}`) and a busy game never queues behind one object. A replay stops at
 * its time budget (`REPLAY_BUDGET_MS`, or `budgetMs`) and is refused.
 */
export class Referee extends DurableObject<Env> {
  async judge(
    slug: string,
    seed: number,
    log: string,
    claimed: number,
    maxSteps: number,
    hidden?: HiddenDeal,
    budgetMs?: number,
  ): Promise<Verdict> {
    try {
      return {
        ok: true,
        round: await verifyRound(slug, seed, log, claimed, maxSteps, {
          hidden,
          budgetMs,
        }),
      };
    } catch (error) {
      // A refusal crosses back as data: an Error thrown over RPC would lose its status and code.
      if (error instanceof ApiError && error.status === 422)
        return { ok: false, message: error.message };
      throw error;
    }
  }
}
