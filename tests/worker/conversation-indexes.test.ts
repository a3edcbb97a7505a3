import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  CONVERSATION_SCHEMA,
  RECIPIENT_QUERIES,
} from "../../workers/durable-objects/Conversation";
import { conversationOf } from "../../workers/durable-objects/hubs";

const HISTORY = 3_000;
const SEEN = 2;
const DELIVERED = 1;

/**
 * A conversation of a long history (HISTORY messages each way, all seen) and then a few new ones to `b` (two
 * delivered, one not yet), written straight into its storage; `run` gets its SQL.
 */
async function withLongHistory<T>(
  a: number,
  b: number,
  run: (sql: SqlStorage) => T,
): Promise<T> {
  return runInDurableObject(conversationOf(env, a, b), (_instance, state) => {
    const { sql } = state.storage;
    for (const statement of CONVERSATION_SCHEMA) sql.exec(statement);
    // One statement: sqlite writes the history in a few milliseconds.
    sql.exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into messages (msg_id, sender_id, recipient_id, content, status, created_at)
       select 'old-' || i, case i % 2 when 0 then ? else ? end, case i % 2 when 0 then ? else ? end, 'hi', ?, i from n`,
      HISTORY * 2,
      a,
      b,
      b,
      a,
      SEEN,
    );
    for (const [msgId, status] of [
      ["new-1", DELIVERED],
      ["new-2", DELIVERED],
      ["new-3", 0],
    ] as const)
      sql.exec(
        "insert into messages (msg_id, sender_id, recipient_id, content, status, created_at) values (?, ?, ?, 'new', ?, 0)",
        msgId,
        a,
        b,
        status,
      );
    return run(sql);
  });
}

/** Each statement with arguments for recipient `b`, as the conversation runs it. */
function statements(b: number) {
  const latest = Number.MAX_SAFE_INTEGER;
  return {
    unseenCount: [b, SEEN],
    latestTo: [b, latest],
    unacked: [b, 0, 200],
    acknowledge: [DELIVERED, b, 0, JSON.stringify(["new-3"])],
    markSeen: [SEEN, b, latest, DELIVERED, "", SEEN],
    progressOf: [b, DELIVERED],
  } satisfies Record<keyof typeof RECIPIENT_QUERIES, SqlStorageValue[]>;
}

describe("a conversation's indexes (issue #36)", () => {
  it("finds a recipient's latest, unacknowledged and unseen messages without reading their whole history", async () => {
    const read = await withLongHistory(9101, 9102, (sql) =>
      Object.fromEntries(
        Object.entries(statements(9102)).map(([name, args]) => {
          const cursor = sql.exec(
            RECIPIENT_QUERIES[name as keyof typeof RECIPIENT_QUERIES],
            ...args,
          );
          cursor.toArray();
          return [name, cursor.rowsRead];
        }),
      ),
    );
    // The history is 6,000 messages, 3,000 of them to this recipient; each statement reads a handful of rows.
    for (const [name, rows] of Object.entries(read))
      expect(rows, `${name} read ${rows} rows`).toBeLessThan(20);
  });

  it("plans every one of them on an index, sorting nothing", async () => {
    const plans = await withLongHistory(9201, 9202, (sql) =>
      Object.entries(statements(9202)).map(([name, args]) => ({
        name,
        plan: sql
          .exec<{ detail: string }>(
            `explain query plan ${RECIPIENT_QUERIES[name as keyof typeof RECIPIENT_QUERIES]}`,
            ...args,
          )
          .toArray()
          .map((row) => row.detail)
          .join("\n"),
      })),
    );
    for (const { name, plan } of plans) {
      expect(plan, name).not.toMatch(/SCAN messages|TEMP B-TREE/);
      expect(plan, name).toMatch(/messages_recipient/);
    }
  });

  it("gives a conversation stored before the recipient index that index when it wakes", async () => {
    const stub = conversationOf(env, 9301, 9302);
    await runInDurableObject(stub, (_instance, state) => {
      for (const statement of CONVERSATION_SCHEMA.slice(0, 2))
        state.storage.sql.exec(statement);
    });
    // A new instance of the object over the same storage, as after an eviction.
    const indexes = await runInDurableObject(stub, (instance, state) => {
      const Fresh = instance.constructor as new (
        ctx: DurableObjectState,
        env: Env,
      ) => unknown;
      new Fresh(state, env);
      return state.storage.sql
        .exec<{
          name: string;
        }>(
          "select name from sqlite_master where type = 'index' and tbl_name = 'messages' order by name",
        )
        .toArray()
        .map((row) => row.name);
    });
    expect(indexes).toContain("messages_recipient");
    expect(indexes).toContain("messages_recipient_status");
  });
});
