import {
  OFFLINE_GRACE_MS,
  RECEIPT_SILENCE_MS,
  SILENT_CLOSE_CODE,
  USER_SILENCE_MS,
} from "#contract/user-socket";
import type { SocketLiveness } from "./liveness";

/**
 * What the user's followers were last told (`user-connection`), and when "offline" is due while no socket is open: a
 * reload closes one socket and opens the next within the grace, and followers hear nothing of it.
 */
const PRESENCE_KEY = "presence";
interface Presence {
  online: boolean;
  offlineAt: number | null;
}

/** What presence needs of its hub. */
export interface PresenceHub {
  storage: DurableObjectStorage;
  liveness: SocketLiveness;
  /** Since when the socket has left something it was sent unacknowledged (ConnectionLedger); null if nothing. */
  unansweredSince: (ws: WebSocket) => number | null;
  openSockets: () => WebSocket[];
  /** SPEC.md §7 user-connection, to everyone who follows this user. */
  announce: (online: boolean) => Promise<void>;
  /** A socket is gone: whatever the hub keeps per connection goes too. */
  closed: (ws: WebSocket) => void;
  /** Sets the hub's alarm for its earliest due job. */
  wake: () => Promise<void>;
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * The #31 liveness rule for the user socket: a socket silent for USER_SILENCE_MS counts as gone since it was last
 * heard from (pings answered by the runtime count), and followers hear "offline" only once no socket is left and
 * the grace is over.
 */
export class HubPresence {
  constructor(private readonly hub: PresenceHub) {}

  /** `hadSockets`: for a hub from before presence was kept, whose followers were told "online" while it had one. */
  async read(
    hadSockets = this.hub.openSockets().length > 0,
  ): Promise<Presence> {
    return (
      (await this.hub.storage.get<Presence>(PRESENCE_KEY)) ?? {
        online: hadSockets,
        offlineAt: null,
      }
    );
  }

  private async save(presence: Presence) {
    await this.hub.storage.put(PRESENCE_KEY, presence);
  }

  /** A socket opened: followers hear "online" unless they were never told otherwise (a reload within the grace). */
  async cameOnline(hadSockets: boolean) {
    const presence = await this.read(hadSockets);
    if (!presence.online) {
      await this.save({ online: true, offlineAt: null });
      this.hub.waitUntil(this.hub.announce(true));
    } else if (presence.offlineAt !== null)
      await this.save({ online: true, offlineAt: null });
    await this.hub.wake();
  }

  /** The user's last socket went: followers hear "offline" once the grace is over without a new one (`alarm`). */
  async socketGone(gone: WebSocket, goneAt = Date.now()) {
    this.hub.closed(gone);
    if (this.hub.openSockets().some((ws) => ws !== gone)) return;
    const presence = await this.read();
    if (!presence.online) return;
    const offlineAt = goneAt + OFFLINE_GRACE_MS;
    if (presence.offlineAt === null || offlineAt < presence.offlineAt)
      await this.save({ online: true, offlineAt });
    await this.hub.wake();
  }

  /**
   * The alarm's part for presence: a socket silent for USER_SILENCE_MS is closed and counts as gone since it was
   * last heard from, one that left what it was sent unacknowledged for RECEIPT_SILENCE_MS is closed as gone now, and
   * once no socket is left and the grace is over, followers hear "offline".
   */
  async sweep(now: number) {
    for (const ws of this.hub.openSockets()) {
      const heard = this.hub.liveness.lastHeard(ws);
      const silent = now - heard >= USER_SILENCE_MS;
      const unanswered = this.hub.unansweredSince(ws);
      // Its pings come, but what the hub sends does not arrive: the tab reconnects and catches up.
      const deaf =
        unanswered !== null && now - unanswered >= RECEIPT_SILENCE_MS;
      if (!silent && !deaf) continue;
      try {
        ws.close(
          SILENT_CLOSE_CODE,
          silent ? "Not heard from" : "Nothing acknowledged",
        );
      } catch {
        // Already closing.
      }
      await this.socketGone(ws, silent ? heard : now);
    }
    const presence = await this.read();
    if (
      presence.online &&
      presence.offlineAt !== null &&
      presence.offlineAt <= now &&
      this.hub.openSockets().length === 0
    ) {
      await this.save({ online: false, offlineAt: null });
      await this.hub.announce(false);
    }
  }

  /**
   * When presence needs the alarm: when the quietest socket would have been silent too long, or a socket's oldest
   * unacknowledged event waited too long, or "offline" is due.
   */
  async dueTimes(): Promise<number[]> {
    const { offlineAt } = await this.read();
    const times = this.hub.openSockets().flatMap((ws) => {
      const unanswered = this.hub.unansweredSince(ws);
      const silentAt = this.hub.liveness.lastHeard(ws) + USER_SILENCE_MS;
      return unanswered === null
        ? [silentAt]
        : [silentAt, unanswered + RECEIPT_SILENCE_MS];
    });
    if (offlineAt !== null) times.push(offlineAt);
    return times;
  }

  /** Whether followers were last told this user is online: the friends list says the same as the live dots. */
  async isOnline(): Promise<boolean> {
    return (await this.read()).online;
  }

  /**
   * Whether a socket of this user is open and was heard from within `ms`, or the user did something else that shows
   * they are there `lastSeenAgo` ms ago (a join): a waiting player is paired only then.
   */
  heardWithin(ms: number, lastSeenAgo = Infinity): boolean {
    const now = Date.now();
    const sockets = this.hub.openSockets();
    if (lastSeenAgo <= ms) return sockets.length > 0;
    return sockets.some((ws) => now - this.hub.liveness.lastHeard(ws) <= ms);
  }

  /** For tests: as if `ms` had passed since each socket was last heard from and since the last one went. */
  async age(ms: number): Promise<void> {
    this.hub.liveness.age(ms);
    const presence = await this.read();
    if (presence.offlineAt !== null)
      await this.save({ ...presence, offlineAt: presence.offlineAt - ms });
  }
}
