import type { UserServerEvent } from "#contract/user-socket";

/** The events a client acknowledges, and that are sent again on its next connection until it does. */
export type ReceiptEvent = Extract<
  UserServerEvent,
  { event: "new_message" | "new_challenge" | "notification" }
>;

interface Connection {
  /** Live events that came while the connection's catch-up ran: they go after what it re-sends. */
  waiting: ReceiptEvent[] | null;
  /** Friend → the highest position (`seq`) of their messages sent on this connection. */
  chats: Map<number, number>;
  /** Notification ids sent on this connection. */
  notes: Set<number>;
  /**
   * What was sent on this connection and not acknowledged yet (`m:` a message id, `n:` a notification id), with
   * when it went, oldest first: the connection's proof that what the hub sends reaches the tab (`awaitingSince`).
   */
  unanswered: Map<string, number>;
  /**
   * What was sent on this connection and acknowledged, with when, for ACKNOWLEDGED_KEPT_MS: until the Conversation
   * has stored the acknowledgement, its `unacked` still lists the message, and `offerMissed` must not send it again.
   */
  answered: Map<string, number>;
}

/**
 * How long a connection's acknowledgement is remembered. It reaches the Conversation in a batch (hub-chat-lanes.ts)
 * within moments; a read of `unacked` started before it landed can come back later still. A copy sent after this is
 * acknowledged again and shown once by the page (app/state/chat.ts).
 */
export const ACKNOWLEDGED_KEPT_MS = 60_000;

/**
 * What each of a hub's connections has been sent, so an event the client acknowledges goes at most once on a
 * connection and a friend's messages go in the order they were stored. A message at or below the position already
 * sent is held back: it is a repeat, or it would overtake; being unacknowledged, it goes on the next connection.
 *
 * It lives in memory: a hub hibernates only when nothing is in flight, and a connection it wakes up without a record
 * of simply starts a new record.
 */
export class ConnectionLedger {
  private readonly connections = new Map<string, Connection>();

  /** A new connection: live events wait until `caughtUp`. */
  opened(id: string): void {
    this.connections.set(id, newConnection([]));
  }

  /**
   * Whether to send `event` on connection `id` now; if so it is recorded as sent. A live event waits while the
   * connection catches up; `catchingUp` marks one the catch-up itself re-sends.
   */
  offer(
    id: string,
    event: ReceiptEvent,
    catchingUp = false,
    now = Date.now(),
  ): boolean {
    let connection = this.connections.get(id);
    if (!connection) {
      connection = newConnection(null);
      this.connections.set(id, connection);
    }
    if (!catchingUp && connection.waiting) {
      connection.waiting.push(event);
      return false;
    }
    if (!record(connection, event)) return false;
    const key = receiptKey(event);
    if (!connection.unanswered.has(key)) connection.unanswered.set(key, now);
    return true;
  }

  /**
   * A message its Conversation could not hand over when it stored it, sent again now (`UserHub.notePending`). It goes
   * even below the position already sent, where `offer` would take it for a repeat, unless the connection has it
   * (waiting for its acknowledgement, or acknowledged lately): later messages may have been handed over meanwhile,
   * and the page places each message by its `seq` (app/state/chat.ts), so a late one takes its own place.
   */
  offerMissed(id: string, event: ReceiptEvent, now = Date.now()): boolean {
    const connection = this.connections.get(id);
    // Catching up (it reads everything unacknowledged itself) or unknown: as `offer` decides.
    if (!connection || connection.waiting)
      return this.offer(id, event, false, now);
    const key = receiptKey(event);
    if (connection.unanswered.has(key) || connection.answered.has(key))
      return false;
    record(connection, event);
    connection.unanswered.set(key, now);
    return true;
  }

  /** Connection `id` acknowledged these messages (`m:`) or notifications (`n:`): they reached its tab. */
  acknowledged(
    id: string,
    kind: "m" | "n",
    ids: readonly (string | number)[],
    now = Date.now(),
  ): void {
    const connection = this.connections.get(id);
    if (!connection) return;
    const { unanswered, answered } = connection;
    for (const [key, since] of answered) {
      if (now - since < ACKNOWLEDGED_KEPT_MS) break;
      answered.delete(key);
    }
    for (const one of ids) {
      const key = `${kind}:${one}`;
      if (unanswered.delete(key)) answered.set(key, now);
    }
  }

  /**
   * Since when connection `id` has had something to acknowledge and not acknowledged it; null when nothing waits.
   * A tab acknowledges what it gets within moments (app/lib/receipts.ts), so a long wait means what the hub sends
   * no longer reaches it, whatever its pings say (HubPresence closes such a socket; the tab reconnects).
   */
  awaitingSince(id: string): number | null {
    const unanswered = this.connections.get(id)?.unanswered;
    if (!unanswered) return null;
    for (const since of unanswered.values()) return since;
    return null;
  }

  /** Whether connection `id` is still catching up. */
  catchingUp(id: string): boolean {
    return Boolean(this.connections.get(id)?.waiting);
  }

  /** The catch-up of `id` is over: the live events that waited for it, in the order they came. */
  caughtUp(id: string): ReceiptEvent[] {
    const connection = this.connections.get(id);
    const waiting = connection?.waiting ?? [];
    if (connection) connection.waiting = null;
    return waiting;
  }

  closed(id: string): void {
    this.connections.delete(id);
  }

  /** For tests: as if `ms` had passed since everything was sent and acknowledged. */
  age(ms: number): void {
    for (const { unanswered, answered } of this.connections.values())
      for (const times of [unanswered, answered])
        for (const [key, since] of times) times.set(key, since - ms);
  }
}

const newConnection = (waiting: ReceiptEvent[] | null): Connection => ({
  waiting,
  chats: new Map(),
  notes: new Set(),
  unanswered: new Map(),
  answered: new Map(),
});

const receiptKey = (event: ReceiptEvent): string =>
  event.event === "new_message"
    ? `m:${event.data.msg_id}`
    : `n:${event.data._id}`;

function record(connection: Connection, event: ReceiptEvent): boolean {
  if (event.event === "new_message") {
    const { friend_id: friendId, seq } = event.data;
    if (seq === undefined) return true;
    if (seq <= (connection.chats.get(friendId) ?? 0)) return false;
    connection.chats.set(friendId, seq);
    return true;
  }
  if (connection.notes.has(event.data._id)) return false;
  connection.notes.add(event.data._id);
  return true;
}
