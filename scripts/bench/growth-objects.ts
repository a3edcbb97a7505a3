// Durable Object storage: what a chat message costs in a Conversation's SQLite, measured the same way as D1 (the
// messages table of workers/durable-objects/Conversation.ts, filled in a local SQLite database and its pages walked).
import { Miniflare } from "miniflare";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sizeOfFile } from "./growth-run";

/** Conversation.ts's table and index, as it creates them. */
const MESSAGES_TABLE = [
  `create table if not exists messages (seq integer primary key autoincrement, msg_id text not null unique, sender_id integer not null, recipient_id integer not null, content text not null, sender_name text not null default '', status integer not null default 0, created_at integer not null)`,
  "create index if not exists messages_recipient_status on messages (recipient_id, status, seq)",
];

/** Bytes one stored chat message of `length` characters takes, with its indexes, over `count` messages. */
export async function bytesPerChatMessage(
  length: number,
  count = 20_000,
): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-growth-chat-"));
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    d1Databases: { CHAT: "chat" },
    d1Persist: dir,
  });
  try {
    const d1 = await mf.getD1Database("CHAT");
    for (const statement of MESSAGES_TABLE) await d1.exec(statement);
    const folder = path.join(dir, "miniflare-D1DatabaseObject");
    const file = () =>
      path.join(
        folder,
        readdirSync(folder).find(
          (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
        )!,
      );
    const tableBytes = () =>
      sizeOfFile(file())
        .btrees.filter((btree) => btree.table === "messages")
        .reduce((sum, btree) => sum + btree.bytes, 0);
    const before = tableBytes();
    const lines: string[] = [];
    const text = "x".repeat(length);
    const started = Date.UTC(2027, 0, 4);
    for (let i = 0; i < count; i++)
      lines.push(
        `insert into messages (msg_id, sender_id, recipient_id, content, sender_name, status, created_at) values ('${crypto.randomUUID()}', ${1 + (i % 2)}, ${2 - (i % 2)}, '${text}', 'Player ${i % 2}', 2, ${started + i * 1000})`,
      );
    for (let at = 0; at < lines.length; at += 2000)
      await d1.exec(lines.slice(at, at + 2000).join("\n"));
    return (tableBytes() - before) / count;
  } finally {
    await mf.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
