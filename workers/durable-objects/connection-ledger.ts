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
}

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
    this.connections.set(id, {
      waiting: [],
      chats: new Map(),
      notes: new Set(),
    });
  }

  /**
   * Whether to send `event` on connection `id` now; if so it is recorded as sent. A live event waits while the
   * connection catches up; `catchingUp` marks one the catch-up itself re-sends.
   */
  offer(id: string, event: ReceiptEvent, catchingUp = false): boolean {
    let connection = this.connections.get(id);
    if (!connection) {
      connection = { waiting: null, chats: new Map(), notes: new Set() };
      this.connections.set(id, connection);
    }
    if (!catchingUp && connection.waiting) {
      connection.waiting.push(event);
      return false;
    }
    return record(connection, event);
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
}

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
