import { desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { ModerationAction } from "#contract/moderation";
import type { Db } from "../db/client";
import { moderationLog, users } from "../db/schema";

export interface LoggedAction {
  moderatorId: number;
  action: ModerationAction;
  /** "user", "message", "report", "round", "version", "game". */
  targetType: string;
  targetId: string | number;
  reason: string;
  detail?: Record<string, unknown>;
}

/** Issue #34: the audit log. Every moderator and admin action is written here, in the same request that does it. */
export function createModerationLog(db: Db) {
  return {
    /** The row to write with the action, for a batch (so the action and its entry commit together). */
    entry(action: LoggedAction) {
      return db.insert(moderationLog).values({
        moderatorId: action.moderatorId,
        action: action.action,
        targetType: action.targetType,
        targetId: String(action.targetId),
        reason: action.reason,
        detail: action.detail ? JSON.stringify(action.detail) : null,
      });
    },

    /**
     * The entry, written only if `condition` holds when the batch reaches it, stamped `at`: a racing or repeated
     * action finds its condition false and writes nothing (the moderation queue, ADR 045).
     */
    entryIf(action: LoggedAction, condition: SQL, at: Date) {
      const detail = action.detail ? JSON.stringify(action.detail) : null;
      // Every column in the table's order: a null id is the next one.
      return db.insert(moderationLog).select(
        sql`select null, ${action.moderatorId}, ${action.action}, ${action.targetType}, ${String(action.targetId)},
            ${action.reason}, ${detail}, ${at.getTime()} where ${condition}`,
      );
    },

    async record(action: LoggedAction): Promise<void> {
      await this.entry(action);
    },

    /** The newest entries first, `limit` at a time, before the entry id `before` when paging. */
    async list({
      before,
      limit = 50,
    }: { before?: number; limit?: number } = {}) {
      return db
        .select({
          id: moderationLog.id,
          moderatorId: moderationLog.moderatorId,
          moderatorName: users.name,
          action: moderationLog.action,
          targetType: moderationLog.targetType,
          targetId: moderationLog.targetId,
          reason: moderationLog.reason,
          detail: moderationLog.detail,
          createdAt: moderationLog.createdAt,
        })
        .from(moderationLog)
        .leftJoin(users, eq(users.id, moderationLog.moderatorId))
        .where(before ? lt(moderationLog.id, before) : undefined)
        .orderBy(desc(moderationLog.id))
        .limit(limit);
    },
  };
}

export type ModerationLog = ReturnType<typeof createModerationLog>;
