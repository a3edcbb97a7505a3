import { DurableObject } from "cloudflare:workers";
import { CHAT_MAX_LENGTH, type ChatMessage } from "#contract/protocol";
import type { UserServerEvent } from "#contract/user-socket";
import {
  chatIdOf,
  HISTORY_PAGE,
  MESSAGE_STATUS,
  type HistoryPage,
} from "#contract/chat";
import type { ReportedMessage } from "#contract/reports";
import { hubOf } from "./hubs";

/**
 * The table and its indexes. `messages_recipient_status` finds what a recipient has not acknowledged or seen;
 * `messages_recipient` (recipient, then `seq`, the rowid every index ends with) finds their latest messages without
 * reading their whole history. The queries that could take either name the one they need: with no statistics,
 * SQLite's guess would read every message to the recipient for a report of seen, or sort all of them for the latest.
 */
export const CONVERSATION_SCHEMA = [
  `create table if not exists messages (
      seq integer primary key autoincrement,
      msg_id text not null unique,
      sender_id integer not null,
      recipient_id integer not null,
      content text not null,
      sender_name text not null default '',
      status integer not null default 0,
      created_at integer not null
    )`,
  "create index if not exists messages_recipient_status on messages (recipient_id, status, seq)",
  "create index if not exists messages_recipient on messages (recipient_id)",
] as const;

/** The statements that find a recipient's messages (tested: none reads or sorts their whole history). */
export const RECIPIENT_QUERIES = {
  unseenCount:
    "select count(*) as count from messages where recipient_id = ? and status < ?",
  latestTo:
    "select * from messages indexed by messages_recipient where recipient_id = ? and seq <= ? order by seq desc limit 1",
  unacked:
    "select * from messages where recipient_id = ? and status = 0 and seq > ? order by seq limit ?",
  acknowledge:
    "update messages set status = ? where recipient_id = ? and status = ? and msg_id in (select value from json_each(?))",
  markSeen:
    "update messages indexed by messages_recipient_status set status = ? where recipient_id = ? and seq <= ? and (status = ? or msg_id = ?) and status < ?",
  progressOf: `select msg_id from messages indexed by messages_recipient where recipient_id = ?1 and seq < coalesce(
      (select min(seq) from messages where recipient_id = ?1 and status < ?2), ${Number.MAX_SAFE_INTEGER}
    ) order by seq desc limit 1`,
} as const;

/** A message to send again on a new connection is read this many at a time. */
const UNACKED_PAGE = 200;
/** How soon the alarm tries again to tell a recipient's hub of a message it could not be handed. */
const HAND_OVER_RETRY_MS = 1_000;

type ChatEvent = Extract<UserServerEvent, { event: "new_message" }>;
export type DeliveryEvent = Extract<
  UserServerEvent,
  { event: "new_message_delivery" }
>;
/** A stored message as its sender's hub hears of it; `fresh` when this call stored it (not a resend). */
export type SentMessage = ChatMessage & { fresh: boolean };

/**
 * What one member's hub brings a conversation in one call: their new messages, the ids of the other member's
 * messages their client acknowledged, and how far they have seen. Each part may be empty. The hub gathers what
 * its user's frames asked for while its previous call was on its way, so one call carries a batch.
 */
export interface ChatExchange {
  userId: number;
  friendId: number;
  userName: string;
  messages: { msgId: string; content: string }[];
  received: string[];
  seen: (string | null)[];
}

