import {
  and,
  asc,
  desc,
  eq,
  is,
  isNotNull,
  isNull,
  lt,
  sql,
  SQL,
} from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import {
  DAILY_ATTEMPTS,
  MIN_TOURNAMENT_PLAYERS,
  PERIODS,
  PERIOD_RANK_LIMIT,
  PRIZE_ACCOUNT_DAYS,
  PRIZE_CANDIDATES,
  PRIZE_DAYS,
  PRIZE_ROUNDS,
  PRIZES,
  TournamentQuerySchema,
  periodEnd,
  periodStart,
  previousPeriodStart,
  prizeMessage,
  type Period,
  type TournamentBoard,
} from "#contract/tournaments";
import { LEADERBOARD_SIZE } from "#contract/scores";
import { utcDay } from "#contract/coins";
import type { Db } from "../db/client";
import {
  games,
  gameStats,
  ledger,
  notifications,
  periodBestScores,
  playerMoves,
  tournamentBoards,
  tournamentPrizes,
  users,
} from "../db/schema";
import type { Statement } from "./challenges";
import { notFound } from "./errors";
import { watchableRunId } from "./run-privacy";
import { toNotificationView, type Pusher } from "./notifications";
import { parseInput } from "./parse";
import {
  accountCreatedSql,
  accountReadyAt,
  daysSql,
  eligibleSql,
  emailVerifiedSql,
  roundsSql,
} from "./prize-eligibility";

const dialect = new SQLiteAsyncDialect();

/** Best first; equal scores go to whoever reached them first, then to the lower player id (as the all-time board). */
const RANK_ORDER = [
  desc(periodBestScores.score),
  asc(periodBestScores.achievedAt),
  asc(periodBestScores.userId),
];

const onBoard = (gameId: number, period: Period, start: number) =>
  and(
    eq(periodBestScores.gameId, gameId),
    eq(periodBestScores.period, period),
    eq(periodBestScores.periodStart, start),
  );

const boardKey = (gameId: number, period: Period, start: number) =>
  and(
    eq(tournamentBoards.gameId, gameId),
    eq(tournamentBoards.period, period),
    eq(tournamentBoards.periodStart, start),
  );

/** Players on a board, counted up to `limit`: the count reads no more rows than that. */
const playersUpTo = (gameId: number, period: Period, start: number) =>
  sql<number>`(select count(*) from (select 1 from ${periodBestScores} where ${onBoard(gameId, period, start)} limit ${PERIOD_RANK_LIMIT}))`;

/**
 * A verified round's statements for the daily and weekly boards of its moment (ADR 027), for the round's batch: the
 * board is registered for the hourly close, and the score becomes the player's best of the period when it beats the
 * one kept, unless the period's board has already closed (a round that was in flight at midnight), or the round's
 * session is not among the player's first DAILY_ATTEMPTS sessions of the game that day (left ones count too).
 */
