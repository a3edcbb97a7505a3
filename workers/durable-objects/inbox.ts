import {
  inboxPreview,
  type Inbox as InboxView,
  type InboxEntry,
  type InboxUpdate,
} from "#contract/inbox";

/** Entries live in the hub's storage as `inbox:{friendId}` → StoredEntry. */
const INBOX_PREFIX = "inbox:";
/** Changes within this long go to storage in one write (ADR 049: 5 s, not 1 s, so a busy hub commits a fifth as often). */
export const INBOX_FLUSH_MS = 5_000;
/** Positions of the friend's latest messages counted unread, kept to recount them after a report of seen. */
const RECENT_KEPT = 50;

/** A message as the inbox hears of it: its position in the conversation, its text, when it was stored. */
export interface InboxMessage {
  seq?: number;
  content: string;
  created_dt: string;
}

interface StoredEntry {
  friendId: number;
  preview: string;
  fromMe: boolean;
  /** When the last message was stored, ms. */
  at: number;
  /** The last message's position in the conversation: an older one arriving late does not replace it. */
  seq: number;
  /** The friend's latest message counted: a message handed over again is not counted twice. */
  inSeq: number;
  unread: number;
  /** Positions of the friend's messages counted unread, at most RECENT_KEPT (see `seen`). */
  recent: number[];
  /** Blocked apart, or no longer friends both ways: not listed and not counted. */
  hidden: boolean;
}

/** What changed, for the user's tabs (`inbox_update`, or riding a message frame). */
export type InboxChange = InboxUpdate;

const toEntry = (stored: StoredEntry): InboxEntry => ({
  friendId: stored.friendId,
  preview: stored.preview,
  fromMe: stored.fromMe,
  at: new Date(stored.at).toISOString(),
  unread: stored.unread,
});

/**
 * A user's chat inbox, kept in their UserHub's storage (ADR 028): one entry per friend with the last message, who
 * sent it, when, and how many of the friend's messages the user has not seen. Read from storage once per wake of the
 * hub and kept in memory; changes are written within INBOX_FLUSH_MS, together. Every method answers what changed, or null.
 */
export class Inbox {
  private entries: Promise<Map<number, StoredEntry>> | null = null;
  /** Friends whose entry changed since the last write. */
  private readonly dirty = new Set<number>();
  private flushing: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  private load(): Promise<Map<number, StoredEntry>> {
    this.entries ??= this.storage
      .list<StoredEntry>({ prefix: INBOX_PREFIX })
      .then(
        (stored) => new Map([...stored.values()].map((e) => [e.friendId, e])),
      );
    // A failed read is not kept: the next call reads again.
    this.entries.catch(() => {
      this.entries = null;
    });
    return this.entries;
  }

  /**
   * Keeps the change and writes it with the others of the next INBOX_FLUSH_MS in one put: a busy chat costs the hub one
   * storage commit per INBOX_FLUSH_MS, not one per message (in local workerd every commit waits on the disk, on the one
   * thread all objects share). A restart within that window loses the latest changes; see ADR 028.
   */
  private async save(entry: StoredEntry): Promise<InboxChange> {
    this.dirty.add(entry.friendId);
    this.flushing ??= setTimeout(() => void this.flush(), INBOX_FLUSH_MS);
    return {
      friendId: entry.friendId,
      entry: entry.hidden ? null : toEntry(entry),
      unread: await this.unread(),
    };
  }

  /** Writes every entry changed since the last write, in one put. */
  async flush(): Promise<void> {
    clearTimeout(this.flushing);
    this.flushing = undefined;
    if (this.dirty.size === 0) return;
    const entries = await this.load();
    const changed: Record<string, StoredEntry> = {};
    for (const friendId of this.dirty) {
      const entry = entries.get(friendId);
      if (entry) changed[`${INBOX_PREFIX}${friendId}`] = { ...entry };
    }
    this.dirty.clear();
    try {
      await this.storage.put(changed);
    } catch (error) {
      console.error("writing the inbox failed", error);
    }
  }

