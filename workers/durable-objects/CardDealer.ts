import { DurableObject } from "cloudflare:workers";
import {
  MAX_TURNS,
  type Table,
  deckOf,
  newTable,
  playTurn,
} from "../../games/memory-match/deal";
import type { TurnAnswer } from "../services/card-faces";

/**
 * Deals Memory Match's faces to one play session (`session:{id}`, `visitor:{id}`), card by card, and keeps every card
 * it revealed, in order: the commitment the round's replay must turn exactly (ADR 014, "Hidden information"). One
 * object runs one request at a time, so two racing turns are played one after the other.
 */
export class CardDealer extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `create table if not exists turns (n integer primary key, level integer not null, card integer not null);
       create table if not exists state (id integer primary key check (id = 1), table_json text not null);`,
    );
  }

  /**
   * Turns `card` on `level` as the session's turn number `n` (counted from 0). The turn already recorded as `n` is
   * answered again, so a browser may ask twice when an answer was lost; any other number is out of order.
   */
  turn(hiddenSeed: number, n: number, level: number, card: number): TurnAnswer {
    const count = this.turnCount();
    if (n === count - 1) {
      const last = this.ctx.storage.sql
        .exec<{
          level: number;
          card: number;
        }>("select level, card from turns where n = ?", n)
        .one();
      if (last.level !== level || last.card !== card)
        return { ok: false, message: "That turn was another card" };
      return { ok: true, face: deckOf(hiddenSeed, level)[card] };
    }
    if (n !== count)
      return {
        ok: false,
        message: `This round is at turn ${count}, not ${n}`,
      };
    if (count >= MAX_TURNS)
      return { ok: false, message: "This round has turned enough cards" };
    const answer = playTurn(this.table(), hiddenSeed, level, card);
    if ("problem" in answer) return { ok: false, message: answer.problem };
    this.ctx.storage.sql.exec(
      "insert into turns (n, level, card) values (?, ?, ?)",
      n,
      level,
      card,
    );
    this.ctx.storage.sql.exec(
      "insert or replace into state (id, table_json) values (1, ?)",
      JSON.stringify(answer.table),
    );
    return { ok: true, face: answer.face };
  }

  /** Every card revealed, in order. */
  turns(): { level: number; card: number }[] {
    return this.ctx.storage.sql
      .exec<{
        level: number;
        card: number;
      }>("select level, card from turns order by n")
      .toArray();
  }

  private turnCount(): number {
    return this.ctx.storage.sql
      .exec<{ n: number }>("select count(*) as n from turns")
      .one().n;
  }

  private table(): Table {
    const [row] = this.ctx.storage.sql
      .exec<{ table_json: string }>("select table_json from state")
      .toArray();
    return row ? (JSON.parse(row.table_json) as Table) : newTable();
  }
}