export interface ChatExchangeAnswer {
  sent: ChatAnswer<SentMessage>[];
  seen: ChatAnswer<number>[];
  /**
   * With reports of seen: how many of the friend's messages to the user are still unseen after them, counted when
   * the friend's messages reached position `upToSeq` (the user's inbox, ADR 028).
   */
  unseen?: { count: number; upToSeq: number };
}

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
 * so nothing is lost when the object is evicted or a socket drops, in the order they arrived, each numbered (`seq`)
 * as it is stored: that number is the message's place on every screen. Only the two members may read or write;
 * everything reaches them through their UserHubs. A message is delivered (status 1) only once its recipient's
 * client has acknowledged it; until then it is sent again on each new connection of theirs.
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
    // A conversation stored before an index was added gets it now, once (issue #36 added `messages_recipient`).
    if (this.stored) this.createSchema();
  }

  private createSchema() {
    for (const statement of CONVERSATION_SCHEMA)
      this.ctx.storage.sql.exec(statement);
  }

  private ensureStorage() {
    if (this.stored) return;
    this.createSchema();
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
      seq: row.seq,
      // A message a moderator hid keeps its place with its text dropped (issue #34).
      ...(row.content === "" ? { removed: true } : {}),
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
        user: row.recipient_id,
        friend_id: row.sender_id,
        sender_name: row.sender_name,
      },
    };
  }

  /**
   * One batch from `userId`'s hub (`ChatExchange`), in this order: the receipts (statuses rise to delivered), the
   * reports of seen, then the new messages, stored in one transaction before anyone hears of them, with status 0: a
   * message becomes delivered only when its recipient's client acknowledges it, and until then each new connection
   * of theirs gets it again (`unacked`). A resend with a stored msg_id answers the stored message. Everything the
   * friend's hub must hear (the new messages, how far their own messages are delivered or seen) goes to it in one
   * call, awaited: a message acknowledged to its sender has been handed over, or the alarm will tell the hub.
   */
  async exchange(input: ChatExchange): Promise<ChatExchangeAnswer> {
    const { userId, friendId } = input;
    const chatId = chatIdOf(userId, friendId);
    const progress: DeliveryEvent[] = [];
    if (input.received.length > 0) {
      const delivered = this.acknowledge(userId, friendId, input.received);
      if (delivered) progress.push(delivered);
    }
    const seen = input.seen.map((msgId) => {
      const answer = this.markSeen(userId, msgId);
      if (answer.ok && answer.event) progress.push(answer.event);
      return answer.ok
        ? { ok: true as const, value: answer.value }
        : { ok: false as const, message: answer.message };
    });
    const unseen = seen.length > 0 ? this.unseenBy(userId) : undefined;
    const handed: ChatEvent[] = [];
    const sent: ChatAnswer<SentMessage>[] = [];
    if (input.messages.length > 0) {
      this.ensureStorage();
      const createdAt = Date.now();
      this.ctx.storage.transactionSync(() => {
        for (const message of input.messages) {
          const answer = this.store(input, message, createdAt);
          sent.push(answer);
          if (answer.ok && answer.row)
            handed.push(this.forRecipient(answer.row, chatId));
        }
      });
    }
    if (handed.length > 0 || progress.length > 0)
      await this.handTo(friendId, userId, handed, progress);
    return {
      sent: sent.map((answer) =>
        answer.ok
          ? { ok: true, value: answer.value }
          : { ok: false, message: answer.message },
      ),
      seen,
      unseen,
    };
  }

  /** The messages to `userId` not yet seen, and the position of the latest message to them. */
  private unseenBy(userId: number): { count: number; upToSeq: number } {
    if (!this.stored) return { count: 0, upToSeq: 0 };
    // Both read the recipient's index: the unseen are its few rows with status below seen.
    const { count } = this.ctx.storage.sql
      .exec<{ count: number }>(
        RECIPIENT_QUERIES.unseenCount,
        userId,
        MESSAGE_STATUS.seen,
      )
      .one();
    return { count, upToSeq: this.latestTo(userId)?.seq ?? 0 };
  }

  /**
   * One message of a batch: stored (the row to hand over, `fresh`), a resend of one stored and not yet acknowledged
   * (the row to hand over again: the first try may have ended before the hand-over, and the hub drops what a tab
   * already had), a resend of one acknowledged (nothing to hand over), or refused.
   */
  private store(
    input: ChatExchange,
    message: { msgId: string; content: string },
    createdAt: number,
  ):
    | { ok: true; value: SentMessage; row: Row | null }
    | { ok: false; message: string } {
    const chatId = chatIdOf(input.userId, input.friendId);
    const content = message.content.trim();
    if (!content) return { ok: false, message: "Empty messages are not sent" };
    if (content.length > CHAT_MAX_LENGTH)
      return {
        ok: false,
        message: `Messages are at most ${CHAT_MAX_LENGTH} characters`,
      };
    const inserted = this.ctx.storage.sql
      .exec<Row>(
        "insert into messages (msg_id, sender_id, recipient_id, content, sender_name, status, created_at) values (?, ?, ?, ?, ?, 0, ?) on conflict (msg_id) do nothing returning *",
        message.msgId,
        input.userId,
        input.friendId,
        content,
        input.userName,
        createdAt,
      )
      .toArray()[0];
    if (inserted)
      return {
        ok: true,
        value: { ...this.toMessage(inserted, chatId), fresh: true },
        row: inserted,
      };
    const existing = this.row(message.msgId)!;
    if (existing.sender_id !== input.userId)
      return { ok: false, message: "That message id is taken" };
    return {
      ok: true,
      value: { ...this.toMessage(existing, chatId), fresh: false },
      row: existing.status === MESSAGE_STATUS.sent ? existing : null,
    };
  }

  /** One message, as a batch of one (what a hub's exchange does for a single `new_message`). */
  async send(input: {
    senderId: number;
    recipientId: number;
    senderName: string;
    content: string;
    msgId: string;
  }): Promise<ChatAnswer<ChatMessage>> {
    const { sent } = await this.exchange({
      userId: input.senderId,
      friendId: input.recipientId,
      userName: input.senderName,
      messages: [{ msgId: input.msgId, content: input.content }],
      received: [],
      seen: [],
    });
    return sent[0];
  }

  /**
   * Hands messages and progress to a member's hub, which sends them to their open tabs, in one call. Each member's
   * hand-overs go one at a time, so the hub gets messages in the order they were stored. When the hub cannot be
   * reached the messages wait in storage and the alarm tells the hub later (progress is told again by the next).
   */
  private handTo(
    recipientId: number,
    senderId: number,
    events: ChatEvent[],
    progress: DeliveryEvent[],
  ): Promise<void> {
    const previous = this.handOvers.get(recipientId) ?? Promise.resolve();
    const handOver = previous
      .then(() =>
        hubOf(this.env, recipientId).deliverChat(senderId, events, progress),
      )
      .then(
        () => undefined,
        () =>
          events.length > 0
            ? this.ctx.storage.setAlarm(Date.now() + HAND_OVER_RETRY_MS)
            : undefined,
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
      .exec<Row>(RECIPIENT_QUERIES.unacked, userId, after, limit)
      .toArray()
      .map((row) => this.forRecipient(row, chatId));
  }

  /**
   * `userId`'s client has these messages: each still at 0 becomes delivered (1). Answers what the sender hears: how
   * far their messages are delivered with none missing, or null when nothing changed.
   */
  private acknowledge(
    userId: number,
    friendId: number,
    msgIds: string[],
  ): DeliveryEvent | null {
    if (!this.stored) return null;
    const changed = this.ctx.storage.sql.exec(
      // One bound list (json_each): a query takes at most 100 bound values.
      RECIPIENT_QUERIES.acknowledge,
      MESSAGE_STATUS.delivered,
      userId,
      MESSAGE_STATUS.sent,
      JSON.stringify(msgIds),
    ).rowsWritten;
    return changed > 0
      ? this.progressOf(
          userId,
          chatIdOf(userId, friendId),
          MESSAGE_STATUS.delivered,
        )
      : null;
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
      messages: page.map((row) => this.toMessage(row, chatId)),
      has_more: rows.length > limit,
    };
  }

  /**
   * The reader has seen everything up to msgId (or all): statuses rise to 2, never fall; the answer carries what the
   * sender hears. Only messages the reader's client acknowledged rise, and the one it names: a message still
   * unacknowledged may never have reached it, and stays to be sent again.
   */
  private markSeen(
    userId: number,
    msgId: string | null,
  ):
    | { ok: true; value: number; event: DeliveryEvent | null }
    | { ok: false; message: string } {
    const upTo = msgId ? this.row(msgId) : this.latestTo(userId);
    if (!upTo)
      return msgId
        ? { ok: false, message: "Unknown message" }
        : { ok: true, value: 0, event: null };
    const changed = this.ctx.storage.sql.exec(
      RECIPIENT_QUERIES.markSeen,
      MESSAGE_STATUS.seen,
      userId,
      upTo.seq,
      MESSAGE_STATUS.delivered,
      msgId ?? "",
      MESSAGE_STATUS.seen,
    ).rowsWritten;
    return {
      ok: true,
      value: changed,
      event:
        changed > 0
          ? this.progressOf(
              userId,
              chatIdOf(upTo.sender_id, upTo.recipient_id),
              MESSAGE_STATUS.seen,
            )
          : null,
    };
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
   * A reported message's surroundings for moderators: up to `count` messages before and after it from both members,
   * in time order, read from this object's own storage (never from the reporter). Null unless the message was sent to
   * the reporter.
   */
  around(
    reporterId: number,
    msgId: string,
    count: number,
  ): ReportedMessage[] | null {
    const row = this.row(msgId);
    if (!row || row.recipient_id !== reporterId) return null;
    const bounded = Math.min(Math.max(Math.trunc(count), 0), 20);
    const read = (sql: string) =>
      this.ctx.storage.sql.exec<Row>(sql, row.seq, bounded).toArray();
    const before = read(
      "select * from messages where seq < ? order by seq desc limit ?",
    ).reverse();
    const after = read(
      "select * from messages where seq > ? order by seq asc limit ?",
    );
    return [...before, row, ...after].map((message) => ({
      msg_id: message.msg_id,
      sender: message.sender_id,
      content: message.content,
      created_at: new Date(message.created_at).toISOString(),
    }));
  }

  /**
   * A moderator hid a message (issue #34): its text is dropped from storage, history answers it as removed, and both
   * members' open tabs show it removed now. Answers whether the message exists here.
   */
  async removeMessage(msgId: string): Promise<boolean> {
    const row = this.row(msgId);
    if (!row) return false;
    this.ctx.storage.sql.exec(
      "update messages set content = '' where msg_id = ?",
      msgId,
    );
    const event: UserServerEvent = {
      event: "message_removed",
      data: {
        chat_id: chatIdOf(row.sender_id, row.recipient_id),
        msg_id: msgId,
      },
    };
    await Promise.all(
      [row.sender_id, row.recipient_id].map((id) =>
        hubOf(this.env, id)
          .push(event)
          .catch(() => 0),
      ),
    );
    return true;
  }

  /**
   * How far the messages to `recipientId` have reached `status` with none missing before, for the other member: the
   * latest message whose predecessors all have it too (SPEC.md §4: a delivery update raises everything up to it).
   */
  private progressOf(
    recipientId: number,
    chatId: string,
    status: number,
  ): DeliveryEvent | null {
    const reached = this.ctx.storage.sql
      .exec<Pick<Row, "msg_id">>(
        RECIPIENT_QUERIES.progressOf,
        recipientId,
        status,
      )
      .toArray()[0];
    return reached
      ? {
          event: "new_message_delivery",
          data: { chat_id: chatId, msg_id: reached.msg_id, status },
        }
      : null;
  }

  private latestTo(
    recipientId: number,
    atMost = Number.MAX_SAFE_INTEGER,
  ): Row | null {
    if (!this.stored) return null;
    return (
      this.ctx.storage.sql
        .exec<Row>(RECIPIENT_QUERIES.latestTo, recipientId, atMost)
        .toArray()[0] ?? null
    );
  }
}
