// The part of `user-socket.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import type { NotificationView } from "./coins";
import type { MatchInviteView, MatchStart } from "./friend-matches";
import type { InboxEntry, InboxUpdate } from "./inbox";
import type { ChatMessage, FrameEvent, Participant } from "./protocol";
import type { UserClientEvent } from "./user-socket";

/**
 * The user socket (`/ws`, the user's UserHub, ADR 007): chat, presence and notifications both ways, and the lobby's
 * news for a player who is waiting for an opponent. A match's own events go on its room socket (`room-socket.ts`).
 */

/**
 * Liveness of the user socket (issue #31): a phone that loses its signal keeps its socket "open", so silence is the
 * only sign. The page pings every USER_PING_INTERVAL_MS (the runtime answers and notes the time without waking the
 * hub) and counts a ping unanswered for USER_PONG_TIMEOUT_MS as a dead link; the hub counts a socket it has heard
 * nothing from for USER_SILENCE_MS as gone, as the match room does (RECONNECT_GRACE_MS).
 */
export const USER_PING_INTERVAL_MS = 3_000;
export const USER_PONG_TIMEOUT_MS = 3_000;
export const USER_SILENCE_MS = 10_000;
/** Followers hear "offline" only once the user has had no socket this long: a reload is a new socket, not a departure. */
export const OFFLINE_GRACE_MS = 3_000;
/** The waiting page pings this often, and the lobby pairs a waiting player only if heard from within LOBBY_HEARD_MS. */
export const LOBBY_PING_INTERVAL_MS = 1_000;
export const LOBBY_HEARD_MS = 2_000;
/**
 * A tab acknowledges a message or notification within moments (`messages_received`, `notifications_received`). A
 * socket that has left one unacknowledged this long, while its pings still come, no longer carries what the hub
 * sends (a runtime's lost frames, a one-way link): the hub closes it and the tab reconnects and catches up.
 */
export const RECEIPT_SILENCE_MS = 20_000;
/** The close code of a socket the hub stopped waiting for: silent for USER_SILENCE_MS, or unacknowledging for RECEIPT_SILENCE_MS. */
export const SILENT_CLOSE_CODE = 4002;

/** Most ids one receipt names: a client acknowledging a long replay sends several. */
export const RECEIPT_MAX_IDS = 100;

/**
 * What a tab sends only while its socket is open, without an id, so the hub answers it with no `ack` frame, and never
 * again after a reconnection (`unqueued` in `app/lib/socket-client.ts`): a typing note is stale by then, and one sent
 * again would show the friend "Typing..." for a note long gone. Each note costs one frame fewer.
 */
export const UNQUEUED_USER_EVENTS: ReadonlySet<UserClientEvent["event"]> =
  new Set(["typing_note"] as const);

/**
 * What a tab sends without an id, so the hub answers it with no `ack` frame (ADR 058), yet keeps in its outbox, in
 * order with everything else, until the hub has answered something sent after it (`unanswered` in
 * `app/lib/socket-client.ts`): receipts and reports of seen, which change nothing when they arrive twice. A receipt
 * must reach the hub before the report of seen that follows it (a report of seen raises only what was delivered),
 * also when the page acknowledges what its loader brought before the socket opens, and when both went into a link
 * that died unnoticed (ADR 056 tried receipts `unqueued` and lost both cases). The page needs no answer to either:
 * a refused report changes nothing on its screen.
 */
export const UNANSWERED_USER_EVENTS: ReadonlySet<UserClientEvent["event"]> =
  new Set([
    "messages_received",
    "notifications_received",
    "message_status",
  ] as const);

export type UserServerEvent =
  | FrameEvent
  /** To the player who is waiting: the lobby paired them with this participant. */
  | {
      event: "user_joined";
      data: { roomId: string; gameId: number; participant: Participant };
    }
  /** To the player who is waiting: the match is formed; go to check readiness and /play with this seed. */
  | {
      event: "request_gameplay";
      data: {
        roomId: string;
        gameId: number;
        seed: number;
        participants: Participant[];
      };
    }
  /** Nobody joined within the wait: leave with score 0 and ask for a bot. */
  | { event: "room_timeout"; data: { roomId: string; gameId: number } }
  /**
   * SPEC.md §7 new_message: `user` is the recipient, `friend_id` the other member as the receiving user sees it. The
   * recipient acknowledges it with `messages_received`; `redelivered` marks a re-send on a new connection.
   */
  | {
      event: "new_message";
      data: ChatMessage & {
        user: number;
        friend_id: number;
        sender_name: string;
      };
      redelivered?: boolean;
      /** The user's inbox after this message, in place of an `inbox_update` of its own (ADR 049). */
      inbox?: InboxUpdate;
      /**
       * On the echo of a newly stored message to its sender's tabs: the id of the `new_message` event that sent it,
       * acknowledged by this echo in place of an `ack` frame of its own (ADR 058). Other tabs hold no such id.
       */
      ack?: string;
    }
  | {
      event: "typing_note";
      data: { from: number; to: number; chat_id: string; sender_name: string };
    }
  /** Every message of the chat up to msg_id now has at least this status. */
  | {
      event: "new_message_delivery";
      data: { chat_id: string; msg_id: string; status: number };
    }
  /** A moderator hid this message of the chat (issue #34): both members' screens show "Message removed" in its place. */
  | { event: "message_removed"; data: { chat_id: string; msg_id: string } }
  /** A friend came online or went offline (SPEC.md §7 user-connection). */
  | { event: "user-connection"; data: { userId: number; online: boolean } }
  /**
   * This user and `userId` were just blocked apart (either blocked the other, which ends following both ways):
   * `userId` leaves the friends list, presence and any open chat at once. Sent to both players.
   */
  | { event: "blocked"; data: { userId: number } }
  /**
   * SPEC.md §7 new_challenge: a friend challenged this user (the stored notification). Acknowledged with
   * `notifications_received`; `redelivered` marks a re-send on a new connection.
   */
  | { event: "new_challenge"; data: NotificationView; redelivered?: boolean }
  /** Any other stored notification (a challenge accepted, settled or expired), acknowledged the same way. */
  | { event: "notification"; data: NotificationView; redelivered?: boolean }
  /** The user's balance changed on the server (a payout, a refund): screens show the new one. */
  | { event: "wallet_update"; data: { wallet: number } }
  /** A friend invited this user to a private match, or the other player of a match offers a rematch (ADR 026). */
  | { event: "match_invite"; data: MatchInviteView }
  /**
   * An invitation this user made or was sent was answered: accepted (both players go to the match), declined or
   * cancelled. To both players' tabs, so a dialog still open elsewhere closes.
   */
  | {
      event: "match_invite_answer";
      data: {
        code: string;
        status: "accepted" | "declined" | "cancelled";
        match: MatchStart | null;
      };
    }
  /**
   * The chat inbox changed (a message came or went out, a chat was seen, a friend was blocked or unfollowed): the
   * conversation's entry (null: it is no longer shown) and the unread messages of the whole inbox (ADR 028).
   */
  | {
      event: "inbox_update";
      data: { friendId: number; entry: InboxEntry | null; unread: number };
    };
