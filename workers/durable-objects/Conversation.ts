import { DurableObject } from "cloudflare:workers";
import { CHAT_MAX_LENGTH, type ChatMessage } from "#contract/protocol";
import type { UserServerEvent } from "#contract/user-socket";
import {
  chatIdOf,
  HISTORY_PAGE,
  MESSAGE_STATUS,
  type HistoryPage,
} from "#contract/chat";
import { hubOf } from "./hubs";

/** A message to send again on a new connection is read this many at a time. */
const UNACKED_PAGE = 200;
/** How soon the alarm tries again to tell a recipient's hub of a message it could not be handed. */
const HAND_OVER_RETRY_MS = 1_000;

type ChatEvent = Extract<UserServerEvent, { event: "new_message" }>;

export type ChatAnswer<T = undefined> =
  { ok: true; value: T } | { ok: false; message: string };

interface Row extends Record<string, SqlStorageValue> {
  seq: number;
  msg_id: string;
  sender_id: number;
  recipient_id: number;
  content: string;
  sender_name: string;
  status: number;
  created_at: number;
}

/**
 * One per pair of users (SPEC.md §3 Chat message, §4 Chat status). Messages live in this object's SQLite storage,
 * in the order they arrived, so nothing is lost when the object is evicted or a socket drops. Only the two members
 * may read or write; everything reaches them through their UserHubs. A message is delivered (status 1) only once
 * its recipient's client has acknowledged it; until then it is sent again on each new connection of theirs.
 */
