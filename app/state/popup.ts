import { assertNever } from "#contract/protocol";
import type { AppNotification, MessageNotification } from "#contract/types";

/** SPEC.md §4 popup type. */
type PopupType =
  "idle" | "login" | "signup" | "notification" | "message-notification";

export interface PopupState {
  type: PopupType;
  notifications: AppNotification[];
  messageNotifications: MessageNotification[];
}

export type PopupAction =
  | { type: "open"; popup: "login" | "signup" }
  | { type: "close" }
  | { type: "loggedIn" }
  | { type: "notificationReceived"; notification: AppNotification }
  /** The notification popup for this notification was answered or closed: the next queued one shows, if any. */
  | { type: "notificationDismissed"; id: number }
  | { type: "messageNotificationReceived"; message: MessageNotification }
  | { type: "messageNotificationsCleared" };

export const initialPopupState: PopupState = {
  type: "idle",
  notifications: [],
  messageNotifications: [],
};

export function popupReducer(
  state: PopupState,
  action: PopupAction,
): PopupState {
  switch (action.type) {
    case "open":
      return state.type === action.popup
        ? state
        : { ...state, type: action.popup };
    case "close":
    case "loggedIn":
      return state.type === "idle" ? state : { ...state, type: "idle" };
    case "notificationReceived":
      // The same notification twice (a socket that reconnected and replayed it) is queued once.
      if (
        state.notifications.some(
          (queued) => queued._id === action.notification._id,
        )
      )
        return state;
      return {
        ...state,
        type: "notification",
        notifications: [...state.notifications, action.notification],
      };
    case "notificationDismissed": {
      const notifications = state.notifications.filter(
        (queued) => queued._id !== action.id,
      );
      if (notifications.length === state.notifications.length) return state;
      const showing = state.type === "notification";
      return {
        ...state,
        notifications,
        type: showing && notifications.length === 0 ? "idle" : state.type,
      };
    }
    case "messageNotificationReceived":
      // The message alert is not modal: an open notification popup stays the popup while the alert shows beside it.
      return {
        ...state,
        type:
          state.type === "notification" ? state.type : "message-notification",
        messageNotifications: [...state.messageNotifications, action.message],
      };
    case "messageNotificationsCleared":
      return {
        ...state,
        type:
          state.type === "message-notification"
            ? state.notifications.length
              ? "notification"
              : "idle"
            : state.type,
        messageNotifications: [],
      };
    default:
      return assertNever(action);
  }
}
