import {
  CreateChallengeSchema,
  SubmitChallengeSchema,
} from "#contract/challenges";
import type { Db } from "../db/client";
import { acceptChallenge, declineChallenge } from "./challenges/answer";
import { createChallenge } from "./challenges/create";
import { expireDue } from "./challenges/expiry";
import { allChallenges, openTargets } from "./challenges/reads";
import {
  bindNewestRound,
  boundTo,
  settleAbandoned,
  settleWithRound,
  submitChallenge,
  type ChallengeRound,
} from "./challenges/settle";
import {
  visibleTo,
  type ChallengeDeps,
  type Pushed,
} from "./challenges/shared";
import { parseInput } from "./parse";

export type { Statement } from "./challenges/shared";

/**
 * SPEC.md §4 Challenge with real coins. Each step that moves coins is one D1 batch: a conditional write of the
 * challenge that stamps it with a fresh random `claim`, then ledger rows inserted only where the challenge carries
 * that claim. A request that loses a race (or repeats) stamps nothing and so moves nothing; a ledger row that would
 * take a balance below zero aborts its whole batch (users' CHECK), challenge row included. Each use case is a module
 * in `challenges/`; this only hands them their dependencies.
 */
export function createChallengeService(db: Db, notifications: Pushed) {
  const deps: ChallengeDeps = { db, notifications };
  return {
    view: (id: number, callerId: number) => visibleTo(db, id, callerId),
    openTargets: (callerId: number, gameId: number) =>
      openTargets(db, callerId, gameId),
    create: (callerId: number, input: unknown, now = Date.now()) =>
      createChallenge(
        deps,
        callerId,
        parseInput(CreateChallengeSchema, input),
        now,
      ),
    accept: (callerId: number, id: number, now = Date.now()) =>
      acceptChallenge(deps, callerId, id, now),
    decline: (callerId: number, id: number, now = Date.now()) =>
      declineChallenge(deps, callerId, id, now),
    submit: (callerId: number, input: unknown, now = Date.now()) =>
      submitChallenge(
        deps,
        callerId,
        parseInput(SubmitChallengeSchema, input),
        now,
      ),
    settleWithRound: (
      callerId: number,
      challengeId: number,
      round: ChallengeRound,
      now = Date.now(),
    ) => settleWithRound(deps, callerId, challengeId, round, now),
    all: (callerId: number, now = Date.now()) =>
      allChallenges(db, callerId, now),
    bindNewestRound: (userId: number, gameId: number) =>
      bindNewestRound(db, userId, gameId),
    boundTo: (statsId: number) => boundTo(db, statsId),
    settleAbandoned: (
      now = Date.now(),
      scope: { userId: number } | null = null,
      graceSeconds = 15,
    ) => settleAbandoned(deps, now, scope, graceSeconds),
    expireDue: (
      now = Date.now(),
      scope: { userId: number } | { challengeId: number } | null = null,
    ) => expireDue(deps, now, scope),
    /** A deleted account's open challenges end now and their stakes go back, as expiry returns them. */
    refundOnLeave: (userId: number, now = Date.now()) =>
      expireDue(deps, now, { leavingUserId: userId }),
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