export function periodBoardWrites(
  db: Db,
  round: {
    gameId: number;
    userId: number;
    score: number;
    /** The round's session, or a subquery finding the session written earlier in the same batch. */
    statsId: number | SQL;
    now: number;
  },
) {
  // Sessions of the game the player opened earlier that day, counted up to the limit in the (user, game, time) index.
  const opened = sql`(select this.created_at from ${gameStats} as this where this.id = ${round.statsId})`;
  const earlierAttempts = sql`(select count(*) from (select 1 from ${gameStats} as earlier
    where earlier.user_id = ${round.userId} and earlier.game_id = ${round.gameId}
      and earlier.created_at >= ${periodStart("daily", round.now)} and earlier.created_at <= ${opened}
      and earlier.id < ${round.statsId}
    limit ${DAILY_ATTEMPTS}))`;
  return PERIODS.flatMap((period) => {
    const start = periodStart(period, round.now);
    const closed = sql`exists (select 1 from ${tournamentBoards} where ${boardKey(round.gameId, period, start)} and ${tournamentBoards.claim} is not null)`;
    return [
      db
        .insert(tournamentBoards)
        .values({ gameId: round.gameId, period, periodStart: start })
        .onConflictDoNothing(),
      db
        .insert(periodBestScores)
        .select(
          db
            .select({
              gameId: sql<number>`${round.gameId}`.as("game_id"),
              period: sql<Period>`${period}`.as("period"),
              periodStart: sql<number>`${start}`.as("period_start"),
              userId: sql<number>`${round.userId}`.as("user_id"),
              score: sql<number>`${round.score}`.as("score"),
              achievedAt: sql<Date>`${round.now}`.as("achieved_at"),
              statsId: sql<number>`${round.statsId}`.as("stats_id"),
            })
            .from(sql`(select 1)`)
            .where(
              sql`not ${closed} and ${earlierAttempts} < ${DAILY_ATTEMPTS}`,
            ),
        )
        .onConflictDoUpdate({
          target: [
            periodBestScores.gameId,
            periodBestScores.period,
            periodBestScores.periodStart,
            periodBestScores.userId,
          ],
          set: {
            score: sql`excluded.score`,
            achievedAt: sql`excluded.achieved_at`,
            statsId: sql`excluded.stats_id`,
          },
          setWhere: sql`excluded.score > ${periodBestScores.score}`,
        }),
    ];
  });
}

type Board = { gameId: number; period: Period; start: number; game: string };

/** Rows of closed boards one delete statement takes, and how many one cron run deletes at most (ADR 027). */
const PURGE_CHUNK = 5_000;
const PURGE_ROWS_PER_RUN = 200_000;

/** The rules a player must meet for a prize, as the board shows them. */
const prizeRules = (minScore: number | null) => ({
  account_days: PRIZE_ACCOUNT_DAYS,
  rounds: PRIZE_ROUNDS,
  days: PRIZE_DAYS,
  min_score: minScore,
  attempts_per_day: DAILY_ATTEMPTS,
  verified_email: true,
});

/** Where the viewer stands on the prize rules this period, or null for a visitor (or an account not found). */
function eligibilityOf(
  viewerId: number | null,
  account:
    | {
        createdAt: unknown;
        rounds: unknown;
        days: unknown;
        emailVerified: unknown;
      }
    | undefined,
  end: number,
) {
  if (viewerId === null || !account || account.createdAt === null) return null;
  const ready = accountReadyAt(Number(account.createdAt));
  const rounds = Number(account.rounds);
  const days = Number(account.days);
  const email = Boolean(account.emailVerified);
  return {
    eligible:
      ready <= end &&
      rounds >= PRIZE_ROUNDS &&
      days >= PRIZE_DAYS &&
      email !== false,
    account_ready_at: ready <= end ? null : new Date(ready).toISOString(),
    rounds,
    days,
    email_verified: email,
  };
}

