import { DurableObject } from "cloudflare:workers";
import {
  CHAT_MAX_LENGTH,
  type ChatMessage,
  type ServerEvent,
} from "#contract/protocol";
import { hubOf } from "./hubs";

/** SPEC.md §4 Chat status. */
export const STATUS = { sent: 0, delivered: 1, seen: 2 } as const;

export const HISTORY_PAGE = 30;

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

/** The chat of a pair of users: `chat:{smaller id}-{larger id}`. */
export const chatIdOf = (a: number, b: number) =>
  `${Math.min(a, b)}-${Math.max(a, b)}`;

/**
 * One per pair of users (SPEC.md §3 Chat message, §4 Chat status). Messages live in this object's SQLite storage,
 * in the order they arrived, so nothing is lost when the object is evicted or a socket drops. Only the two members
 * may read or write; everything reaches them through their UserHubs.
 */
export class Conversation extends DurableObject<Env> {
  /**
   * Whether this pair has ever exchanged a message. The table is created by the first message, not on construction:
   * a read (history, a report, a stranger's probe) must leave nothing stored behind.
   */
  private stored = false;

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

  /** A new message from `senderId` to `recipientId`; a resend with the same msg_id returns the stored one. */
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
    const message = { ...this.toMessage(row, chatId), seq: row.seq };
    const event: ServerEvent = {
      event: "new_message",
      data: {
        ...message,
        user: input.recipientId,
        friend_id: input.senderId,
        sender_name: input.senderName,
      },
    };
    // The sender's other tabs see it too; the recipient's tabs get it now, or when they next connect.
    const reached = await hubOf(this.env, input.recipientId).push(event);
    await hubOf(this.env, input.senderId).push({
      ...event,
      data: { ...event.data, friend_id: input.recipientId },
    });
    if (reached > 0) {
      this.raise(input.recipientId, row.seq, STATUS.delivered);
      message.status = STATUS.delivered;
      await this.tellSender(
        input.senderId,
        chatId,
        row.msg_id,
        STATUS.delivered,
      );
    } else {
      await hubOf(this.env, input.recipientId).notePending(input.senderId);
    }
    return { ok: true, value: message };
  }

  /** SPEC.md §7 GET /chat/{userId}/{friendId}: newest page first in time order; `before` pages back. */
  history(
    userId: number,
    friendId: number,
    before: number | null,
    limit = HISTORY_PAGE,
  ): { messages: ChatMessage[]; has_more: boolean } {
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

  /** The reader has seen everything up to msgId (or all): statuses rise to 2, never fall; the sender hears it. */
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
    const changed = this.raise(userId, upTo.seq, STATUS.seen);
    if (changed > 0) {
      const last = this.latestTo(userId, upTo.seq);
      if (last)
        await this.tellSender(last.sender_id, chatId, last.msg_id, STATUS.seen);
    }
    return { ok: true, value: changed };
  }

  /** The recipient is back: every message still waiting for them, in order, then the senders hear 'delivered'. */
  async deliverPending(userId: number, friendId: number): Promise<number> {
    const { chatId } = this.members(userId, friendId);
    if (!this.stored) return 0;
    const rows = this.ctx.storage.sql
      .exec<Row>(
        "select * from messages where recipient_id = ? and status = 0 order by seq",
        userId,
      )
      .toArray();
    if (rows.length === 0) return 0;
    const hub = hubOf(this.env, userId);
    for (const row of rows) {
      await hub.push({
        event: "new_message",
        data: {
          ...this.toMessage({ ...row, status: STATUS.delivered }, chatId),
          user: userId,
          friend_id: row.sender_id,
          sender_name: row.sender_name,
        },
      });
    }
    const last = rows[rows.length - 1];
    this.raise(userId, last.seq, STATUS.delivered);
    await this.tellSender(
      last.sender_id,
      chatId,
      last.msg_id,
      STATUS.delivered,
    );
    return rows.length;
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

  /** Raises (never lowers) the status of messages to `recipientId` up to seq; returns how many changed. */
  private raise(recipientId: number, seq: number, status: number): number {
    return this.ctx.storage.sql.exec(
      "update messages set status = ? where recipient_id = ? and seq <= ? and status < ?",
      status,
      recipientId,
      seq,
      status,
    ).rowsWritten;
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
