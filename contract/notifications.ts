import { z } from "zod";
import type { NotificationView } from "./coins";
import { digits } from "./input";

/** How many notifications a page holds. */
export const NOTIFICATIONS_PAGE = 20;

/** GET /api/notifications?before={id}. */
export const NotificationsQuerySchema = z.object({
  before: digits("before must be a notification id")
    .pipe(z.number().positive("before must be a notification id"))
    .optional(),
});

/** A page of the player's notifications, newest first. */
export interface NotificationsPage {
  notifications: NotificationView[];
  unread: number;
  has_more: boolean;
}

/** POST /api/notifications/read: the named notifications, or all of them. */
export const MarkReadSchema = z.object({
  ids: z
    .array(z.number().int().positive(), {
      error: "ids must be a list of notification ids",
    })
    .max(100)
    .optional(),
});

/** What is still unread after POST /api/notifications/read. */
export interface NotificationsRead {
  unread: number;
}