/** GET /api/tournaments/{gameId}?period=: the current period's board, the caller's place, last period's winners. */
async function boardOf(
  db: Db,
  gameId: number,
  query: unknown,
  viewerId: number | null,
  now = Date.now(),
): Promise<TournamentBoard> {
  const { period } = parseInput(TournamentQuerySchema, query);
  const start = periodStart(period, now);
  const last = previousPeriodStart(period, start);
  const own = and(
    onBoard(gameId, period, start),
    eq(periodBestScores.userId, viewerId ?? 0),
  );
  // Ahead: a higher score, or the same one reached earlier (then the lower id); counted up to the limit.
  // The outer row is named in full: drizzle writes a lone table's columns unqualified, which the subquery would
  // take for its own.
  const outer = periodBestScores;
  const ahead = sql<number>`(select count(*) from (select 1 from ${periodBestScores} as other
    where other.game_id = ${gameId} and other.period = ${period} and other.period_start = ${start}
      and (other.score > ${outer}.score or (other.score = ${outer}.score
        and (other.achieved_at < ${outer}.achieved_at or (other.achieved_at = ${outer}.achieved_at
          and other.user_id < ${outer}.user_id))))
    limit ${PERIOD_RANK_LIMIT}))`;
  const end = periodEnd(period, start);
  const viewer = sql`${viewerId ?? 0}`;
  const [[game], rows, [players], standing, [closed], winners, [account]] =
    await db.batch([
      db
        .select({ id: games.id, minScore: games.prizeMinScore })
        .from(games)
        .where(eq(games.id, gameId))
        .limit(1),
      db
        .select({
          playerId: periodBestScores.userId,
          name: users.name,
          profileImg: users.profileImg,
          score: periodBestScores.score,
          runId: watchableRunId(playerMoves),
          // As the close would judge it if the period ended now: ten rows, each a bounded eligibility read.
          prizeEligible: sql<number>`(${periodBestScores}.score >= (select mg.prize_min_score from ${games} as mg
            where mg.id = ${gameId}) and ${eligibleSql(sql`${periodBestScores}.user_id`, end)})`,
        })
        .from(periodBestScores)
        .innerJoin(users, eq(periodBestScores.userId, users.id))
        .leftJoin(
          playerMoves,
          eq(playerMoves.statsId, periodBestScores.statsId),
        )
        .where(onBoard(gameId, period, start))
        .orderBy(...RANK_ORDER)
        .limit(LEADERBOARD_SIZE),
      db
        .select({ count: playersUpTo(gameId, period, start) })
        .from(sql`(select 1)`),
      db
        .select({ score: periodBestScores.score, ahead })
        .from(periodBestScores)
        .where(own)
        .limit(1),
      db
        .select({
          players: tournamentBoards.players,
          eligible: tournamentBoards.eligible,
          closedAt: tournamentBoards.closedAt,
        })
        .from(tournamentBoards)
        .where(boardKey(gameId, period, last))
        .limit(1),
      db
        .select({
          place: tournamentPrizes.place,
          playerId: tournamentPrizes.userId,
          name: users.name,
          score: tournamentPrizes.score,
          prize: tournamentPrizes.prize,
        })
        .from(tournamentPrizes)
        .innerJoin(users, eq(tournamentPrizes.userId, users.id))
        .where(
          and(
            eq(tournamentPrizes.gameId, gameId),
            eq(tournamentPrizes.period, period),
            eq(tournamentPrizes.periodStart, last),
          ),
        )
        .orderBy(asc(tournamentPrizes.place)),
      db
        .select({
          createdAt: accountCreatedSql(viewer).as("created_at"),
          rounds: roundsSql(viewer, end).as("rounds"),
          days: daysSql(viewer, end).as("days"),
          emailVerified: emailVerifiedSql(viewer).as("email_verified"),
        })
        .from(sql`(select 1)`),
    ]);
  if (!game) throw notFound("Game not found");
  const mine = viewerId === null ? undefined : standing[0];
  const aheadCount = mine ? Number(mine.ahead) : 0;
  const rules = prizeRules(game.minScore);
  const eligibility = eligibilityOf(viewerId, account, end);
  return {
    period,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(periodEnd(period, start)).toISOString(),
    prizes: PRIZES[period],
    min_players: MIN_TOURNAMENT_PLAYERS,
    players: Number(players?.count ?? 0),
    rules,
    entries: rows.map((row, index) => ({
      rank: index + 1,
      player_id: row.playerId,
      player_name: [row.name],
      profile_img: row.profileImg,
      score: row.score,
      run_id: row.runId,
      verified: true,
      prize_eligible: Boolean(row.prizeEligible),
    })),
    standing:
      viewerId === null
        ? null
        : mine
          ? {
              score: mine.score,
              rank: aheadCount >= PERIOD_RANK_LIMIT ? null : aheadCount + 1,
              beyond: aheadCount >= PERIOD_RANK_LIMIT,
            }
          : { score: 0, rank: null, beyond: false },
    eligibility,
    last:
      closed && closed.closedAt !== null
        ? {
            starts_at: new Date(last).toISOString(),
            players: closed.players ?? 0,
            eligible: closed.eligible,
            winners: winners.map((winner) => ({
              place: winner.place,
              player_id: winner.playerId,
              name: winner.name,
              score: winner.score,
              prize: winner.prize,
            })),
          }
        : null,
  };
}

