import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { challenges, ledger } from "../../db/schema";
import {
  challengeRef,
  claimToken,
  ledgerFromClaim,
  notifySafely,
  pushWallet,
  runMoneyBatch,
  viewOf,
  type ChallengeDeps,
} from "./shared";

/**
 * Challenges past their time get their escrow back: a pending one returns the challenger's stake, an accepted
 * one nobody finished returns both. The cron trigger sweeps them all; a request sweeps only what it is about
 * (the caller's challenges, or the one challenge), so nobody's request does the work for everyone. A player who
 * deletes their account (`leavingUserId`) ends every open challenge of theirs the same way, due or not.
 */
export async function expireDue(
  deps: ChallengeDeps,
  now = Date.now(),
  scope:
    | { userId: number }
    | { challengeId: number }
    | { leavingUserId: number }
    | null = null,
): Promise<number> {
  const { db } = deps;
  const claim = claimToken();
  const leaving = scope !== null && "leavingUserId" in scope;
  const playerId =
    scope === null || "challengeId" in scope
      ? null
      : "userId" in scope
        ? scope.userId
        : scope.leavingUserId;
  const within =
    playerId !== null
      ? or(
          eq(challenges.fromUserId, playerId),
          eq(challenges.toUserId, playerId),
        )
      : scope !== null && "challengeId" in scope
        ? eq(challenges.id, scope.challengeId)
        : undefined;
  const due = leaving ? undefined : lte(challenges.expiresAt, new Date(now));
  await runMoneyBatch(db, [
    db
      .update(challenges)
      .set({ status: "expired", settledAt: new Date(now), claim })
      .where(
        and(inArray(challenges.status, ["pending", "accepted"]), due, within),
      ),
    ledgerFromClaim(
      claim,
      sql`${challenges.fromUserId}`,
      sql`${challenges.betAmount}`,
      "challenge_refund",
      "refund",
    ),
    sql`insert into ${ledger} (user_id, amount, reason, reference)
      select ${challenges.toUserId}, ${challenges.betAmount}, 'challenge_refund', ${challengeRef("refund")}
      from ${challenges} where ${challenges.claim} = ${claim} and ${challenges.acceptedAt} is not null`,
  ]);
  const expired = await db
    .select({ id: challenges.id, acceptedAt: challenges.acceptedAt })
    .from(challenges)
    .where(eq(challenges.claim, claim));
  for (const { id, acceptedAt } of expired) {
    const challenge = await viewOf(db, id);
    const data = {
      challengeId: id,
      gameId: challenge.game,
      gameName: challenge.game_info[0].name,
      betAmount: challenge.bet_amount,
    };
    await notifySafely(
      deps,
      challenge.from,
      "challenge_expired",
      `Your challenge to ${challenge.challenge_to[0].name} on ${challenge.game_info[0].name} expired: your ${challenge.bet_amount} coins are back`,
      data,
    );
    await pushWallet(deps, challenge.from);
    if (acceptedAt) await pushWallet(deps, challenge.to);
  }
  return expired.length;
}
