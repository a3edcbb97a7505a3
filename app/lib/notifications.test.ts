import { describe, expect, it } from "vitest";
import type { NotificationView } from "#contract/coins";
import {
  mergeNotifications,
  notificationHref,
  timeAgo,
  unreadBadge,
} from "./notifications";

const note = (
  id: number,
  extra: Partial<NotificationView> = {},
): NotificationView => ({
  _id: id,
  type: "challenge",
  content: `Notification ${id}`,
  user: 2,
  notification_data: { challengeId: 40 + id, gameId: 3 },
  read: false,
  created_dt: "2026-11-22T10:00:00.000Z",
  ...extra,
});

describe("notifications", () => {
  it("link a challenge notification to its challenge", () => {
    expect(notificationHref(note(1))).toBe("/challenge/41");
    expect(notificationHref(note(2, { type: "challenge_result" }))).toBe(
      "/challenge/42",
    );
    expect(
      notificationHref(
        note(3, {
          notification_data: {} as NotificationView["notification_data"],
        }),
      ),
    ).toBeNull();
  });

  it("link a tournament prize to its game's page", () => {
    expect(
      notificationHref(
        note(4, {
          type: "tournament_prize",
          notification_data: { gameId: 3, place: 1, prize: 100 },
        }),
      ),
    ).toBe("/detail/3");
  });

  it("badge the unread count: nothing at 0, 99+ above 99", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-2)).toBeNull();
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
  });

  it("merge pages newest first, each once, the later copy winning", () => {
    const merged = mergeNotifications(
      [note(5), note(3)],
      [note(3, { read: true }), note(1), note(6)],
    );
    expect(merged.map((n) => n._id)).toEqual([6, 5, 3, 1]);
    expect(merged.find((n) => n._id === 3)?.read).toBe(true);
  });

  it("say how long ago", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(timeAgo("2026-11-22T11:59:30Z", now)).toBe("Just now");
    expect(timeAgo("2026-11-22T11:55:00Z", now)).toBe("5 min ago");
    expect(timeAgo("2026-11-22T09:00:00Z", now)).toBe("3 h ago");
    expect(timeAgo("2026-11-20T12:00:00Z", now)).toBe("2 d ago");
    expect(timeAgo("2026-11-01T08:00:00Z", now)).toBe("1 Nov 2026");
    expect(timeAgo("2026-11-22T12:00:05Z", now)).toBe("Just now");
    expect(timeAgo("not a time", now)).toBe("");
  });
});
