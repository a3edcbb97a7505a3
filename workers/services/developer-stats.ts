import { EXTERNAL_GAME_TYPE } from "#contract/runs";
import { eq, sql } from "drizzle-orm";
import {
  STATS_DAYS,
  type GameStatsReport,
  type StatsDay,
} from "#contract/developer-stats";
import type { Db } from "../db/client";
import { games } from "../db/schema";
import type { DeveloperService } from "./developers";
import { notFound } from "./errors";

const DAY_MS = 86_400_000;

type Developers = Pick<DeveloperService, "isModerator" | "publisherFor">;

interface RoundRow {
  day: number;
  plays: number;
  players: number;
  seconds: number | null;
  timed: number;
  finished: number;
}
interface ReturnRow {
  day: number;
  cohort: number;
  day1: number;
  day7: number;
}
interface CountRow {
  what: "likes" | "ratings" | "ad_break_requested" | "game_error";
  day: number;
  n: number;
}

/**
 * Issue #33: a game's numbers for its developers, day by day over the last STATS_DAYS UTC days. Each figure is one
 * grouped query over an index that starts with the game (migration 0023), whatever the number of days.
 *
 * Visitors' rounds count from visitor_rounds; one nobody claimed is swept a day on (visitor-rounds.ts), so an older
 * day keeps the visitors' rounds that became a player's session and loses the others.
 */
export function createDeveloperStatsService(db: Db, developers: Developers) {
  return {
    /** 404 for a game that does not exist, 403 for anyone but its publisher's developers and the moderators. */
    async forGame(
      userId: number,
      gameId: number,
      today: Date = new Date(),
    ): Promise<GameStatsReport> {
      const game = await db
        .select({
          id: games.id,
          name: games.name,
          publisherId: games.publisherId,
          type: games.type,
          bundlePath: games.bundlePath,
        })
        .from(games)
        .where(eq(games.id, gameId))
        .get();
      if (!game) throw notFound("Game not found");
      if (!(await developers.isModerator(userId)))
        await developers.publisherFor(userId, game.publisherId);

      const last = Math.floor(today.getTime() / DAY_MS);
      const first = last - STATS_DAYS + 1;
      const window = { gameId, from: first * DAY_MS, to: (last + 1) * DAY_MS };
      const [sessions, visitors, players, returns, counts] = await Promise.all([
        db.all<RoundRow>(sessionsByDay(window)),
        db.all<RoundRow>(visitorRoundsByDay(window)),
        db.get<{ players: number }>(playersIn(window)),
        db.all<ReturnRow>(returnsByFirstDay(window)),
        db.all<CountRow>(countsByDay(window)),
      ]);
      // Our own games keep a visitor's round; an uploaded or linked game's visitors leave only their start.
      const keepsVisitorRounds =
        game.type !== EXTERNAL_GAME_TYPE && game.bundlePath === null;
      const starts = keepsVisitorRounds
        ? []
        : await db.all<RoundRow>(visitorStartsByDay(window));
      return {
        game: { id: game.id, name: game.name },
        ...assemble(first, last, {
          sessions,
          visitors: [...visitors, ...starts],
          players: players?.players ?? 0,
          returns,
          counts,
        }),
      };
    },
  };
}

interface Window {
  gameId: number;
  from: number;
  to: number;
}

/** Written into the SQL, not bound: D1 binds a number as a real, and a real would make the division a fraction. */
const DAY = sql.raw(String(DAY_MS));
const dayOf = (column: unknown) => sql`(${column} / ${DAY})`;

/** A visitor's round a player claimed is a session too (visitor_round_id): it counts once, as the visitor's. */
function sessionsByDay({ gameId, from, to }: Window) {
  return sql`
    select ${dayOf(sql`created_at`)} as day,
      sum(visitor_round_id is null) as plays,
      count(distinct user_id) as players,
      sum(case when visitor_round_id is null then play_time end) as seconds,
      sum(visitor_round_id is null and play_time is not null) as timed,
      sum(visitor_round_id is null and score is not null) as finished
    from game_stats
    where game_id = ${gameId} and created_at >= ${from} and created_at < ${to}
    group by day`;
}

function visitorRoundsByDay({ gameId, from, to }: Window) {
  return sql`
    select ${dayOf(sql`created_at`)} as day, count(*) as plays, 0 as players,
      sum(play_time) as seconds, count(play_time) as timed, count(score) as finished
    from visitor_rounds
    where game_id = ${gameId} and created_at >= ${from} and created_at < ${to}
    group by day`;
}

function visitorStartsByDay({ gameId, from, to }: Window) {
  return sql`
    select ${dayOf(sql`created_at`)} as day, count(*) as plays, 0 as players,
      0 as seconds, 0 as timed, 0 as finished
    from events
    where game_id = ${gameId} and created_at >= ${from} and created_at < ${to}
      and name = 'start_game_play' and user_id is null
    group by day`;
}

