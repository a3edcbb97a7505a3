import { describe, expect, it } from "vitest";
import type { NotificationView } from "#contract/coins";
import {
  initialNotificationList,
  notificationListReducer,
  oldestId,
  unreadShown,
  type NotificationListState,
} from "./notification-list";

const note = (id: number, read = false): NotificationView => ({
  _id: id,
  type: "challenge",
  content: `Notification ${id}`,
  user: 2,
  notification_data: { challengeId: id, gameId: 3 },
  read,
  created_dt: "2026-11-22T10:00:00.000Z",
});

const loaded = (
  state: NotificationListState,
  ids: Array<[number, boolean]>,
  hasMore: boolean,
) =>
  notificationListReducer(state, {
    type: "pageLoaded",
    page: {
      notifications: ids.map(([id, read]) => note(id, read)),
      unread: 0,
      has_more: hasMore,
    },
  });

describe("notification list", () => {
  it("loads the first page and marks its unread ones as new", () => {
    const state = loaded(
      initialNotificationList,
      [
        [9, false],
        [8, true],
        [7, false],
      ],
      true,
    );
    expect(state.status).toBe("ready");
    expect(state.items.map((n) => n._id)).toEqual([9, 8, 7]);
    expect(state.fresh).toEqual([9, 7]);
    expect(unreadShown(state)).toEqual([9, 7]);
    expect(oldestId(state)).toBe(7);
    expect(state.hasMore).toBe(true);
  });

  it("pages with Load more, once at a time, and stops when nothing is left", () => {
    const first = loaded(initialNotificationList, [[9, false]], true);
    const asking = notificationListReducer(first, { type: "moreRequested" });
    expect(asking.loadingMore).toBe(true);
    expect(notificationListReducer(asking, { type: "moreRequested" })).toBe(
      asking,
    );
    const second = loaded(
      asking,
      [
        [5, false],
        [4, true],
      ],
      false,
    );
    expect(second.items.map((n) => n._id)).toEqual([9, 5, 4]);
    expect(second.loadingMore).toBe(false);
    expect(second.fresh).toEqual([9, 5]);
    expect(notificationListReducer(second, { type: "moreRequested" })).toBe(
      second,
    );
  });

  it("keeps shown notifications marked new after the server has them read; Mark all as read clears the marks", () => {
    const state = loaded(
      initialNotificationList,
      [
        [9, false],
        [8, false],
      ],
      false,
    );
    const read = notificationListReducer(state, {
      type: "markedRead",
      ids: [9, 8],
    });
    expect(unreadShown(read)).toEqual([]);
    expect(read.fresh).toEqual([9, 8]);
    const all = notificationListReducer(read, { type: "allRead" });
    expect(all.fresh).toEqual([]);
    expect(all.items.every((n) => n.read)).toBe(true);
  });

  it("puts a live notification on top, once", () => {
    const state = loaded(initialNotificationList, [[9, true]], false);
    const live = notificationListReducer(state, {
      type: "received",
      notification: note(10),
    });
    const again = notificationListReducer(live, {
      type: "received",
      notification: note(10),
    });
    expect(again.items.map((n) => n._id)).toEqual([10, 9]);
    expect(again.fresh).toEqual([10]);
  });

  it("fails the first page into an error that a retry loads again; a failed Load more keeps the list", () => {
    const failed = notificationListReducer(initialNotificationList, {
      type: "loadFailed",
      message: "Internet not available",
    });
    expect(failed).toMatchObject({
      status: "error",
      error: "Internet not available",
    });
    expect(notificationListReducer(failed, { type: "retried" })).toMatchObject({
      status: "loading",
      error: null,
    });

    const asking = notificationListReducer(
      loaded(initialNotificationList, [[9, true]], true),
      { type: "moreRequested" },
    );
    const moreFailed = notificationListReducer(asking, {
      type: "loadFailed",
      message: "Internet not available",
    });
    expect(moreFailed).toMatchObject({
      status: "ready",
      loadingMore: false,
      error: "Internet not available",
    });
    expect(moreFailed.items).toHaveLength(1);
  });
});
