import { and, eq, or, sql } from "drizzle-orm";
import {
  CHALLENGE_TTL_MS,
  DAILY_CHALLENGE_LIMIT,
  type ChallengeView,
} from "#contract/coins";
import { EXTERNAL_GAME_TYPE, RUN_MESSAGES } from "#contract/runs";
import { blocks, challenges, follows, games, users } from "../../db/schema";
import { ApiError, forbidden, notFound } from "../errors";
import { stakedTodaySql } from "../wallet";
import { expireDue } from "./expiry";
import {
  claimToken,
  claimed,
  conflict,
  dailyLimitReached,
  latestScore,
  ledgerFromClaim,
  notifySafely,
  runMoneyBatch,
  viewOf,
  type ChallengeDeps,
} from "./shared";

/** A challenge as the caller sends it, already checked against its schema. */
export interface NewChallenge {
  game: number;
  from: number;
  to: number;
  bet_amount: number;
  message: string;
  score: number;
}

/** Who the caller may challenge on which game, or the 4xx that says why not. */
async function target(
  { db }: ChallengeDeps,
  callerId: number,
  gameId: number,
  to: number,
) {
  const [[game], [friend], [blocked], [follow]] = await db.batch([
    db
      .select({ id: games.id, name: games.name, type: games.type })
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.isPublished, true)))
      .limit(1),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, to))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, callerId), eq(blocks.blockedId, to)),
          and(eq(blocks.blockerId, to), eq(blocks.blockedId, callerId)),
        ),
      )
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, callerId), eq(follows.followeeId, to)))
      .limit(1),
  ]);
  if (!game) throw notFound("Game not found");
  // Coins ride only on scores the server replayed: an external game's cannot be.
  if (game.type === EXTERNAL_GAME_TYPE)
    throw new ApiError(422, "unverifiable_game", RUN_MESSAGES.external);
  if (!friend || blocked) throw notFound("Player not found");
  if (!follow) throw forbidden("You can only challenge people you follow");
  return { game, friend };
}

/**
 * POST /api/challenge: the caller challenges someone they follow with their latest score on the game and
 * holds the bet in escrow. The daily limit and the balance are checked inside the batch.
 */
export async function createChallenge(
  deps: ChallengeDeps,
  callerId: number,
  input: NewChallenge,
  now = Date.now(),
): Promise<ChallengeView> {
  const { db } = deps;
  const { game: gameId, from, to, bet_amount: bet, message, score } = input;
  if (from !== callerId)
    throw forbidden("You can only send challenges as yourself");
  // Stakes of the caller's challenges past their time come back before the balance and daily limit are judged.
  await expireDue(deps, now, { userId: callerId });
  if (to === callerId)
    throw new ApiError(400, "bad_request", "You cannot challenge yourself");
  const { game, friend } = await target(deps, callerId, gameId, to);
  const latest = await latestScore(db, callerId, gameId);
  if (latest === null)
    throw new ApiError(
      422,
      "no_score",
      "Play a round of this game first: your score is what your friend has to beat",
    );
  if (latest !== score)
    throw new ApiError(
      422,
      "score_mismatch",
      "A challenge uses your latest score on this game",
    );

  const claim = claimToken();
  await runMoneyBatch(
    db,
    [
      sql`insert into ${challenges} (game_id, from_user_id, to_user_id, bet_amount, message, score, claim, expires_at)
        select ${gameId}, ${callerId}, ${to}, ${bet}, ${message}, ${score}, ${claim}, ${now + CHALLENGE_TTL_MS}
        where ${stakedTodaySql(callerId, now)} + ${bet} <= ${DAILY_CHALLENGE_LIMIT}`,
      ledgerFromClaim(
        claim,
        sql`${challenges.fromUserId}`,
        sql`-${challenges.betAmount}`,
        "challenge_stake",
        "stake",
      ),
    ],
    // challenges_open_idx: one open challenge per friend and game.
    () =>
      conflict(
        "already_challenged",
        `You already have an open challenge with ${friend.name} on ${game.name}`,
      ),
  );
  const [id] = await claimed(db, claim);
  if (!id) throw dailyLimitReached();
  const view = await viewOf(db, id);
  const fromName = view.challenger[0].name;
  await notifySafely(
    deps,
    to,
    "challenge",
    `${fromName} challenged you to beat ${score} on ${game.name} for ${bet} coins`,
    { challengeId: id, gameId, gameName: game.name, fromName, betAmount: bet },
  );
  return view;
}
