import { z } from "zod";
import type { NotificationView } from "./coins";
import { boundedString, digits } from "./input";

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

/**
 * The pages' Mark as read (posted to /actions/notifications-read): `ids` is a comma-separated list of up to 100
 * notification ids, or empty for all of them.
 */
export const MarkReadFormSchema = z.object({
  ids: boundedString(1_100, "ids must be a list of notification ids")
    .regex(
      /^(\d{1,10}(,\d{1,10}){0,99})?$/,
      "ids must be a list of notification ids",
    )
    .optional()
    .transform((ids) => (ids ? ids.split(",").map(Number) : undefined)),
});

/** What is still unread after POST /api/notifications/read. */
export interface NotificationsRead {
  unread: number;
}
