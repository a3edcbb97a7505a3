import { createDb } from "../db/client";
import {
  chatRefusal,
  readChatCheck,
  readChatRoster,
  type ChatCheck,
  type ChatRoster,
} from "../services/social";

/** The roster in the hub's storage: it outlives the hub's memory while the user's sockets stay open (hibernation). */
const ROSTER_KEY = "chatRoster";

/** Whether the user may chat with a partner, and the name their messages and typing notes carry. */
interface ChatPermission {
  senderName: string;
  /** Why not, in words for the user; null when they may. */
  refusal: string | null;
}

/**
 * Whom a UserHub's user may chat with (ADR 049): the whole roster is read from D1 in one query when a socket opens
 * and kept in memory and in the hub's storage, so a message or a typing note to a friend reads no database. A
 * follow, unfollow, block, unblock or new name tells the hub at once (`changed`), which reads that partner again. Only
 * someone off the roster costs a D1 read, for the reason of the refusal.
 */
export class ChatPeers {
  /** The promise is kept, not its value: frames that come while it is read wait for it and keep their order. */
  private roster: Promise<ChatRoster> | null = null;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** A socket opened: the roster is read again, and written only when it changed. */
  load(userId: number): void {
    const previous = this.roster;
    const read = readChatRoster(createDb(this.env.DB), userId).then(
      async (roster) => {
        await this.keep(roster);
        return roster;
      },
    );
    this.roster = read;
    // A failed read keeps what the hub knew before; the next socket reads again.
    read.catch((error: unknown) => {
      console.error("reading the chat roster failed", error);
      if (this.roster === read) this.roster = previous;
    });
  }

  /** May `userId` chat with `partnerId`: from the roster; D1 is read only to word a refusal. */
  async permission(userId: number, partnerId: number): Promise<ChatPermission> {
    const roster = await this.known(userId);
    if (roster.friends.includes(partnerId))
      return { senderName: roster.senderName, refusal: null };
    const check = await readChatCheck(createDb(this.env.DB), userId, partnerId);
    return {
      senderName: check.senderName,
      refusal: chatRefusal(check)?.message ?? null,
    };
  }

  /**
   * Whether `partnerId` is on the roster, for a typing note, which is dropped quietly otherwise: never a D1 read
   * once the roster is known.
   */
  async allowed(
    userId: number,
    partnerId: number,
  ): Promise<{ senderName: string } | null> {
    const roster = await this.known(userId);
    return roster.friends.includes(partnerId)
      ? { senderName: roster.senderName }
      : null;
  }

  /**
   * Something about these partners changed (or the user's own name, "all"): they are read again now, and the answers
   * (each partner's check) returned for the inbox to hide or show their entries.
   */
  async changed(
    userId: number,
    partnerIds: number[] | "all",
  ): Promise<Map<number, ChatCheck>> {
    if (partnerIds === "all") {
      this.load(userId);
      await this.roster?.catch(() => undefined);
      return new Map();
    }
    const db = createDb(this.env.DB);
    const checks = new Map<number, ChatCheck>();
    for (const id of partnerIds)
      checks.set(id, await readChatCheck(db, userId, id));
    // A hub that never had a socket has no roster to correct: its first socket reads one.
    const roster = await this.current();
    if (!roster) return checks;
    const allowed = [...checks]
      .filter(([, check]) => chatRefusal(check) === null)
      .map(([id]) => id);
    const next = {
      ...roster,
      friends: [...roster.friends.filter((id) => !checks.has(id)), ...allowed],
    };
    this.roster = Promise.resolve(next);
    await this.keep(next);
    return checks;
  }

  /** The roster in memory, else as stored, else null. */
  private async current(): Promise<ChatRoster | null> {
    if (this.roster) return this.roster;
    return (await this.storage.get<ChatRoster>(ROSTER_KEY)) ?? null;
  }

  /** The roster in memory, else as stored, else read now (a hub woken with no socket opened since this change). */
  private known(userId: number): Promise<ChatRoster> {
    if (this.roster) return this.roster;
    const roster = this.current().then(
      (stored) =>
        stored ??
        readChatRoster(createDb(this.env.DB), userId).then(async (read) => {
          await this.keep(read);
          return read;
        }),
    );
    this.roster = roster;
    roster.catch(() => {
      if (this.roster === roster) this.roster = null;
    });
    return roster;
  }

  private async keep(roster: ChatRoster) {
    const stored = await this.storage.get<ChatRoster>(ROSTER_KEY);
    if (
      stored?.senderName === roster.senderName &&
      stored.friends.length === roster.friends.length &&
      stored.friends.every((id, index) => id === roster.friends[index])
    )
      return;
    await this.storage.put(ROSTER_KEY, roster);
  }
}
