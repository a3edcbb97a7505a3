import { describe, expect, it } from "vitest";
import type { AppNotification, MessageNotification } from "~/lib/types";
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
      initialPopupState
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
      notification: challenge,
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
      }
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
      popupReducer(login, { type: "messageNotificationsCleared" }).type
    ).toBe("login");
  });
});
