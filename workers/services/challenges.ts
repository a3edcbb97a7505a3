import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import {
  SQL,
  and,
  desc,
  eq,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from "drizzle-orm";
import { SQLiteAsyncDialect, alias } from "drizzle-orm/sqlite-core";
import {
  CHALLENGE_TTL_MS,
  COIN_MESSAGES,
  DAILY_CHALLENGE_LIMIT,
  type ChallengeAccepted,
  type ChallengeOutcome,
  type ChallengeView,
} from "#contract/coins";
import {
  CreateChallengeSchema,
  SubmitChallengeSchema,
} from "#contract/challenges";
import {
  CHALLENGE_ROUND_MESSAGE,
  EXTERNAL_GAME_TYPE,
  RUN_MESSAGES,
} from "#contract/runs";
import type { Db } from "../db/client";
import {
  blocks,
  challenges,
  follows,
  gameStats,
  games,
  ledger,
  scores,
  users,
} from "../db/schema";
import { ApiError, forbidden, notFound } from "./errors";
import type { NotificationService } from "./notifications";
import { parseInput } from "./parse";
import { constraintFailure, insufficientCoins, stakedTodaySql } from "./wallet";

const dialect = new SQLiteAsyncDialect();
const challenger = alias(users, "challenger");
const challengeTo = alias(users, "challenge_to");

/** Time an accepted challenge stays open for its round at least. */
const ACCEPTED_PLAY_MS = 24 * 60 * 60 * 1000;

const conflict = (code: string, message: string) =>
  new ApiError(409, code, message);
const dailyLimitReached = () =>
  conflict("daily_limit", COIN_MESSAGES.dailyLimit(DAILY_CHALLENGE_LIMIT));

type Pushed = Pick<NotificationService, "notify" | "push">;
/** A built query or raw SQL: what one D1 batch carries. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * SPEC.md §4 Challenge with real coins. Each step that moves coins is one D1 batch: a conditional write of the
 * challenge that stamps it with a fresh random `claim`, then ledger rows inserted only where the challenge carries
 * that claim. A request that loses a race (or repeats) stamps nothing and so moves nothing; a ledger row that would
 * take a balance below zero aborts its whole batch (users' CHECK), challenge row included.
 */
export function createChallengeService(db: Db, notifications: Pushed) {
  function selectViews() {
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

  function toView({ challenge, from, to, game }: ViewRow): ChallengeView {
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

  async function viewOf(id: number): Promise<ChallengeView> {
    const [row] = await selectViews().where(eq(challenges.id, id)).limit(1);
    if (!row) throw notFound("Challenge not found");
    return toView(row);
  }

  /** Only the two players may see a challenge. */
  async function visibleTo(
    id: number,
    callerId: number,
  ): Promise<ChallengeView> {
    const view = await viewOf(id);
    if (view.from !== callerId && view.to !== callerId)
      throw notFound("Challenge not found");
    return view;
  }

  async function walletOf(userId: number): Promise<number> {
    const [row] = await db
      .select({ wallet: users.wallet })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.wallet ?? 0;
  }

  /** The player's latest accepted score for the game: what a challenge they send is about. */
  async function latestScore(userId: number, gameId: number) {
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

  const claimToken = () => crypto.randomUUID();
  const challengeRef = (suffix: string) =>
    sql`'challenge:' || ${challenges.id} || ${`:${suffix}`}`;

  /** Ledger rows for every challenge stamped with `claim`: `amount` and `userId` are SQL over the challenge row. */
  function ledgerFromClaim(
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
  async function runMoneyBatch(
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

  async function claimed(claim: string) {
    const rows = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(eq(challenges.claim, claim));
    return rows.map((row) => row.id);
  }

  async function notifySafely(...args: Parameters<Pushed["notify"]>) {
    try {
      await notifications.notify(...args);
    } catch (error) {
      console.error("notifying failed", error);
    }
  }

  async function pushWallet(userId: number) {
    await notifications
      .push(userId, {
        event: "wallet_update",
        data: { wallet: await walletOf(userId) },
      })
      .catch(() => undefined);
  }

  /** A challenge the caller's round may answer, or the 4xx that says why not. Writes nothing. */
  async function answerable(
    callerId: number,
    challengeId: number,
    now: number,
  ): Promise<ChallengeView> {
    const current = await visibleTo(challengeId, callerId);
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

  async function roundOf(challengeId: number): Promise<number | null> {
    const [row] = await db
      .select({ statsId: challenges.roundStatsId })
      .from(challenges)
      .where(eq(challenges.id, challengeId));
    return row?.statsId ?? null;
  }

  async function roundScoreOf(challengeId: number): Promise<number | null> {
    const [row] = await db
      .select({ score: gameStats.score })
      .from(challenges)
      .innerJoin(gameStats, eq(gameStats.id, challenges.roundStatsId))
      .where(eq(challenges.id, challengeId));
    return row?.score ?? null;
  }

  /**
   * The statements that settle an accepted challenge with the acceptor's score: the higher score takes both stakes,
   * a tie returns each. They stamp `claim` only while the challenge is still accepted, so a repeat moves nothing.
   */
  function settlement(
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
    const payouts =
      winner === null
        ? [
            ledgerFromClaim(
              claim,
              sql`${challenges.fromUserId}`,
              sql`${challenges.betAmount}`,
              "challenge_refund",
              "payout",
            ),
            ledgerFromClaim(
              claim,
              sql`${challenges.toUserId}`,
              sql`${challenges.betAmount}`,
              "challenge_refund",
              "payout",
            ),
          ]
        : [
            ledgerFromClaim(
              claim,
              sql`${winner}`,
              sql`2 * ${challenges.betAmount}`,
              "challenge_payout",
              "payout",
            ),
          ];
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
          and(
            eq(challenges.id, current._id),
            eq(challenges.status, "accepted"),
          ),
        ),
      ...payouts,
    ];
  }

  /** After a settling batch: the challenger hears the result when this request settled it; the caller gets theirs. */
  async function outcomeAfter(
    callerId: number,
    current: ChallengeView,
    score: number,
    claim: string | null,
  ): Promise<ChallengeOutcome> {
    const challenge = await viewOf(current._id);
    if (claim && (await claimed(claim)).length) {
      const gameName = challenge.game_info[0].name;
      const verdict =
        challenge.winner === null
          ? "It's a tie: your bet is back"
          : challenge.winner === challenge.from
            ? `You won ${challenge.bet_amount} coins`
            : "You lost the bet";
      await notifySafely(
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
      await pushWallet(challenge.from);
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
      wallet: await walletOf(callerId),
    };
  }

  const service = {
    view: visibleTo,

    /** Friends the caller has an open challenge with on a game: the result screen shows them as 'Challenged'. */
    async openTargets(callerId: number, gameId: number): Promise<number[]> {
      const rows = await db
        .select({ to: challenges.toUserId })
        .from(challenges)
        .where(
          and(
            eq(challenges.fromUserId, callerId),
            eq(challenges.gameId, gameId),
            inArray(challenges.status, ["pending", "accepted"]),
          ),
        );
      return rows.map((row) => row.to);
    },

    /**
     * POST /api/challenge: the caller challenges someone they follow with their latest score on the game and
     * holds the bet in escrow. The daily limit and the balance are checked inside the batch.
     */
    async create(
      callerId: number,
      input: unknown,
      now = Date.now(),
    ): Promise<ChallengeView> {
      const {
        game: gameId,
        from,
        to,
        bet_amount: bet,
        message,
        score,
      } = parseInput(CreateChallengeSchema, input);
      if (from !== callerId)
        throw forbidden("You can only send challenges as yourself");
      // Stakes of the caller's challenges past their time come back before the balance and daily limit are judged.
      await service.expireDue(now, { userId: callerId });
      if (to === callerId)
        throw new ApiError(400, "bad_request", "You cannot challenge yourself");
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
          .where(
            and(eq(follows.followerId, callerId), eq(follows.followeeId, to)),
          )
          .limit(1),
      ]);
      if (!game) throw notFound("Game not found");
      // Coins ride only on scores the server replayed: an external game's cannot be.
      if (game.type === EXTERNAL_GAME_TYPE)
        throw new ApiError(422, "unverifiable_game", RUN_MESSAGES.external);
      if (!friend || blocked) throw notFound("Player not found");
      if (!follow) throw forbidden("You can only challenge people you follow");
      const latest = await latestScore(callerId, gameId);
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
      const [id] = await claimed(claim);
      if (!id) throw dailyLimitReached();
      const view = await viewOf(id);
      const fromName = view.challenger[0].name;
      await notifySafely(
        to,
        "challenge",
        `${fromName} challenged you to beat ${score} on ${game.name} for ${bet} coins`,
        {
          challengeId: id,
          gameId,
          gameName: game.name,
          fromName,
          betAmount: bet,
        },
      );
      return view;
    },

    /** POST /api/challenge/accept/{id}: the friend holds the same bet; then plays at /play/{game}?challengeId={id}. */
    async accept(
      callerId: number,
      id: number,
      now = Date.now(),
    ): Promise<ChallengeAccepted> {
      await service.expireDue(now, { challengeId: id });
      const current = await visibleTo(id, callerId);
      if (current.to !== callerId)
        throw forbidden("Only the challenged player can accept this challenge");
      if (current.status === "accepted")
        return { challenge: current, wallet: await walletOf(callerId) };
      assertOpen(current, now);
      if ((await walletOf(callerId)) < current.bet_amount)
        throw insufficientCoins();

      const claim = claimToken();
      await runMoneyBatch([
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
      const challenge = await viewOf(id);
      if (challenge.status !== "accepted") {
        assertOpen(challenge, now);
        throw dailyLimitReached();
      }
      const accepterName = challenge.challenge_to[0].name;
      await notifySafely(
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
      return { challenge, wallet: await walletOf(callerId) };
    },

    /** The challenged player says no: the challenger's stake comes back, and they are told (stored and live). */
    async decline(
      callerId: number,
      id: number,
      now = Date.now(),
    ): Promise<ChallengeView> {
      await service.expireDue(now, { challengeId: id });
      const current = await visibleTo(id, callerId);
      if (current.to !== callerId)
        throw forbidden(
          "Only the challenged player can decline this challenge",
        );
      if (current.status === "declined") return current;
      assertOpen(current, now);
      const claim = claimToken();
      await runMoneyBatch([
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
      const challenge = await viewOf(id);
      // Only the request that declined it tells the challenger: a repeat or a lost race moved nothing.
      if ((await claimed(claim)).length) {
        const gameName = challenge.game_info[0].name;
        await notifySafely(
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
        await pushWallet(challenge.from);
      }
      return challenge;
    },

    /**
     * POST /api/challenge/submit: the acceptor's score, which must be the score of the challenge's round (the first
     * round they opened after accepting; POST /api/scores settles it by itself, so this mostly answers the outcome). One batch settles it: the higher score takes both stakes, a tie returns each. A repeat answers
     * the settled outcome and moves nothing.
     */
    async submit(
      callerId: number,
      input: unknown,
      now = Date.now(),
    ): Promise<ChallengeOutcome> {
      const { challengeId, score } = parseInput(SubmitChallengeSchema, input);
      const current = await answerable(callerId, challengeId, now);
      if (current.status !== "accepted")
        return outcomeAfter(callerId, current, score, null);
      // Only the challenge's own round counts: the first session opened after accepting (which settles it by itself
      // when scored, so here it has no score yet, or the caller names another score).
      const latest = await roundScoreOf(challengeId);
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
      await runMoneyBatch(settlement(current, score, claim, now));
      return outcomeAfter(callerId, current, score, claim);
    },

    /**
     * The acceptor's challenge round, stored and settled in one batch (POST /api/scores with challenge_id): the round's
     * own writes go first, then the settlement, so a refused round moves no coins and a settled challenge always has
     * its round. A challenge already settled only gets the round stored; anything else is refused before a write.
     */
    async settleWithRound(
      callerId: number,
      challengeId: number,
      round: {
        gameId: number;
        statsId: number;
        startedAt: Date;
        score: number;
        statements: Statement[];
        duplicate: () => ApiError;
      },
      now = Date.now(),
    ): Promise<ChallengeOutcome> {
      const current = await answerable(callerId, challengeId, now);
      if (current.game !== round.gameId)
        throw new ApiError(
          422,
          "wrong_game",
          "This challenge is for another game",
        );
      if (current.status !== "accepted") {
        await runMoneyBatch(round.statements, round.duplicate);
        return outcomeAfter(callerId, current, round.score, null);
      }
      // The first round opened after accepting is the challenge's round (bound when its session opened, so never
      // one begun before): a later one cannot replace a round that went badly.
      if ((await roundOf(challengeId)) !== round.statsId)
        throw new ApiError(422, "not_challenge_round", CHALLENGE_ROUND_MESSAGE);
      const claim = claimToken();
      await runMoneyBatch(
        [...round.statements, ...settlement(current, round.score, claim, now)],
        round.duplicate,
      );
      return outcomeAfter(callerId, current, round.score, claim);
    },

    /** GET /api/challenge/all: the caller's challenges, sent and received, newest first. */
    async all(callerId: number, now = Date.now()): Promise<ChallengeView[]> {
      // A read moves no money (the page's loader and a prefetch call it): the cron trigger and the writes that touch
      // a challenge expire it; until then a challenge past its time shows as expired (`shownStatus`).
      const rows = await selectViews()
        .where(
          or(
            eq(challenges.fromUserId, callerId),
            eq(challenges.toUserId, callerId),
          ),
        )
        .orderBy(desc(challenges.id))
        .limit(100);
      return rows.map((row) => shownStatus(toView(row), now));
    },

    /**
     * Binds a play session the challenged player just opened to their oldest accepted challenge on the game that has
     * no round yet: that round, and no later one, settles it. Returns the challenge's id, or null.
     */
    async bindRound(
      userId: number,
      gameId: number,
      statsId: number,
    ): Promise<number | null> {
      const [bound] = await db
        .update(challenges)
        .set({ roundStatsId: statsId })
        .where(
          eq(
            challenges.id,
            sql`(select ${challenges.id} from ${challenges} where ${challenges.toUserId} = ${userId}
              and ${challenges.gameId} = ${gameId} and ${challenges.status} = 'accepted'
              and ${challenges.roundStatsId} is null order by ${challenges.acceptedAt}, ${challenges.id} limit 1)`,
          ),
        )
        .returning({ id: challenges.id });
      return bound?.id ?? null;
    },

    /** The accepted challenge this play session is the round of, or null. */
    async boundTo(statsId: number): Promise<number | null> {
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
    },

    /**
     * A challenge's round that was abandoned (its session ended, or outran the game's time, without a score) counts
     * as 0: the challenge settles with it. Swept by the cron trigger and when the player opens or ends a session.
     */
    async settleAbandoned(
      now = Date.now(),
      scope: { userId: number } | null = null,
      graceSeconds = 15,
    ): Promise<number> {
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
        const current = await viewOf(row.id);
        const claim = claimToken();
        await runMoneyBatch(settlement(current, 0, claim, now));
        await outcomeAfter(row.to, current, 0, claim);
      }
      return rows.length;
    },

    /**
     * Challenges past their time get their escrow back: a pending one returns the challenger's stake, an accepted
     * one nobody finished returns both. The cron trigger sweeps them all; a request sweeps only what it is about
     * (the caller's challenges, or the one challenge), so nobody's request does the work for everyone.
     */
    async expireDue(
      now = Date.now(),
      scope: { userId: number } | { challengeId: number } | null = null,
    ): Promise<number> {
      const claim = claimToken();
      const within =
        scope === null
          ? undefined
          : "userId" in scope
            ? or(
                eq(challenges.fromUserId, scope.userId),
                eq(challenges.toUserId, scope.userId),
              )
            : eq(challenges.id, scope.challengeId);
      await runMoneyBatch([
        db
          .update(challenges)
          .set({ status: "expired", settledAt: new Date(now), claim })
          .where(
            and(
              inArray(challenges.status, ["pending", "accepted"]),
              lte(challenges.expiresAt, new Date(now)),
              within,
            ),
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
        const challenge = await viewOf(id);
        const data = {
          challengeId: id,
          gameId: challenge.game,
          gameName: challenge.game_info[0].name,
          betAmount: challenge.bet_amount,
        };
        await notifySafely(
          challenge.from,
          "challenge_expired",
          `Your challenge to ${challenge.challenge_to[0].name} on ${challenge.game_info[0].name} expired: your ${challenge.bet_amount} coins are back`,
          data,
        );
        await pushWallet(challenge.from);
        if (acceptedAt) await pushWallet(challenge.to);
      }
      return expired.length;
    },
  };

  return service;
}

/** A challenge that can still be accepted or declined, or a 409 saying why not. */
function assertOpen(challenge: ChallengeView, now: number) {
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

/** A challenge past its time that the cron has not expired yet is expired to whoever reads the list. */
function shownStatus(challenge: ChallengeView, now: number): ChallengeView {
  const open =
    challenge.status === "pending" || challenge.status === "accepted";
  return open && Date.parse(challenge.expires_dt) <= now
    ? { ...challenge, status: "expired" }
    : challenge;
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
