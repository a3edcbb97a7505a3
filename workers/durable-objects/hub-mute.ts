import { and, desc, eq } from "drizzle-orm";
import { mutedMessage } from "#contract/moderation-queue";
import { createDb } from "../db/client";
import { moderationLog, users } from "../db/schema";

interface Mute {
  until: number;
  reason: string;
}

/**
 * A UserHub's knowledge of its user's chat mute (issue #34): read from D1 once when a socket opens, and told by the
 * moderation service when a mute is set (`set`), so sending a message costs no D1 read.
 */
export class ChatMute {
  private mute: Promise<Mute | null> = Promise.resolve(null);

  constructor(private readonly env: Env) {}

  /** A socket opened: the mute column is read again (a mute set while the hub was asleep, or its end). */
  load(userId: number): void {
    const read = readMute(this.env, userId);
    // A failed read leaves the player able to chat rather than stuck; the next socket reads again.
    this.mute = read.catch(() => null);
  }

  set(until: number | null, reason: string): void {
    this.mute = Promise.resolve(until === null ? null : { until, reason });
  }

  /** The refusal a muted player's message gets, or null once the mute has ended. */
  async refusal(now = Date.now()): Promise<string | null> {
    const mute = await this.mute;
    return mute && mute.until > now
      ? mutedMessage(mute.until, mute.reason)
      : null;
  }
}

async function readMute(env: Env, userId: number): Promise<Mute | null> {
  const db = createDb(env.DB);
  const user = await db
    .select({ until: users.chatMutedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const until = user?.until?.getTime() ?? 0;
  if (until <= Date.now()) return null;
  const entry = await db
    .select({ reason: moderationLog.reason })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, "mute"),
        eq(moderationLog.targetType, "user"),
        eq(moderationLog.targetId, String(userId)),
      ),
    )
    .orderBy(desc(moderationLog.id))
    .get();
  return { until, reason: entry?.reason ?? "a moderator muted you" };
}
