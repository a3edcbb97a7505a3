import { assertNever } from "~/lib/protocol";
import type { AppNotification, MessageNotification } from "~/lib/types";

/** SPEC.md §4 popup type. */
export type PopupType = "idle" | "login" | "signup" | "notification" | "message-notification";

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
  | { type: "messageNotificationReceived"; message: MessageNotification }
  | { type: "messageNotificationsCleared" };

export const initialPopupState: PopupState = { type: "idle", notifications: [], messageNotifications: [] };

export function popupReducer(state: PopupState, action: PopupAction): PopupState {
  switch (action.type) {
    case "open":
      return state.type === action.popup ? state : { ...state, type: action.popup };
    case "close":
    case "loggedIn":
      return state.type === "idle" ? state : { ...state, type: "idle" };
    case "notificationReceived":
      return { ...state, type: "notification", notifications: [...state.notifications, action.notification] };
    case "messageNotificationReceived":
      return { ...state, type: "message-notification", messageNotifications: [...state.messageNotifications, action.message] };
    case "messageNotificationsCleared":
      return {
        ...state,
        type: state.type === "message-notification" ? "idle" : state.type,
        messageNotifications: [],
      };
    default:
      return assertNever(action);
  }
}
