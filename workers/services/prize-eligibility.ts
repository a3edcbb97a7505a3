import { sql, type SQL } from "drizzle-orm";
import {
  PRIZE_ACCOUNT_DAYS,
  PRIZE_DAYS,
  PRIZE_ROUNDS,
  ROUNDS_SCANNED,
} from "#contract/tournaments";
import { games, scores, users } from "../db/schema";

/**
 * Who can win a tournament prize (ADR 027), as SQL that the close's batch and a board's read evaluate in the
 * database, each part reading a bounded number of rows through an index.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moments of the player's verified rounds that reached their game's minimum score, among their latest
 * ROUNDS_SCANNED scores before `end` (the scores_user_time_idx range). Only our own games have a minimum, and their
 * scores are all replayed (ADR 014); an external game's have none and never count, nor does a round held for a
 * fair-play review until it is released (ADR 032).
 */
const qualifyingRounds = (user: SQL, end: number) =>
  sql`(select recent.created_at as at from (select sc.game_id, sc.score, sc.created_at, sc.review from ${scores} as sc
    where sc.user_id = ${user} and sc.created_at < ${end} order by sc.created_at desc limit ${ROUNDS_SCANNED}) as recent
    where recent.score >= (select rg.prize_min_score from ${games} as rg where rg.id = recent.game_id)
      and (recent.review is null or recent.review = 'released'))`;

/** Qualifying rounds, counted up to PRIZE_ROUNDS. */
export const roundsSql = (user: SQL, end: number) =>
  sql<number>`(select count(*) from (select 1 from ${qualifyingRounds(user, end)} limit ${PRIZE_ROUNDS}))`;

/** Different UTC days among them, counted up to PRIZE_DAYS. */
export const daysSql = (user: SQL, end: number) =>
  sql<number>`(select count(*) from (select distinct q.at / ${DAY_MS} from ${qualifyingRounds(user, end)} as q limit ${PRIZE_DAYS}))`;

export const accountCreatedSql = (user: SQL) =>
  sql<number>`(select au.created_at from ${users} as au where au.id = ${user})`;

/** Whether the account's address is verified (issue #34): a prize goes to someone who can be reached. */
export const emailVerifiedSql = (user: SQL) =>
  sql<number>`((select ev.email_verified_at from ${users} as ev where ev.id = ${user}) is not null)`;

/** The first moment an account made at `createdAt` is old enough. */
export const accountReadyAt = (createdAt: number) =>
  createdAt + PRIZE_ACCOUNT_DAYS * DAY_MS;

/**
 * Whether `user` (an SQL expression: a column of the outer row or a value) can win a prize of a period ending at
 * `end`: the account is old enough by then, its e-mail is verified, and it has enough qualifying
 * rounds on enough days before then. The cheap account checks go first; AND stops at the first that fails.
 */
export const eligibleSql = (user: SQL, end: number) =>
  sql<number>`(${accountCreatedSql(user)} <= ${end - PRIZE_ACCOUNT_DAYS * DAY_MS}
    and ${emailVerifiedSql(user)}
    and ${roundsSql(user, end)} >= ${PRIZE_ROUNDS}
    and ${daysSql(user, end)} >= ${PRIZE_DAYS})`;