/** One D1 batch (one transaction) of raw SQL; the last statement's rows are answered. */
async function runBatch(db: Db, statements: Statement[]) {
  const prepared = statements.map((statement) => {
    const query = is(statement, SQL)
      ? dialect.sqlToQuery(statement)
      : statement.toSQL();
    return db.$client.prepare(query.sql).bind(...query.params);
  });
  return db.$client.batch(prepared);
}

/**
 * Closes one board whose period has ended, paying its first three from the house when it had enough players. The
 * first statement stamps the board with a fresh claim only while it has none; every later statement writes only
 * where the board carries this claim. A second run, concurrent or later, stamps nothing and so pays nothing; the
 * prize's ledger reference is unique per player as well. Answers whether this run closed it, and the notifications
 * it wrote.
 */
async function close(db: Db, board: Board, now: number) {
  const { gameId, period, start } = board;
  const claim = crypto.randomUUID();
  const key = sql`${tournamentPrizes.gameId} = ${gameId} and ${tournamentPrizes.period} = ${period} and ${tournamentPrizes.periodStart} = ${start}`;
  const mine = sql`exists (select 1 from ${tournamentBoards} where ${boardKey(gameId, period, start)} and ${tournamentBoards.claim} = ${claim})`;
  const [first, second, third] = PRIZES[period];
  const message = (place: number, coins: number) =>
    prizeMessage(place, board.game, period, start, coins);
  const reference = `tournament:${gameId}:${period}:${utcDay(start)}`;
  // The board's first PRIZE_CANDIDATES players at or above the game's minimum, best first; the prizes go down it
  // to the eligible ones, judged as at the period's end (ADR 027).
  const candidates = sql`(select pb.user_id, pb.score, pb.achieved_at from ${periodBestScores} as pb
    where pb.game_id = ${gameId} and pb.period = ${period} and pb.period_start = ${start}
      and pb.score >= (select mg.prize_min_score from ${games} as mg where mg.id = ${gameId})
    order by pb.score desc, pb.achieved_at, pb.user_id limit ${PRIZE_CANDIDATES})`;
  const eligible = eligibleSql(sql`cand.user_id`, periodEnd(period, start));
  const results = await runBatch(db, [
    sql`update ${tournamentBoards} set claim = ${claim}, closed_at = ${now}, players = ${playersUpTo(gameId, period, start)},
        eligible = (select count(*) from (select 1 from ${candidates} as cand where ${eligible} limit ${MIN_TOURNAMENT_PLAYERS}))
      where ${boardKey(gameId, period, start)} and ${tournamentBoards.claim} is null`,
    sql`insert into ${tournamentPrizes} (game_id, period, period_start, place, user_id, score, prize)
      select ${gameId}, ${period}, ${start}, place, user_id, score,
        case place when 1 then ${first} when 2 then ${second} else ${third} end
      from (
        select user_id, score, row_number() over (order by score desc, achieved_at, user_id) as place
        from (select cand.user_id, cand.score, cand.achieved_at from ${candidates} as cand where ${eligible}
          order by cand.score desc, cand.achieved_at, cand.user_id limit 3)
      )
      where ${mine} and (select eligible from ${tournamentBoards} where ${boardKey(gameId, period, start)}) >= ${MIN_TOURNAMENT_PLAYERS}`,
    sql`insert into ${ledger} (user_id, amount, reason, reference)
      select user_id, prize, 'tournament_prize', ${reference} from ${tournamentPrizes} where ${key} and ${mine}`,
    sql`insert into ${notifications} (user_id, type, content, data)
      select user_id, 'tournament_prize',
        case place when 1 then ${message(1, first)} when 2 then ${message(2, second)} else ${message(3, third)} end,
        json_object('gameId', ${gameId}, 'gameName', ${board.game}, 'period', ${period},
          'periodStart', ${new Date(start).toISOString()}, 'place', place, 'prize', prize)
      from ${tournamentPrizes} where ${key} and ${mine}
      returning id, user_id, type, content, data, read_at, created_at`,
  ]);
  const written = (results[3]?.results ?? []) as Array<{
    id: number;
    user_id: number;
    type: "tournament_prize";
    content: string;
    data: string;
    read_at: number | null;
    created_at: number;
  }>;
  const stamped = (results[0]?.meta.changes ?? 0) > 0;
  return {
    stamped,
    notes: written.map((row) =>
      toNotificationView({
        id: row.id,
        userId: row.user_id,
        type: row.type,
        content: row.content,
        data: JSON.parse(row.data) as Record<string, unknown>,
        readAt: null,
        createdAt: new Date(row.created_at),
      }),
    ),
  };
}

