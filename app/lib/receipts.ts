import {
  RECEIPT_MAX_IDS,
  type UserClientEvent,
  type UserServerEvent,
} from "#contract/user-socket";
import type { OutgoingEvent } from "./socket-client";

/**
 * The browser's half of "delivered means delivered" (docs/features.md, "Chat delivery"). The server sends a chat message to its
 * recipient, a `new_challenge` or a `notification` again on each new connection until a client acknowledges it, so
 * the same one may come more than once. This passes each on once per page, acknowledges every copy (the
 * acknowledgement of an earlier one may be what was lost), and sends the acknowledgements in batches.
 */
export interface Receipts {
  /** Whether to pass `event` on: false for a copy of one already passed on. Queues its acknowledgement either way. */
  accept(event: UserServerEvent): boolean;
  /** Sends the queued acknowledgements now: before another event goes, so the server hears of them first. */
  flush(): void;
  /** Stops for good; acknowledgements not yet sent are dropped (the server sends those events again). */
  close(): void;
}

export interface ReceiptsOptions {
  /** The signed-in user: only messages to them are acknowledged (their own come back as echoes). */
  viewerId: number;
  /** Sends an acknowledgement; the socket client keeps it until the server has it, across reconnects. */
  send: (event: OutgoingEvent<UserClientEvent>) => unknown;
  /** How long acknowledgements gather before they go. Default 50 ms. */
  delayMs?: number;
  /** How many ids of each kind are remembered to recognise a copy. Default 1000. */
  remember?: number;
}

const DEFAULT_RECEIPT_DELAY_MS = 50;
const DEFAULT_RECEIPTS_REMEMBERED = 1_000;

/** Ids in the order they were added, the oldest forgotten past `limit`. */
class RecentIds<T> {
  private readonly ids = new Set<T>();
  constructor(private readonly limit: number) {}

  /** Adds `id`; false if it was already there. */
  add(id: T): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit)
      this.ids.delete(this.ids.values().next().value as T);
    return true;
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += RECEIPT_MAX_IDS)
    out.push(items.slice(at, at + RECEIPT_MAX_IDS));
  return out;
}

export function createReceipts(options: ReceiptsOptions): Receipts {
  const {
    viewerId,
    send,
    delayMs = DEFAULT_RECEIPT_DELAY_MS,
    remember = DEFAULT_RECEIPTS_REMEMBERED,
  } = options;
  const messagesSeen = new RecentIds<string>(remember);
  const notificationsSeen = new RecentIds<number>(remember);
  /** Friend → ids of their messages to acknowledge, in the order they came. */
  const messageAcks = new Map<number, Set<string>>();
  const notificationAcks = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function later() {
    if (timer === undefined && !closed)
      timer = setTimeout(() => {
        timer = undefined;
        flush();
      }, delayMs);
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (closed) return;
    for (const [friendId, ids] of messageAcks)
      for (const msgIds of chunks([...ids]))
        send({
          event: "messages_received",
          data: { friendId, msg_ids: msgIds },
        });
    messageAcks.clear();
    for (const ids of chunks([...notificationAcks]))
      send({ event: "notifications_received", data: { ids } });
    notificationAcks.clear();
  }

  return {
    accept(event) {
      if (closed) return true;
      switch (event.event) {
        case "new_message": {
          const { user, sender_id: friendId, msg_id: msgId } = event.data;
          if (user !== viewerId || friendId === viewerId) return true;
          const ids = messageAcks.get(friendId) ?? new Set<string>();
          ids.add(msgId);
          messageAcks.set(friendId, ids);
          later();
          return messagesSeen.add(msgId);
        }
        case "new_challenge":
        case "notification":
          notificationAcks.add(event.data._id);
          later();
          return notificationsSeen.add(event.data._id);
        default:
          return true;
      }
    },
    flush,
    close() {
      clearTimeout(timer);
      timer = undefined;
      closed = true;
      messageAcks.clear();
      notificationAcks.clear();
    },
  };
}
