import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const DAY_MS = 86_400_000;

/**
 * Days a wallet's movements are kept one by one; older ones are folded into one row of their sum (ADR 047). The
 * wallet shows its latest movements, and nothing settles coins a month after the fact: a challenge expires within
 * days, a prize is paid when its period closes.
 */
export const LEDGER_DETAIL_DAYS = 30;
/**
 * Wallets folded a batch, and batches a run: at most 10,000 wallets an hour, 240,000 a day. Each day the movements
 * of about as many wallets as claimed a bonus that day cross the cut (60,000 at 100,000 daily players, ADR 025).
 */
const FOLD_WALLETS = 500;
const FOLD_BATCHES = 20;

/**
 * Folds each wallet's movements older than `LEDGER_DETAIL_DAYS` into one `carried_forward` row of their sum, dated
 * at the cut, in one batch of two statements per group of wallets: the row moves no coins (migration 0029's trigger
 * skips it), the rows it replaces go, so a wallet still equals the sum of its ledger and a fold is all or nothing.
 * The row before's carried sum is older than the next cut, so a wallet keeps one such row however often it is
 * folded. Answers the rows deleted.
 */
export async function foldLedger(db: Db, now: number): Promise<number> {
  const cut = Math.floor(now) - LEDGER_DETAIL_DAYS * DAY_MS;
  let folded = 0;
  for (let batch = 0; batch < FOLD_BATCHES; batch++) {
    // Along the created_at index: the oldest movements first, their wallets once each.
    const rows = await db.all<{ userId: number }>(sql`
      select distinct user_id as userId from (select user_id from ledger
        where created_at < ${cut} and reason <> 'carried_forward' order by created_at limit ${FOLD_WALLETS * 10})
      limit ${FOLD_WALLETS}`);
    if (rows.length === 0) break;
    // Numbers only, written into the text: drizzle's D1 batch takes raw statements without parameters.
    const wallets = rows.map(({ userId }) => Number(userId)).join(", ");
    const [, deleted] = await db.batch([
      db.run(
        sql.raw(`insert into ledger (user_id, amount, reason, reference, created_at)
          select user_id, sum(amount), 'carried_forward', 'carried-forward:${cut}', ${cut}
          from ledger where user_id in (${wallets}) and created_at < ${cut}
          group by user_id having sum(amount) <> 0`),
      ),
      db.run(
        sql.raw(
          `delete from ledger where user_id in (${wallets}) and created_at < ${cut}`,
        ),
      ),
    ]);
    folded += deleted.meta.changes ?? 0;
    if (rows.length < FOLD_WALLETS) break;
  }
  return folded;
}
