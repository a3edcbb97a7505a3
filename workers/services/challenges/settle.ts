import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { ChallengeOutcome, ChallengeView } from "#contract/coins";
import { CHALLENGE_ROUND_MESSAGE } from "#contract/runs";
import type { Db } from "../../db/client";
import { challenges, gameStats, games } from "../../db/schema";
import { ApiError, forbidden } from "../errors";
import {
  assertOpen,
  claimToken,
  claimed,
  conflict,
  ledgerFromClaim,
  notifySafely,
  pushWallet,
  runMoneyBatch,
  viewOf,
  visibleTo,
  walletOf,
  type ChallengeDeps,
  type Statement,
} from "./shared";

/** A challenge the caller's round may answer, or the 4xx that says why not. Writes nothing. */
async function answerable(
  db: Db,
  callerId: number,
  challengeId: number,
  now: number,
): Promise<ChallengeView> {
  const current = await visibleTo(db, challengeId, callerId);
  if (current.to !== callerId)
    throw forbidden(
      "Only the challenged player submits a score for this challenge",
    );
  if (current.status === "pending")
    throw conflict("not_accepted", "Accept the challenge before playing it");
  if (current.status === "expired" || current.status === "declined")
    assertOpen(current, now);
  return current;
}

async function roundOf(db: Db, challengeId: number): Promise<number | null> {
  const [row] = await db
    .select({ statsId: challenges.roundStatsId })
    .from(challenges)
    .where(eq(challenges.id, challengeId));
  return row?.statsId ?? null;
}

async function roundScoreOf(
  db: Db,
  challengeId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ score: gameStats.score })
    .from(challenges)
    .innerJoin(gameStats, eq(gameStats.id, challenges.roundStatsId))
    .where(eq(challenges.id, challengeId));
  return row?.score ?? null;
}

/** The ledger rows of a settlement: the winner takes both stakes, a tie returns each. */
function payouts(winner: number | null, claim: string): Statement[] {
  if (winner !== null)
    return [
      ledgerFromClaim(
        claim,
        sql`${winner}`,
        sql`2 * ${challenges.betAmount}`,
        "challenge_payout",
        "payout",
      ),
    ];
  return [challenges.fromUserId, challenges.toUserId].map((player) =>
    ledgerFromClaim(
      claim,
      sql`${player}`,
      sql`${challenges.betAmount}`,
      "challenge_refund",
      "payout",
    ),
  );
}

/**
 * The statements that settle an accepted challenge with the acceptor's score: the higher score takes both stakes,
 * a tie returns each. They stamp `claim` only while the challenge is still accepted, so a repeat moves nothing.
 */
function settlement(
  db: Db,
  current: ChallengeView,
  score: number,
  claim: string,
  now: number,
): Statement[] {
  const winner =
    score > current.score
      ? current.to
      : score < current.score
        ? current.from
        : null;
  return [
    db
      .update(challenges)
      .set({
        status: "settled",
        acceptorScore: score,
        winnerId: winner,
        settledAt: new Date(now),
        claim,
      })
      .where(
        and(eq(challenges.id, current._id), eq(challenges.status, "accepted")),
      ),
    ...payouts(winner, claim),
  ];
}

/** After a settling batch: the challenger hears the result when this request settled it; the caller gets theirs. */
async function outcomeAfter(
  deps: ChallengeDeps,
  callerId: number,
  current: ChallengeView,
  score: number,
  claim: string | null,
): Promise<ChallengeOutcome> {
  const { db } = deps;
  const challenge = await viewOf(db, current._id);
  if (claim && (await claimed(db, claim)).length) {
    const gameName = challenge.game_info[0].name;
    const verdict =
      challenge.winner === null
        ? "It's a tie: your bet is back"
        : challenge.winner === challenge.from
          ? `You won ${challenge.bet_amount} coins`
          : "You lost the bet";
    await notifySafely(
      deps,
      challenge.from,
      "challenge_result",
      `${challenge.challenge_to[0].name} scored ${score} against your ${challenge.score} on ${gameName}. ${verdict}.`,
      {
        challengeId: challenge._id,
        gameId: challenge.game,
        gameName,
        betAmount: challenge.bet_amount,
      },
    );
    await pushWallet(deps, challenge.from);
  }
  const outcome =
    challenge.winner === null
      ? "tie"
      : challenge.winner === callerId
        ? "won"
        : "lost";
  return {
    challenge,
    outcome,
    won_coins: outcome === "won" ? challenge.bet_amount : 0,
    wallet: await walletOf(db, callerId),
  };
}

/**
 * POST /api/challenge/submit: the acceptor's score, which must be the score of the challenge's round (the first
 * round they opened after accepting; POST /api/scores settles it by itself, so this mostly answers the outcome). One batch settles it: the higher score takes both stakes, a tie returns each. A repeat answers
 * the settled outcome and moves nothing.
 */
