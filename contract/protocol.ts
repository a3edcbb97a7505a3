import { z } from "zod";
import type { NotificationView } from "./coins";
import { MAX_SCORE } from "./scores";

/**
 * The real-time socket protocol (SPEC.md §7): every frame is JSON `{ event, data }`, client events may carry an
 * `id` that the server acknowledges (`ack`), so a client can resend what was not delivered before a reconnect.
 * Event names are SPEC.md's; payloads follow SPEC.md §3 and §7. Two sockets speak it: the user socket (`/ws`, the
 * UserHub: lobby, presence, chat, notifications) and, during a match, the room socket (`roomSocketPath`, the
 * MatchRoom: game_data, exit_game_room, end_game).
 */

export const PING_FRAME = JSON.stringify({ event: "ping" });
export const PONG_FRAME = JSON.stringify({ event: "pong" });

/** SPEC.md §9: multiplayer game-end status 1 is a normal end; 2 here means the opponent left. */
export const END_NORMAL = 1;
export const END_OPPONENT_LEFT = 2;

/** SPEC.md §9: the matchmaking wait, and the time a dropped player has to come back. */
export const MATCHMAKING_WAIT_MS = 10_000;
export const RECONNECT_GRACE_MS = 10_000;

/** Room ids are the lobby's random UUIDs. */
export const ROOM_ID_PATTERN = /^[a-z0-9-]{8,64}$/;
const roomId = z.string().regex(ROOM_ID_PATTERN, "Invalid room id");

/** The room socket of a match: its game_data, exit_game_room and end_game go straight to the room's MatchRoom. */
export const roomSocketPath = (room: string) =>
  `/ws/room/${encodeURIComponent(room)}`;
const gameId = z.number().int().positive();
const score = z.number().int().min(0).max(MAX_SCORE);
const messageId = z.string().min(1).max(64).optional();

/** Longest chat message, in characters. */
export const CHAT_MAX_LENGTH = 2000;
/** The close code of a socket whose session ended (log-out): the client stops there instead of reconnecting. */
export const SIGNED_OUT_CLOSE_CODE = 4001;
/** A whole client frame: a chat message at its limit, even with every character escaped, fits with room to spare. */
export const MAX_CLIENT_FRAME_LENGTH = 16 * 1024;

const userId = z.number().int().positive();
const chatMessageId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{6,64}$/, "Invalid message id");

export const clientEventSchema = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("ping"),
    id: messageId,
    data: z.unknown().optional(),
  }),
  /** The sender's live score, relayed to the opponent. */
  z.object({
    event: z.literal("game_data"),
    id: messageId,
    data: z.object({ roomId, score }),
  }),
  /** The sender leaves the match (SPEC.md §7: gameId, roomId, score, userId). */
  z.object({
    event: z.literal("exit_game_room"),
    id: messageId,
    data: z.object({
      gameId,
      roomId,
      score,
      userId: z.number().int().positive().optional(),
    }),
  }),
  /** The sender's round is over and its score submitted (POST /api/scores) for the play session statsId. */
  z.object({
    event: z.literal("end_game"),
    id: messageId,
    data: z.object({ roomId, statsId: z.number().int().positive() }),
  }),
  /** SPEC.md §7 new_message: `msg_id` is made by the sender, so a resend after a reconnect is stored once. */
  z.object({
    event: z.literal("new_message"),
    id: messageId,
    data: z.object({
      to: userId,
      content: z.string().max(CHAT_MAX_LENGTH),
      msg_id: chatMessageId,
    }),
  }),
  /** SPEC.md §7 typing_note (from, to): `from` is always the sender. */
  z.object({
    event: z.literal("typing_note"),
    id: messageId,
    data: z.object({ to: userId, from: userId.optional() }),
  }),
  /** SPEC.md §7 message_status: the sender of this event has seen the friend's messages up to msg_id (all without one). */
  z.object({
    event: z.literal("message_status"),
    id: messageId,
    data: z.object({
      friendId: userId,
      msg_id: chatMessageId.optional(),
      status: z.literal(2),
    }),
  }),
]);

export type ClientEvent = z.infer<typeof clientEventSchema>;
export type ClientEventName = ClientEvent["event"];