function playersIn({ gameId, from, to }: Window) {
  return sql`
    select count(distinct user_id) as players from game_stats
    where game_id = ${gameId} and created_at >= ${from} and created_at < ${to}`;
}

/** Players whose first session of the game fell in the window, by that day, and whether they came back on day 1 and 7. */
function returnsByFirstDay({ gameId, from }: Window) {
  const cameBack = (after: number) => sql`exists (
      select 1 from game_stats later
      where later.game_id = ${gameId} and later.user_id = firsts.user_id
        and later.created_at >= (firsts.day + ${after}) * ${DAY}
        and later.created_at < (firsts.day + ${after + 1}) * ${DAY})`;
  return sql`
    with firsts as (
      select user_id, min(created_at) / ${DAY} as day from game_stats
      where game_id = ${gameId} group by user_id having min(created_at) >= ${from})
    select day, count(*) as cohort, sum(${cameBack(1)}) as day1, sum(${cameBack(7)}) as day7
    from firsts group by day`;
}

function countsByDay({ gameId, from, to }: Window) {
  const inWindow = sql`game_id = ${gameId} and created_at >= ${from} and created_at < ${to}`;
  const day = dayOf(sql`created_at`);
  return sql`
    select 'likes' as what, ${day} as day, count(*) as n from likes where ${inWindow} group by day
    union all
    select 'ratings', ${day} as day, count(*) from ratings where ${inWindow} group by day
    union all
    select name, ${day} as day, count(*) from events
    where ${inWindow} and name in ('ad_break_requested', 'game_error') group by name, day`;
}

interface Rows {
  sessions: RoundRow[];
  visitors: RoundRow[];
  players: number;
  returns: ReturnRow[];
  counts: CountRow[];
}

const share = (part: number, whole: number) =>
  whole > 0 ? part / whole : null;

/** The grouped rows, laid on every day of the window (a day nobody played is a row of zeros). */
function assemble(
  first: number,
  last: number,
  rows: Rows,
): Pick<GameStatsReport, "days" | "totals"> {
  const sum = { plays: 0, seconds: 0, timed: 0, finished: 0 };
  const cohorts = { day1: [0, 0], day7: [0, 0] };
  const days: StatsDay[] = [];
  for (let day = first; day <= last; day += 1) {
    const rounds = [...rows.sessions, ...rows.visitors].filter(
      (row) => row.day === day,
    );
    const total = (key: "plays" | "timed" | "finished" | "seconds") =>
      rounds.reduce((acc, row) => acc + (row[key] ?? 0), 0);
    const [plays, timed, finished, seconds] = [
      total("plays"),
      total("timed"),
      total("finished"),
      total("seconds"),
    ];
    sum.plays += plays;
    sum.timed += timed;
    sum.finished += finished;
    sum.seconds += seconds;
    const cohort = rows.returns.find((row) => row.day === day);
    const newPlayers = cohort?.cohort ?? 0;
    // A return is known once its day is over: today's players may still come back today.
    const returnShare = (after: 1 | 7) => {
      if (day + after >= last) return null;
      const returned = after === 1 ? cohort?.day1 : cohort?.day7;
      const tally = after === 1 ? cohorts.day1 : cohorts.day7;
      tally[0] += returned ?? 0;
      tally[1] += newPlayers;
      return share(returned ?? 0, newPlayers);
    };
    const count = (what: CountRow["what"]) =>
      rows.counts.find((row) => row.what === what && row.day === day)?.n ?? 0;
    days.push({
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      plays,
      players: rows.sessions.find((row) => row.day === day)?.players ?? 0,
      averageSeconds: timed > 0 ? seconds / timed : null,
      finishedShare: share(finished, plays),
      newPlayers,
      returnDay1: returnShare(1),
      returnDay7: returnShare(7),
      likes: count("likes"),
      ratings: count("ratings"),
      adBreaks: count("ad_break_requested"),
      errors: count("game_error"),
    });
  }
  const added = (key: "likes" | "ratings" | "adBreaks" | "errors") =>
    days.reduce((acc, day) => acc + day[key], 0);
  return {
    days,
    totals: {
      plays: sum.plays,
      players: rows.players,
      averageSeconds: sum.timed > 0 ? sum.seconds / sum.timed : null,
      finishedShare: share(sum.finished, sum.plays),
      newPlayers: days.reduce((acc, day) => acc + day.newPlayers, 0),
      returnDay1: share(cohorts.day1[0], cohorts.day1[1]),
      returnDay7: share(cohorts.day7[0], cohorts.day7[1]),
      likes: added("likes"),
      ratings: added("ratings"),
      adBreaks: added("adBreaks"),
      errors: added("errors"),
    },
  };
}
