import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const DAY_MS = 86_400_000;

/** Days a wallet's movements are kept one by one; older ones are folded into one row of their sum (ADR 047). */
export const LEDGER_DETAIL_DAYS = 90;
/** Wallets folded a statement, and statements a run: at most 2,000 wallets an hour. */
const FOLD_WALLETS = 100;
const FOLD_BATCHES = 20;

/**
 * Folds each wallet's movements older than `LEDGER_DETAIL_DAYS` into one `carried_forward` row of their sum, dated
 * at the cut, in one batch per group of wallets: the row moves no coins (migration 0029's trigger skips it), the rows
 * it replaces go, so a wallet still equals the sum of its ledger and a fold is all or nothing. The row before's
 * carried sum is older than the next cut, so a wallet keeps one such row however often it is folded. Answers the
 * rows deleted.
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
    const statements = rows.flatMap(({ userId }) => {
      const user = Number(userId);
      return [
        db.run(
          sql.raw(`insert into ledger (user_id, amount, reason, reference, created_at)
            select user_id, sum(amount), 'carried_forward', 'carried-forward:${cut}', ${cut}
            from ledger where user_id = ${user} and created_at < ${cut}
            group by user_id having sum(amount) <> 0`),
        ),
        db.run(
          sql.raw(
            `delete from ledger where user_id = ${user} and created_at < ${cut}`,
          ),
        ),
      ];
    });
    const [first, ...rest] = statements;
    const results = await db.batch([first, ...rest]);
    folded += results
      .filter((_, index) => index % 2 === 1)
      .reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
    if (rows.length < FOLD_WALLETS) break;
  }
  return folded;
}
