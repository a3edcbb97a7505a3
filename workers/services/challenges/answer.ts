import { and, eq, sql } from "drizzle-orm";
import {
  DAILY_CHALLENGE_LIMIT,
  type ChallengeAccepted,
  type ChallengeView,
} from "#contract/coins";
import { challenges } from "../../db/schema";
import { forbidden } from "../errors";
import { insufficientCoins, stakedTodaySql } from "../wallet";
import { expireDue } from "./expiry";
import {
  assertOpen,
  claimToken,
  claimed,
  dailyLimitReached,
  ledgerFromClaim,
  notifySafely,
  pushWallet,
  runMoneyBatch,
  viewOf,
  visibleTo,
  walletOf,
  type ChallengeDeps,
} from "./shared";

/** Time an accepted challenge stays open for its round at least. */
const ACCEPTED_PLAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/challenge/accept/{id}: the friend holds the same bet; then plays at /play/{game}?challengeId={id}. */
export async function acceptChallenge(
  deps: ChallengeDeps,
  callerId: number,
  id: number,
  now = Date.now(),
): Promise<ChallengeAccepted> {
  const { db } = deps;
  await expireDue(deps, now, { challengeId: id });
  const current = await visibleTo(db, id, callerId);
  if (current.to !== callerId)
    throw forbidden("Only the challenged player can accept this challenge");
  if (current.status === "accepted")
    return { challenge: current, wallet: await walletOf(db, callerId) };
  assertOpen(current, now);
  if ((await walletOf(db, callerId)) < current.bet_amount)
    throw insufficientCoins();

  const claim = claimToken();
  await runMoneyBatch(db, [
    db
      .update(challenges)
      // The acceptor gets at least a day to play, even when the challenge was about to expire.
      .set({
        status: "accepted",
        acceptedAt: new Date(now),
        claim,
        expiresAt: sql`max(${challenges.expiresAt}, ${now + ACCEPTED_PLAY_MS})`,
      })
      .where(
        and(
          eq(challenges.id, id),
          eq(challenges.toUserId, callerId),
          eq(challenges.status, "pending"),
          sql`${challenges.expiresAt} > ${now}`,
          sql`${stakedTodaySql(callerId, now)} + ${challenges.betAmount} <= ${DAILY_CHALLENGE_LIMIT}`,
        ),
      ),
    ledgerFromClaim(
      claim,
      sql`${challenges.toUserId}`,
      sql`-${challenges.betAmount}`,
      "challenge_stake",
      "stake",
    ),
  ]);
  const challenge = await viewOf(db, id);
  if (challenge.status !== "accepted") {
    assertOpen(challenge, now);
    throw dailyLimitReached();
  }
  const accepterName = challenge.challenge_to[0].name;
  await notifySafely(
    deps,
    challenge.from,
    "challenge_accepted",
    `${accepterName} accepted your challenge on ${challenge.game_info[0].name}`,
    {
      challengeId: id,
      gameId: challenge.game,
      gameName: challenge.game_info[0].name,
      betAmount: challenge.bet_amount,
    },
  );
  return { challenge, wallet: await walletOf(db, callerId) };
}

/** The challenged player says no: the challenger's stake comes back, and they are told (stored and live). */
export async function declineChallenge(
  deps: ChallengeDeps,
  callerId: number,
  id: number,
  now = Date.now(),
): Promise<ChallengeView> {
  const { db } = deps;
  await expireDue(deps, now, { challengeId: id });
  const current = await visibleTo(db, id, callerId);
  if (current.to !== callerId)
    throw forbidden("Only the challenged player can decline this challenge");
  if (current.status === "declined") return current;
  assertOpen(current, now);
  const claim = claimToken();
  await runMoneyBatch(db, [
    db
      .update(challenges)
      .set({ status: "declined", settledAt: new Date(now), claim })
      .where(
        and(
          eq(challenges.id, id),
          eq(challenges.toUserId, callerId),
          eq(challenges.status, "pending"),
        ),
      ),
    ledgerFromClaim(
      claim,
      sql`${challenges.fromUserId}`,
      sql`${challenges.betAmount}`,
      "challenge_refund",
      "refund",
    ),
  ]);
  const challenge = await viewOf(db, id);
  // Only the request that declined it tells the challenger: a repeat or a lost race moved nothing.
  if ((await claimed(db, claim)).length) {
    const gameName = challenge.game_info[0].name;
    await notifySafely(
      deps,
      challenge.from,
      "challenge_declined",
      `${challenge.challenge_to[0].name} declined your challenge on ${gameName}: your ${challenge.bet_amount} coins are back`,
      {
        challengeId: id,
        gameId: challenge.game,
        gameName,
        betAmount: challenge.bet_amount,
      },
    );
    await pushWallet(deps, challenge.from);
  }
  return challenge;
}
