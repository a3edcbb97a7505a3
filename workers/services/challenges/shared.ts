import { SQL, and, desc, eq, is, sql } from "drizzle-orm";
import { SQLiteAsyncDialect, alias } from "drizzle-orm/sqlite-core";
import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import {
  COIN_MESSAGES,
  DAILY_CHALLENGE_LIMIT,
  type ChallengeView,
} from "#contract/coins";
import type { Db } from "../../db/client";
import { challenges, games, ledger, scores, users } from "../../db/schema";
import { ApiError, notFound } from "../errors";
import type { NotificationService } from "../notifications";
import { constraintFailure, insufficientCoins } from "../wallet";

export type Pushed = Pick<NotificationService, "notify" | "push">;
/** What every challenge use case works with. */
export interface ChallengeDeps {
  db: Db;
  notifications: Pushed;
}
/** A built query or raw SQL: what one D1 batch carries. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

const dialect = new SQLiteAsyncDialect();
const challenger = alias(users, "challenger");
const challengeTo = alias(users, "challenge_to");

export const conflict = (code: string, message: string) =>
  new ApiError(409, code, message);
export const dailyLimitReached = () =>
  conflict("daily_limit", COIN_MESSAGES.dailyLimit(DAILY_CHALLENGE_LIMIT));

export function selectViews(db: Db) {
  return db
    .select({
      challenge: challenges,
      from: {
        id: challenger.id,
        name: challenger.name,
        profileImg: challenger.profileImg,
        profilePic: challenger.profilePic,
      },
      to: {
        id: challengeTo.id,
        name: challengeTo.name,
        profileImg: challengeTo.profileImg,
        profilePic: challengeTo.profilePic,
      },
      game: {
        id: games.id,
        name: games.name,
        icon: games.icon,
        leaderboardType: games.leaderboardType,
      },
    })
    .from(challenges)
    .innerJoin(challenger, eq(challenger.id, challenges.fromUserId))
    .innerJoin(challengeTo, eq(challengeTo.id, challenges.toUserId))
    .innerJoin(games, eq(games.id, challenges.gameId));
}
type ViewRow = Awaited<
  ReturnType<ReturnType<typeof selectViews>["limit"]>
>[number];

export function toView({ challenge, from, to, game }: ViewRow): ChallengeView {
  const player = (user: ViewRow["from"]) => ({
    _id: user.id,
    name: user.name,
    profile_img: user.profileImg ?? user.profilePic,
  });
  return {
    _id: challenge.id,
    game: challenge.gameId,
    from: challenge.fromUserId,
    to: challenge.toUserId,
    bet_amount: challenge.betAmount,
    message: challenge.message,
    score: challenge.score,
    status: challenge.status,
    acceptor_score: challenge.acceptorScore,
    winner: challenge.winnerId,
    created_dt: challenge.createdAt.toISOString(),
    expires_dt: challenge.expiresAt.toISOString(),
    challenger: [player(from)],
    challenge_to: [player(to)],
    game_info: [
      {
        _id: game.id,
        name: game.name,
        icon: game.icon,
        leaderboard_type: game.leaderboardType,
      },
    ],
  };
}

export async function viewOf(db: Db, id: number): Promise<ChallengeView> {
  const [row] = await selectViews(db).where(eq(challenges.id, id)).limit(1);
  if (!row) throw notFound("Challenge not found");
  return toView(row);
}

/** Only the two players may see a challenge. */
export async function visibleTo(
  db: Db,
  id: number,
  callerId: number,
): Promise<ChallengeView> {
  const view = await viewOf(db, id);
  if (view.from !== callerId && view.to !== callerId)
    throw notFound("Challenge not found");
  return view;
}

export async function walletOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ wallet: users.wallet })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.wallet ?? 0;
}

/** The player's latest accepted score for the game: what a challenge they send is about. */
export async function latestScore(db: Db, userId: number, gameId: number) {
  const [row] = await db
    .select({ score: scores.score, review: scores.review })
    .from(scores)
    .where(and(eq(scores.userId, userId), eq(scores.gameId, gameId)))
    .orderBy(desc(scores.createdAt), desc(scores.id))
    .limit(1);
  // A round held for a fair-play review cannot be the bar a friend has to beat until it is checked (ADR 032).
  if (row && (row.review === "held" || row.review === "removed"))
    throw new ApiError(422, "round_held", FAIR_PLAY_MESSAGES.heldChallenge);
  return row?.score ?? null;
}

export const claimToken = () => crypto.randomUUID();
export const challengeRef = (suffix: string) =>
  sql`'challenge:' || ${challenges.id} || ${`:${suffix}`}`;

/** Ledger rows for every challenge stamped with `claim`: `amount` and `userId` are SQL over the challenge row. */
export function ledgerFromClaim(
  claim: string,
  userId: ReturnType<typeof sql>,
  amount: ReturnType<typeof sql>,
  reason: "challenge_stake" | "challenge_payout" | "challenge_refund",
  suffix: string,
) {
  return sql`insert into ${ledger} (user_id, amount, reason, reference)
    select ${userId}, ${amount}, ${reason}, ${challengeRef(suffix)} from ${challenges} where ${challenges.claim} = ${claim}`;
}

/** One D1 batch (one transaction) of built queries and SQL; drizzle's own batch cannot carry raw SQL. */
export async function runMoneyBatch(
  db: Db,
  statements: Statement[],
  duplicate = () =>
    conflict(
      "already_applied",
      "This challenge has already moved on: refresh to see where it stands",
    ),
) {
  const prepared = statements.map((statement) => {
    const query = is(statement, SQL)
      ? dialect.sqlToQuery(statement)
      : statement.toSQL();
    return db.$client.prepare(query.sql).bind(...query.params);
  });
  try {
    return await db.$client.batch(prepared);
  } catch (error) {
    const failure = constraintFailure(error);
    if (failure === "wallet") throw insufficientCoins();
    if (failure === "unique") throw duplicate();
    throw error;
  }
}

/** The challenges a batch stamped with `claim`: empty when it lost a race or repeated. */
export async function claimed(db: Db, claim: string) {
  const rows = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(eq(challenges.claim, claim));
  return rows.map((row) => row.id);
}

export async function notifySafely(
  { notifications }: ChallengeDeps,
  ...args: Parameters<Pushed["notify"]>
) {
  try {
    await notifications.notify(...args);
  } catch (error) {
    console.error("notifying failed", error);
  }
}

export async function pushWallet(
  { db, notifications }: ChallengeDeps,
  userId: number,
) {
  await notifications
    .push(userId, {
      event: "wallet_update",
      data: { wallet: await walletOf(db, userId) },
    })
    .catch(() => undefined);
}

/** A challenge that can still be accepted or declined, or a 409 saying why not. */
export function assertOpen(challenge: ChallengeView, now: number) {
  if (
    challenge.status === "expired" ||
    (challenge.status === "pending" && Date.parse(challenge.expires_dt) <= now)
  ) {
    throw conflict("expired", "This challenge has expired");
  }
  if (challenge.status === "declined")
    throw conflict("declined", "This challenge was declined");
  if (challenge.status === "settled")
    throw conflict("settled", "This challenge is already over");
  if (challenge.status === "accepted")
    throw conflict("accepted", "This challenge was already accepted");
}
