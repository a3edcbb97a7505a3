import { describe, expect, it } from "vitest";
import type { AppNotification, MessageNotification } from "#contract/types";
import { initialPopupState, popupReducer, type PopupState } from "./popup";

const challenge: AppNotification = {
  _id: 1,
  type: "challenge",
  content: "Ava challenged you",
  user: 2,
  notification_data: { challengeId: 5, gameId: 3 },
  read: false,
  created_dt: "2026-11-22T00:00:00.000Z",
};
const message: MessageNotification = {
  msg_id: "m1",
  sender: 2,
  sender_name: "Ava",
  content: "Rematch?",
};

describe("popupReducer", () => {
  it("starts idle with nothing queued", () => {
    expect(initialPopupState).toEqual({
      type: "idle",
      notifications: [],
      messageNotifications: [],
    });
  });

  it("opens the login and sign-up popups and closes them", () => {
    const login = popupReducer(initialPopupState, {
      type: "open",
      popup: "login",
    });
    expect(login.type).toBe("login");
    const signup = popupReducer(login, { type: "open", popup: "signup" });
    expect(signup.type).toBe("signup");
    expect(popupReducer(signup, { type: "close" }).type).toBe("idle");
  });

  it("returns the same state when nothing changes", () => {
    const login = popupReducer(initialPopupState, {
      type: "open",
      popup: "login",
    });
    expect(popupReducer(login, { type: "open", popup: "login" })).toBe(login);
    expect(popupReducer(initialPopupState, { type: "close" })).toBe(
      initialPopupState,
    );
  });

  it("sets idle on login", () => {
    const login = popupReducer(initialPopupState, {
      type: "open",
      popup: "login",
    });
    expect(popupReducer(login, { type: "loggedIn" }).type).toBe("idle");
  });

  it("appends notifications and shows them", () => {
    const once = popupReducer(initialPopupState, {
      type: "notificationReceived",
      notification: challenge,
    });
    const twice = popupReducer(once, {
      type: "notificationReceived",
      notification: { ...challenge, _id: 2 },
    });
    expect(twice.type).toBe("notification");
    expect(twice.notifications).toHaveLength(2);
  });

  it("appends message notifications and clears them", () => {
    const state: PopupState = popupReducer(
      popupReducer(initialPopupState, {
        type: "messageNotificationReceived",
        message,
      }),
      {
        type: "messageNotificationReceived",
        message: { ...message, msg_id: "m2" },
      },
    );
    expect(state.type).toBe("message-notification");
    expect(state.messageNotifications.map((m) => m.msg_id)).toEqual([
      "m1",
      "m2",
    ]);
    const cleared = popupReducer(state, {
      type: "messageNotificationsCleared",
    });
    expect(cleared.messageNotifications).toEqual([]);
    expect(cleared.type).toBe("idle");
  });

  it("clearing messages leaves another open popup alone", () => {
    const withMessage = popupReducer(initialPopupState, {
      type: "messageNotificationReceived",
      message,
    });
    const login = popupReducer(withMessage, { type: "open", popup: "login" });
    expect(
      popupReducer(login, { type: "messageNotificationsCleared" }).type,
    ).toBe("login");
  });
});

describe("popupReducer: the challenge notification queue", () => {
  const second: AppNotification = {
    ...challenge,
    _id: 2,
    notification_data: { challengeId: 6, gameId: 3 },
  };

  it("queues a replayed notification once", () => {
    const once = popupReducer(initialPopupState, {
      type: "notificationReceived",
      notification: challenge,
    });
    expect(
      popupReducer(once, {
        type: "notificationReceived",
        notification: challenge,
      }),
    ).toBe(once);
  });

  it("shows the next notification after one is dismissed, then goes idle", () => {
    const two = popupReducer(
      popupReducer(initialPopupState, {
        type: "notificationReceived",
        notification: challenge,
      }),
      {
        type: "notificationReceived",
        notification: second,
      },
    );
    const next = popupReducer(two, {
      type: "notificationDismissed",
      id: challenge._id,
    });
    expect(next.type).toBe("notification");
    expect(next.notifications.map((n) => n._id)).toEqual([2]);
    const done = popupReducer(next, {
      type: "notificationDismissed",
      id: second._id,
    });
    expect(done).toMatchObject({ type: "idle", notifications: [] });
    expect(popupReducer(done, { type: "notificationDismissed", id: 99 })).toBe(
      done,
    );
  });

  it("keeps the notification popup open while a message alert comes and goes", () => {
    const showing = popupReducer(initialPopupState, {
      type: "notificationReceived",
      notification: challenge,
    });
    const withMessage = popupReducer(showing, {
      type: "messageNotificationReceived",
      message,
    });
    expect(withMessage.type).toBe("notification");
    expect(withMessage.messageNotifications).toHaveLength(1);
    expect(
      popupReducer(withMessage, { type: "messageNotificationsCleared" }).type,
    ).toBe("notification");
  });

  it("brings a waiting notification back when the message alert clears", () => {
    const alert = popupReducer(initialPopupState, {
      type: "messageNotificationReceived",
      message,
    });
    const queued = { ...alert, notifications: [challenge] };
    expect(
      popupReducer(queued, { type: "messageNotificationsCleared" }).type,
    ).toBe("notification");
  });
});