export function createTournamentService(db: Db, push: Pusher) {
  const service = {
    board: (
      gameId: number,
      query: unknown,
      viewerId: number | null,
      now = Date.now(),
    ) => boardOf(db, gameId, query, viewerId, now),

    /**
     * The hourly cron: closes every board whose period has ended and is not closed yet, however many periods ago
     * (a cron that missed hours or days catches up), pays the winners and tells them. Safe to run twice at once.
     * Answers how many boards this run closed and the prizes it paid.
     */
    async closeDue(now = Date.now()) {
      let closed = 0;
      const paid: Array<{ userId: number; place: number; prize: number }> = [];
      for (const period of PERIODS) {
        const due = await db
          .select({
            gameId: tournamentBoards.gameId,
            start: tournamentBoards.periodStart,
            game: games.name,
          })
          .from(tournamentBoards)
          .innerJoin(games, eq(games.id, tournamentBoards.gameId))
          .where(
            and(
              eq(tournamentBoards.period, period),
              isNull(tournamentBoards.claim),
              lt(tournamentBoards.periodStart, periodStart(period, now)),
            ),
          )
          .orderBy(asc(tournamentBoards.periodStart));
        for (const board of due) {
          const { stamped, notes } = await close(db, { ...board, period }, now);
          if (!stamped) continue;
          closed += 1;
          for (const note of notes) {
            paid.push({
              userId: note.user,
              place: note.notification_data.place ?? 0,
              prize: note.notification_data.prize ?? 0,
            });
            await push(note.user, { event: "notification", data: note });
            const [winner] = await db
              .select({ wallet: users.wallet })
              .from(users)
              .where(eq(users.id, note.user));
            if (winner)
              await push(note.user, {
                event: "wallet_update",
                data: { wallet: winner.wallet },
              });
          }
        }
      }
      return { closed, paid };
    },

    /**
     * The hourly cron, after closing: deletes the rows of closed boards (their winners and player count stay), oldest
     * first, in statements of PURGE_CHUNK rows and at most `budget` rows a run, so a board of millions goes over a
     * few runs without any one statement growing with it. A board is marked purged once a statement finds it empty.
     */
    async purgeClosed(now = Date.now(), budget = PURGE_ROWS_PER_RUN) {
      let deleted = 0;
      const boards = await db
        .select({
          gameId: tournamentBoards.gameId,
          period: tournamentBoards.period,
          start: tournamentBoards.periodStart,
        })
        .from(tournamentBoards)
        .where(
          and(
            isNotNull(tournamentBoards.claim),
            isNull(tournamentBoards.purgedAt),
          ),
        )
        .orderBy(asc(tournamentBoards.closedAt))
        .limit(100);
      for (const board of boards) {
        for (;;) {
          if (deleted >= budget) return { deleted };
          const chunk = Math.min(PURGE_CHUNK, budget - deleted);
          const result = await db.run(
            sql`delete from ${periodBestScores} where rowid in (select rowid from ${periodBestScores}
              where ${onBoard(board.gameId, board.period, board.start)} limit ${chunk})`,
          );
          const changes = result.meta.changes ?? 0;
          deleted += changes;
          if (changes < chunk) break;
        }
        await db
          .update(tournamentBoards)
          .set({ purgedAt: new Date(now) })
          .where(boardKey(board.gameId, board.period, board.start));
      }
      return { deleted };
    },
  };

  return service;
}