/** SPEC.md §3 Multiplayer participant. */
export interface Participant {
  user_id: number;
  user_name: string;
  profile_pic: string | null;
  room_id: string;
}

/** SPEC.md §3 Chat message (status 0 sent, 1 delivered, 2 seen). */
export interface ChatMessage {
  chat_id: string;
  msg_id: string;
  sender: number;
  sender_id: number;
  content: string;
  status: number;
  created_dt: string;
  /** Position in the conversation, for paging back (history only). */
  seq?: number;
}

/** SPEC.md §3 Bot data: a real recorded run of another player. */
export interface BotData {
  _id: number;
  name: string;
  profile_pic: string | null;
  moves: Array<{ time: number; score: number }>;
}

export type ServerEvent =
  | { event: "connected"; data: { userId: number; connections: number } }
  | { event: "pong"; data?: undefined }
  | { event: "ack"; data: { id: string } }
  | { event: "error"; data: { message: string; id?: string } }
  /** SPEC.md §4: a waiting event; the room holds just this participant so far. */
  | {
      event: "waiting";
      data: {
        roomId: string;
        gameId: number;
        participant: Participant;
        expiresAt: number;
      };
    }
  | {
      event: "user_joined";
      data: { roomId: string; gameId: number; participant: Participant };
    }
  /** Two players: both go to check readiness and /play with the same seed. */
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
  | {
      event: "game_data";
      data: { roomId: string; userId: number; score: number };
    }
  | {
      event: "exit_game_room";
      data: { roomId: string; gameId: number; userId: number; score: number };
    }
  | {
      event: "end_game";
      data: {
        roomId: string;
        gameId: number;
        status: typeof END_NORMAL | typeof END_OPPONENT_LEFT;
        resultId: number;
      };
    }
  /** SPEC.md §7 new_message: `user` is the recipient, `friend_id` the other member as the receiving user sees it. */
  | {
      event: "new_message";
      data: ChatMessage & {
        user: number;
        friend_id: number;
        sender_name: string;
      };
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
  /** A friend came online or went offline (SPEC.md §7 user-connection). */
  | { event: "user-connection"; data: { userId: number; online: boolean } }
  /** SPEC.md §7 new_challenge: a friend challenged this user (the stored notification). */
  | { event: "new_challenge"; data: NotificationView }
  /** Any other stored notification (a challenge accepted, settled or expired). */
  | { event: "notification"; data: NotificationView }
  /** The user's balance changed on the server (a payout, a refund): screens show the new one. */
  | { event: "wallet_update"; data: { wallet: number } };

export type ServerEventName = ServerEvent["event"];

export function assertNever(value: never): never {
  throw new Error(`Unhandled event: ${JSON.stringify(value)}`);
}

/** Reads a client frame; a frame that is not a known, well-formed event yields a message to send back. */
export function parseClientEvent(
  raw: string | ArrayBuffer,
):
  | { ok: true; event: ClientEvent }
  | { ok: false; message: string; id?: string } {
  if (typeof raw !== "string")
    return { ok: false, message: "Messages must be JSON text" };
  if (raw.length > MAX_CLIENT_FRAME_LENGTH)
    return {
      ok: false,
      message: `Messages are at most ${CHAT_MAX_LENGTH} characters`,
    };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: "Messages must be JSON text" };
  }
  const result = clientEventSchema.safeParse(json);
  if (!result.success) {
    const record =
      typeof json === "object" && json ? (json as Record<string, unknown>) : {};
    const name = "event" in record ? String(record.event).slice(0, 40) : "";
    const id =
      typeof record.id === "string" && record.id.length <= 64
        ? record.id
        : undefined;
    return {
      ok: false,
      message: name
        ? `Unknown or malformed event: ${name}`
        : "Messages need an event name",
      ...(id ? { id } : {}),
    };
  }
  return { ok: true, event: result.data };
}

/** Reads a server frame in the browser; anything unexpected is dropped. */
export function parseServerEvent(raw: unknown): ServerEvent | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as { event?: unknown };
    return value && typeof value === "object" && typeof value.event === "string"
      ? (value as ServerEvent)
      : null;
  } catch {
    return null;
  }
}
