import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { NotificationType, NotificationView } from "#contract/coins";
import type { UserServerEvent } from "#contract/user-socket";
import {
  MarkReadSchema,
  NOTIFICATIONS_PAGE,
  NotificationsQuerySchema,
  type NotificationsPage,
  type NotificationsRead,
} from "#contract/notifications";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";
import { parseInput } from "./parse";

/** Sends an event to a user's open tabs (their UserHub); failing to reach them never fails the request. */
export type Pusher = (userId: number, event: UserServerEvent) => Promise<void>;

type Row = typeof notifications.$inferSelect;

export function toNotificationView(row: Row): NotificationView {
  return {
    _id: row.id,
    type: row.type,
    content: row.content,
    user: row.userId,
    notification_data: row.data as NotificationView["notification_data"],
    read: row.readAt !== null,
    created_dt: row.createdAt.toISOString(),
  };
}

export function createNotificationService(db: Db, push: Pusher) {
  return {
    push,

    /**
     * Stores a notification and pushes it live: a challenge as SPEC.md §7 `new_challenge`, anything else as
     * `notification`.
     */
    async notify(
      userId: number,
      type: NotificationType,
      content: string,
      data: NotificationView["notification_data"],
    ) {
      const [row] = await db
        .insert(notifications)
        .values({ userId, type, content, data })
        .returning();
      const view = toNotificationView(row);
      await push(
        userId,
        type === "challenge"
          ? { event: "new_challenge", data: view }
          : { event: "notification", data: view },
      );
      return view;
    },

    async list(userId: number, query: unknown): Promise<NotificationsPage> {
      const { before } = parseInput(NotificationsQuerySchema, query);
      const [rows, unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              before ? lt(notifications.id, before) : undefined,
            ),
          )
          .orderBy(desc(notifications.id))
          .limit(NOTIFICATIONS_PAGE + 1),
        this.unreadCount(userId),
      ]);
      return {
        notifications: rows
          .slice(0, NOTIFICATIONS_PAGE)
          .map(toNotificationView),
        unread,
        has_more: rows.length > NOTIFICATIONS_PAGE,
      };
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), isNull(notifications.readAt)),
        );
      return row?.unread ?? 0;
    },

    /** Marks the caller's own notifications read: the named ones, or all. */
    async markRead(userId: number, input: unknown): Promise<NotificationsRead> {
      const { ids } = parseInput(MarkReadSchema, input);
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
          ),
        );
      return { unread: await this.unreadCount(userId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
