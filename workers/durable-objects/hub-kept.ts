import type { UserServerEvent } from "#contract/user-socket";

export type NotificationEvent = Extract<
  UserServerEvent,
  { event: "new_challenge" | "notification" }
>;

/** Friends who may have messages this user's client has not acknowledged. */
const PENDING_KEY = "pendingChats";
/** Notifications pushed and not acknowledged, as `note:{zero-padded id}` → KeptNotification. */
const NOTE_PREFIX = "note:";
/** Notifications kept for sending again at most: older ones are still in the list (GET /api/notifications). */
const NOTES_KEPT = 50;
/** A notification not acknowledged within a day is not sent again: the list and the unread count have it. */
const NOTE_KEPT_MS = 24 * 60 * 60 * 1000;

interface KeptNotification {
  event: NotificationEvent;
  keptAt: number;
}

/** Keys sort as the ids do, so a listing comes in the order the notifications were made. */
const noteKey = (id: number) => `${NOTE_PREFIX}${String(id).padStart(12, "0")}`;

/** What the hub keeps until a client acknowledges it: notifications pushed to open tabs. */
export class KeptNotifications {
  constructor(private readonly storage: DurableObjectStorage) {}

  async keep(event: NotificationEvent) {
    await this.storage.put(noteKey(event.data._id), {
      event,
      keptAt: Date.now(),
    } satisfies KeptNotification);
    const keys = [...(await this.storage.list({ prefix: NOTE_PREFIX })).keys()];
    if (keys.length > NOTES_KEPT)
      await this.storage.delete(keys.slice(0, keys.length - NOTES_KEPT));
  }

  /** Kept notifications in the order they were made; those kept too long are dropped. */
  async kept(): Promise<NotificationEvent[]> {
    const kept = await this.storage.list<KeptNotification>({
      prefix: NOTE_PREFIX,
    });
    const stale = [...kept]
      .filter(([, note]) => Date.now() - note.keptAt > NOTE_KEPT_MS)
      .map(([key]) => key);
    if (stale.length > 0) await this.storage.delete(stale);
    return [...kept]
      .filter(([key]) => !stale.includes(key))
      .map(([, note]) => note.event);
  }

  async acknowledged(ids: number[]) {
    await this.storage.delete(ids.map(noteKey));
  }
}

/** Friends who may have unacknowledged messages (`PENDING_KEY`), read once and kept in step with storage. */
export class PendingFriends {
  private pending: number[] | null = null;
  /**
   * Friend → a count that rises with every message of theirs handed over here: a friend is forgotten as pending only
   * if none came while the conversation was asked whether anything is still unacknowledged.
   */
  private readonly handedOver = new Map<number, number>();

  constructor(private readonly storage: DurableObjectStorage) {}

  async all(): Promise<number[]> {
    this.pending ??= (await this.storage.get<number[]>(PENDING_KEY)) ?? [];
    return this.pending;
  }

  /** How many hand-overs from `friendId` this hub has had: `forget` compares it. */
  handOvers(friendId: number): number {
    return this.handedOver.get(friendId) ?? 0;
  }

  /** Written only when the friend is new to the list: a busy chat costs no storage write here per message. */
  async handedOverFrom(friendId: number) {
    this.handedOver.set(friendId, this.handOvers(friendId) + 1);
    const pending = await this.all();
    if (pending.includes(friendId)) return;
    this.pending = [...pending, friendId];
    await this.storage.put(PENDING_KEY, this.pending);
  }

  /** Nothing from `friendId` is unacknowledged: forgotten, unless a message of theirs came meanwhile. */
  async forget(friendId: number, handedOver: number) {
    if (this.handOvers(friendId) !== handedOver) return;
    const pending = await this.all();
    if (!pending.includes(friendId)) return;
    this.pending = pending.filter((id) => id !== friendId);
    await this.storage.put(PENDING_KEY, this.pending);
  }
}
