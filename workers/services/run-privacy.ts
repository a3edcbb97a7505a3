import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import type { playerMoves } from "../db/schema";
import { hasRunLog } from "./run-logs";

/**
 * Which kept runs only their players may watch (issue #29): a challenge's round, and a round of a private match (a
 * session opened for the room of a friend's invitation or a rematch offer, ADR 026). Everything else is public like
 * the boards that link to it.
 */
export const isPrivateRun = (statsId: AnySQLiteColumn | number): SQL<number> =>
  sql<number>`(exists (select 1 from challenges c where c.round_stats_id = ${statsId})
    or exists (select 1 from game_stats gs join match_invites mi on mi.room_id = gs.room_id where gs.id = ${statsId}))`;

/** The players a private run is shown to, or null when the run is public. */
export async function privateRunPlayers(
  db: Db,
  statsId: number,
): Promise<number[] | null> {
  const rows = await db.all<{ one: number | null; two: number | null }>(
    sql`select from_user_id as one, to_user_id as two from challenges where round_stats_id = ${statsId}
        union all
        select mi.inviter_id, mi.taken_by from game_stats gs join match_invites mi on mi.room_id = gs.room_id
        where gs.id = ${statsId}`,
  );
  if (rows.length === 0) return null;
  return rows
    .flatMap((row) => [row.one, row.two])
    .filter((id): id is number => id !== null);
}

/** A board entry's run to watch: its public id when it was replayed and is not private, else null. */
export const watchableRunId = (moves: typeof playerMoves): SQL<string | null> =>
  sql<
    string | null
  >`case when ${hasRunLog(moves)} and not ${isPrivateRun(moves.statsId)} then ${moves.publicId} end`;