  private async entryOf(friendId: number): Promise<StoredEntry> {
    const entries = await this.load();
    let entry = entries.get(friendId);
    if (!entry) {
      entry = {
        friendId,
        preview: "",
        fromMe: false,
        at: 0,
        seq: 0,
        inSeq: 0,
        unread: 0,
        recent: [],
        hidden: false,
      };
      entries.set(friendId, entry);
    }
    return entry;
  }

  /** The friend's messages to the user, in the order stored; one handed over again (a resend) counts once. */
  async received(
    friendId: number,
    messages: InboxMessage[],
  ): Promise<InboxChange | null> {
    const entry = await this.entryOf(friendId);
    let changed = false;
    for (const message of messages) {
      const seq = message.seq ?? 0;
      if (seq <= entry.inSeq) continue;
      entry.inSeq = seq;
      entry.unread += 1;
      entry.recent = [...entry.recent, seq].slice(-RECENT_KEPT);
      if (seq > entry.seq) this.setLast(entry, message, false);
      changed = true;
    }
    return changed ? this.save(entry) : null;
  }

  /** The user's own message, newly stored (from any of their tabs): the last message, counted for nobody. */
  async sent(
    friendId: number,
    message: InboxMessage,
  ): Promise<InboxChange | null> {
    const entry = await this.entryOf(friendId);
    if ((message.seq ?? 0) <= entry.seq) return null;
    this.setLast(entry, message, true);
    return this.save(entry);
  }

  /**
   * The user reported the chat seen; the conversation answered how many of the friend's messages are still unseen,
   * counted when the friend's messages reached position `upToSeq`. Messages counted here past that position came
   * after the count and stay unread.
   */
  async seen(
    friendId: number,
    unseen: number,
    upToSeq: number,
  ): Promise<InboxChange | null> {
    const entry = (await this.load()).get(friendId);
    if (!entry) return null;
    const later = entry.recent.filter((seq) => seq > upToSeq);
    const unread = Math.max(0, unseen) + later.length;
    entry.recent = later;
    entry.inSeq = Math.max(entry.inSeq, upToSeq);
    if (entry.unread === unread) return null;
    entry.unread = unread;
    return this.save(entry);
  }

  /** The friends with an entry, of those named: the only ones whose chat check is worth reading again. */
  async known(friendIds: number[]): Promise<number[]> {
    const entries = await this.load();
    return friendIds.filter((id) => entries.has(id));
  }

  /** Blocked apart or no longer friends both ways (hidden), or friends again (shown, with its count). */
  async setHidden(
    friendId: number,
    hidden: boolean,
  ): Promise<InboxChange | null> {
    const entry = (await this.load()).get(friendId);
    if (!entry || entry.hidden === hidden) return null;
    entry.hidden = hidden;
    return this.save(entry);
  }

  /** The entries shown, newest first, and their unread messages in all. */
  async view(): Promise<InboxView> {
    const shown = [...(await this.load()).values()].filter(
      (entry) => !entry.hidden && entry.at > 0,
    );
    shown.sort((a, b) => b.at - a.at || b.seq - a.seq);
    return {
      entries: shown.map(toEntry),
      unread: shown.reduce((sum, entry) => sum + entry.unread, 0),
    };
  }

  /** The unread messages of every entry shown (the badge on Social). */
  async unread(): Promise<number> {
    let sum = 0;
    for (const entry of (await this.load()).values())
      if (!entry.hidden) sum += entry.unread;
    return sum;
  }

  private setLast(entry: StoredEntry, message: InboxMessage, fromMe: boolean) {
    entry.seq = message.seq ?? entry.seq;
    entry.preview = inboxPreview(message.content);
    entry.fromMe = fromMe;
    entry.at = Date.parse(message.created_dt) || Date.now();
  }
}