export async function submitChallenge(
  deps: ChallengeDeps,
  callerId: number,
  { challengeId, score }: { challengeId: number; score: number },
  now = Date.now(),
): Promise<ChallengeOutcome> {
  const { db } = deps;
  const current = await answerable(db, callerId, challengeId, now);
  if (current.status !== "accepted")
    return outcomeAfter(deps, callerId, current, score, null);
  // Only the challenge's own round counts: the first session opened after accepting (which settles it by itself
  // when scored, so here it has no score yet, or the caller names another score).
  const latest = await roundScoreOf(db, challengeId);
  if (latest === null)
    throw new ApiError(
      422,
      "no_score",
      "Play the challenge round before submitting its score",
    );
  if (latest !== score)
    throw new ApiError(
      422,
      "score_mismatch",
      "That is not the score of your challenge round",
    );
  const claim = claimToken();
  await runMoneyBatch(db, settlement(db, current, score, claim, now));
  return outcomeAfter(deps, callerId, current, score, claim);
}

/** A challenge round as the scores service hands it over: its own writes and what a repeat of them means. */
export interface ChallengeRound {
  gameId: number;
  statsId: number;
  startedAt: Date;
  score: number;
  statements: Statement[];
  duplicate: () => ApiError;
}

/**
 * The acceptor's challenge round, stored and settled in one batch (POST /api/scores with challenge_id): the round's
 * own writes go first, then the settlement, so a refused round moves no coins and a settled challenge always has
 * its round. A challenge already settled only gets the round stored; anything else is refused before a write.
 */
export async function settleWithRound(
  deps: ChallengeDeps,
  callerId: number,
  challengeId: number,
  round: ChallengeRound,
  now = Date.now(),
): Promise<ChallengeOutcome> {
  const { db } = deps;
  const current = await answerable(db, callerId, challengeId, now);
  if (current.game !== round.gameId)
    throw new ApiError(422, "wrong_game", "This challenge is for another game");
  if (current.status !== "accepted") {
    await runMoneyBatch(db, round.statements, round.duplicate);
    return outcomeAfter(deps, callerId, current, round.score, null);
  }
  // The first round opened after accepting is the challenge's round (bound when its session opened, so never
  // one begun before): a later one cannot replace a round that went badly.
  if ((await roundOf(db, challengeId)) !== round.statsId)
    throw new ApiError(422, "not_challenge_round", CHALLENGE_ROUND_MESSAGE);
  const claim = claimToken();
  await runMoneyBatch(
    db,
    [...round.statements, ...settlement(db, current, round.score, claim, now)],
    round.duplicate,
  );
  return outcomeAfter(deps, callerId, current, round.score, claim);
}

/**
 * Binds the play session the challenged player just opened to their oldest accepted challenge on the game that has
 * no round yet: that round, and no later one, settles it. A statement for the batch that opens the session (it binds
 * the player's newest session, which in that batch is the one just opened); it returns the challenge's id, if any.
 */
export function bindNewestRound(db: Db, userId: number, gameId: number) {
  return db
    .update(challenges)
    .set({
      roundStatsId: sql`(select max(${gameStats.id}) from ${gameStats} where ${gameStats.userId} = ${userId})`,
    })
    .where(
      eq(
        challenges.id,
        sql`(select ${challenges.id} from ${challenges} where ${challenges.toUserId} = ${userId}
          and ${challenges.gameId} = ${gameId} and ${challenges.status} = 'accepted'
          and ${challenges.roundStatsId} is null order by ${challenges.acceptedAt}, ${challenges.id} limit 1)`,
      ),
    )
    .returning({ id: challenges.id });
}

/** The accepted challenge this play session is the round of, or null. */
export async function boundTo(db: Db, statsId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(
      and(
        eq(challenges.roundStatsId, statsId),
        eq(challenges.status, "accepted"),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * A challenge's round that was abandoned (its session ended, or outran the game's time, without a score) counts
 * as 0: the challenge settles with it. Swept by the cron trigger and when the player opens or ends a session.
 */
export async function settleAbandoned(
  deps: ChallengeDeps,
  now = Date.now(),
  scope: { userId: number } | null = null,
  graceSeconds = 15,
): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({ id: challenges.id, to: challenges.toUserId })
    .from(challenges)
    .innerJoin(gameStats, eq(gameStats.id, challenges.roundStatsId))
    .innerJoin(games, eq(games.id, challenges.gameId))
    .where(
      and(
        eq(challenges.status, "accepted"),
        isNull(gameStats.scoredAt),
        or(
          isNotNull(gameStats.endedAt),
          lt(
            gameStats.createdAt,
            sql`${now} - (${games.maximumGameTime} + ${graceSeconds}) * 1000`,
          ),
        ),
        scope ? eq(challenges.toUserId, scope.userId) : undefined,
      ),
    );
  for (const row of rows) {
    const current = await viewOf(db, row.id);
    const claim = claimToken();
    await runMoneyBatch(db, settlement(db, current, 0, claim, now));
    await outcomeAfter(deps, row.to, current, 0, claim);
  }
  return rows.length;
}
