import type { NotificationView } from "#contract/coins";
import type { NotificationsPage } from "#contract/notifications";
import { mergeNotifications } from "~/lib/notifications";
import { assertNever } from "#contract/protocol";

/**
 * The notifications page: the pages loaded so far (newest first), whether more are left, and which ones were unread
 * when they arrived. Those stay marked on screen while the page is open, even after the server has them as read.
 */
export interface NotificationListState {
  status: "loading" | "ready" | "error";
  items: NotificationView[];
  hasMore: boolean;
  loadingMore: boolean;
  /** The last failure: of the first page when status is error, else of loading more or marking read. */
  error: string | null;
  /** Shown as new on this visit. */
  fresh: number[];
}

export type NotificationListAction =
  | { type: "pageLoaded"; page: NotificationsPage }
  | { type: "loadFailed"; message: string }
  | { type: "moreRequested" }
  | { type: "retried" }
  | { type: "received"; notification: NotificationView }
  | { type: "markedRead"; ids: readonly number[] }
  | { type: "allRead" }
  | { type: "actionFailed"; message: string };

export const initialNotificationList: NotificationListState = {
  status: "loading",
  items: [],
  hasMore: false,
  loadingMore: false,
  error: null,
  fresh: [],
};

const unreadIds = (items: readonly NotificationView[]) =>
  items.filter((item) => !item.read).map((item) => item._id);

export function notificationListReducer(
  state: NotificationListState,
  action: NotificationListAction,
): NotificationListState {
  switch (action.type) {
    case "pageLoaded": {
      const { notifications, has_more } = action.page;
      return {
        status: "ready",
        items: mergeNotifications(state.items, notifications),
        hasMore: has_more,
        loadingMore: false,
        error: null,
        fresh: [...new Set([...state.fresh, ...unreadIds(notifications)])],
      };
    }
    case "loadFailed":
      return state.status === "ready"
        ? { ...state, loadingMore: false, error: action.message }
        : { ...state, status: "error", error: action.message };
    case "moreRequested":
      return state.loadingMore || !state.hasMore
        ? state
        : { ...state, loadingMore: true, error: null };
    case "retried":
      return {
        ...state,
        status: state.status === "error" ? "loading" : state.status,
        error: null,
      };
    case "received":
      return {
        ...state,
        items: mergeNotifications(state.items, [action.notification]),
        fresh: action.notification.read
          ? state.fresh
          : [...new Set([...state.fresh, action.notification._id])],
      };
    case "markedRead": {
      const ids = new Set(action.ids);
      return {
        ...state,
        items: state.items.map((item) =>
          item.read || !ids.has(item._id) ? item : { ...item, read: true },
        ),
      };
    }
    case "allRead":
      return {
        ...state,
        items: state.items.map((item) =>
          item.read ? item : { ...item, read: true },
        ),
        fresh: [],
      };
    case "actionFailed":
      return { ...state, error: action.message };
    default:
      return assertNever(action);
  }
}

/** The id to page on (`before`): the oldest loaded. */
export function oldestId(state: NotificationListState): number | null {
  return state.items.length ? state.items[state.items.length - 1]._id : null;
}

/** Unread notifications on screen that the server does not yet know were shown. */
export function unreadShown(state: NotificationListState): number[] {
  return unreadIds(state.items);
}