export class Conversation extends DurableObject<Env> {
  /**
   * Whether this pair has ever exchanged a message. The table is created by the first message, not on construction:
   * a read (history, a report, a stranger's probe) must leave nothing stored behind.
   */
  private stored = false;
  /** Recipient → the hand-over of the latest message to them (`handToRecipient`). */
  private readonly handOvers = new Map<number, Promise<void>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.stored =
      ctx.storage.sql
        .exec(
          "select 1 from sqlite_master where type = 'table' and name = 'messages'",
        )
        .toArray().length > 0;
  }

  private ensureStorage() {
    if (this.stored) return;
    this.ctx.storage.sql.exec(`create table if not exists messages (
      seq integer primary key autoincrement,
      msg_id text not null unique,
      sender_id integer not null,
      recipient_id integer not null,
      content text not null,
      sender_name text not null default '',
      status integer not null default 0,
      created_at integer not null
    )`);
    this.ctx.storage.sql.exec(
      "create index if not exists messages_recipient_status on messages (recipient_id, status, seq)",
    );
    this.stored = true;
  }

  private members(a: number, b: number) {
    return { chatId: chatIdOf(a, b) };
  }

  private toMessage(row: Row, chatId: string): ChatMessage {
    return {
      chat_id: chatId,
      msg_id: row.msg_id,
      sender: row.sender_id,
      sender_id: row.sender_id,
      content: row.content,
      status: row.status,
      created_dt: new Date(row.created_at).toISOString(),
    };
  }

  private row(msgId: string): Row | null {
    if (!this.stored) return null;
    return (
      this.ctx.storage.sql
        .exec<Row>("select * from messages where msg_id = ?", msgId)
        .toArray()[0] ?? null
    );
  }

  /** The message as its recipient gets it; they acknowledge it with `messages_received`. */
  private forRecipient(row: Row, chatId: string): ChatEvent {
    return {
      event: "new_message",
      data: {
        ...this.toMessage(row, chatId),
        seq: row.seq,
        user: row.recipient_id,
        friend_id: row.sender_id,
        sender_name: row.sender_name,
      },
    };
  }

  /**
   * A new message from `senderId` to `recipientId`; a resend with the same msg_id returns the stored one. It is
   * stored before anyone hears of it, with status 0: it becomes delivered only when the recipient's client
   * acknowledges it (`acknowledge`), and until then each new connection of theirs gets it again (`unacked`).
   */
  async send(input: {
    senderId: number;
    recipientId: number;
    senderName: string;
    content: string;
    msgId: string;
  }): Promise<ChatAnswer<ChatMessage>> {
    const { chatId } = this.members(input.senderId, input.recipientId);
    const content = input.content.trim();
    if (!content) return { ok: false, message: "Empty messages are not sent" };
    if (content.length > CHAT_MAX_LENGTH)
      return {
        ok: false,
        message: `Messages are at most ${CHAT_MAX_LENGTH} characters`,
      };
    this.ensureStorage();
    const existing = this.row(input.msgId);
    if (existing) {
      if (existing.sender_id !== input.senderId)
        return { ok: false, message: "That message id is taken" };
      // The first try may have ended before the hand-over (a restart): the hub drops what a tab already had.
      if (existing.status === MESSAGE_STATUS.sent)
        await this.handToRecipient(
          input.recipientId,
          input.senderId,
          this.forRecipient(existing, chatId),
        );
      return { ok: true, value: this.toMessage(existing, chatId) };
    }
    this.ctx.storage.sql.exec(
      "insert into messages (msg_id, sender_id, recipient_id, content, sender_name, status, created_at) values (?, ?, ?, ?, ?, 0, ?)",
      input.msgId,
      input.senderId,
      input.recipientId,
      content,
      input.senderName,
      Date.now(),
    );
    const row = this.row(input.msgId)!;
    const event = this.forRecipient(row, chatId);
    await this.handToRecipient(input.recipientId, input.senderId, event);
    // The sender's other tabs see it too.
    await hubOf(this.env, input.senderId)
      .push({ ...event, data: { ...event.data, friend_id: input.recipientId } })
      .catch(() => undefined);
    return {
      ok: true,
      value: { ...this.toMessage(row, chatId), seq: row.seq },
    };
  }

  /**
   * Hands a message to its recipient's hub, which sends it to their open tabs. Each recipient's messages are handed
   * over one at a time, so the hub gets them in the order they were stored. When the hub cannot be reached the
   * message waits in storage and the alarm tells the hub later.
   */
  private handToRecipient(
    recipientId: number,
    senderId: number,
    event: ChatEvent,
  ): Promise<void> {
    const previous = this.handOvers.get(recipientId) ?? Promise.resolve();
    const handOver = previous
      .then(() => hubOf(this.env, recipientId).deliverMessage(senderId, event))
      .then(
        () => undefined,
        () => this.ctx.storage.setAlarm(Date.now() + HAND_OVER_RETRY_MS),
      )
      .catch(() => undefined);
    this.handOvers.set(recipientId, handOver);
    void handOver.then(() => {
      if (this.handOvers.get(recipientId) === handOver)
        this.handOvers.delete(recipientId);
    });
    return handOver;
  }

  /** A hub could not be reached: every recipient with unacknowledged messages hears of them (retried on failure). */
  async alarm(): Promise<void> {
    if (!this.stored) return;
    const waiting = this.ctx.storage.sql
      .exec<{ recipient_id: number; sender_id: number }>(
        "select distinct recipient_id, sender_id from messages where status = 0",
      )
      .toArray();
    for (const { recipient_id, sender_id } of waiting)
      await hubOf(this.env, recipient_id).notePending(sender_id);
  }

  /** Messages to `userId` that their client has not acknowledged, after position `after`, oldest first. */
  unacked(
    userId: number,
    friendId: number,
    after = 0,
    limit = UNACKED_PAGE,
  ): ChatEvent[] {
    const { chatId } = this.members(userId, friendId);
    if (!this.stored) return [];
    return this.ctx.storage.sql
      .exec<Row>(
        "select * from messages where recipient_id = ? and status = 0 and seq > ? order by seq limit ?",
        userId,
        after,
        limit,
      )
      .toArray()
      .map((row) => this.forRecipient(row, chatId));
  }

  /**
   * `userId`'s client has these messages: each still at 0 becomes delivered (1), and the sender hears how far their
   * messages are delivered with none missing. Answers how many to `userId` are still unacknowledged.
   */
  async acknowledge(
    userId: number,
    friendId: number,
    msgIds: string[],
  ): Promise<{ remaining: number }> {
    const { chatId } = this.members(userId, friendId);
    if (!this.stored) return { remaining: 0 };
    const changed = this.ctx.storage.sql.exec(
      // One bound list (json_each): a query takes at most 100 bound values.
      "update messages set status = ? where recipient_id = ? and status = ? and msg_id in (select value from json_each(?))",
      MESSAGE_STATUS.delivered,
      userId,
      MESSAGE_STATUS.sent,
      JSON.stringify(msgIds),
    ).rowsWritten;
    if (changed > 0)
      await this.tellProgress(userId, chatId, MESSAGE_STATUS.delivered);
    const [{ remaining }] = this.ctx.storage.sql
      .exec<{
        remaining: number;
      }>(
        "select count(*) as remaining from messages where recipient_id = ? and status = ?",
        userId,
        MESSAGE_STATUS.sent,
      )
      .toArray();
    return { remaining };
  }

  /** SPEC.md §7 GET /chat/{userId}/{friendId}: newest page first in time order; `before` pages back. */
  history(
    userId: number,
    friendId: number,
    before: number | null,
    limit = HISTORY_PAGE,
  ): HistoryPage {
    const { chatId } = this.members(userId, friendId);
    if (!this.stored) return { messages: [], has_more: false };
    const rows = this.ctx.storage.sql
      .exec<Row>(
        "select * from messages where seq < ? order by seq desc limit ?",
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    const page = rows.slice(0, limit).reverse();
    return {
      messages: page.map((row) => ({
        ...this.toMessage(row, chatId),
        seq: row.seq,
      })),
      has_more: rows.length > limit,
    };
  }

  /**
   * The reader has seen everything up to msgId (or all): statuses rise to 2, never fall; the sender hears it. Only
   * messages the reader's client acknowledged rise, and the one it names: a message still unacknowledged may never
   * have reached it, and stays to be sent again.
   */
  async markSeen(
    userId: number,
    friendId: number,
    msgId: string | null,
  ): Promise<ChatAnswer<number>> {
    const { chatId } = this.members(userId, friendId);
    const upTo = msgId ? this.row(msgId) : this.latestTo(userId);
    if (!upTo)
      return msgId
        ? { ok: false, message: "Unknown message" }
        : { ok: true, value: 0 };
    const changed = this.ctx.storage.sql.exec(
      "update messages set status = ? where recipient_id = ? and seq <= ? and (status = ? or msg_id = ?) and status < ?",
      MESSAGE_STATUS.seen,
      userId,
      upTo.seq,
      MESSAGE_STATUS.delivered,
      msgId ?? "",
      MESSAGE_STATUS.seen,
    ).rowsWritten;
    if (changed > 0)
      await this.tellProgress(userId, chatId, MESSAGE_STATUS.seen);
    return { ok: true, value: changed };
  }

  /** SPEC.md §4 typing: to the other member only, nothing stored. */
  async typing(from: number, to: number, senderName: string): Promise<void> {
    const { chatId } = this.members(from, to);
    await hubOf(this.env, to).push({
      event: "typing_note",
      data: { from, to, chat_id: chatId, sender_name: senderName },
    });
  }

  /** A message, for a report: only what the other member sent to the reporter. */
  messageFor(
    reporterId: number,
    msgId: string,
  ): { senderId: number; content: string } | null {
    const row = this.row(msgId);
    if (!row || row.recipient_id !== reporterId) return null;
    return { senderId: row.sender_id, content: row.content };
  }

  /**
   * Tells the other member how far the messages to `recipientId` have reached `status` with none missing before: the
   * latest message whose predecessors all have it too (SPEC.md §4: a delivery update raises everything up to it).
   */
  private async tellProgress(
    recipientId: number,
    chatId: string,
    status: number,
  ) {
    const reached = this.ctx.storage.sql
      .exec<Pick<Row, "msg_id" | "sender_id">>(
        `select msg_id, sender_id from messages where recipient_id = ?1 and seq < coalesce(
           (select min(seq) from messages where recipient_id = ?1 and status < ?2), ${Number.MAX_SAFE_INTEGER}
         ) order by seq desc limit 1`,
        recipientId,
        status,
      )
      .toArray()[0];
    if (reached)
      await this.tellSender(reached.sender_id, chatId, reached.msg_id, status);
  }

  private latestTo(
    recipientId: number,
    atMost = Number.MAX_SAFE_INTEGER,
  ): Row | null {
    if (!this.stored) return null;
    return (
      this.ctx.storage.sql
        .exec<Row>(
          "select * from messages where recipient_id = ? and seq <= ? order by seq desc limit 1",
          recipientId,
          atMost,
        )
        .toArray()[0] ?? null
    );
  }

  private async tellSender(
    senderId: number,
    chatId: string,
    msgId: string,
    status: number,
  ) {
    await hubOf(this.env, senderId).push({
      event: "new_message_delivery",
      data: { chat_id: chatId, msg_id: msgId, status },
    });
  }
}
