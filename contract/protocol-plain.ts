// The part of `protocol.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/**
 * What both real-time sockets share (SPEC.md §7): every frame is JSON `{ event, data }`, client events may carry an
 * `id` that the server acknowledges (`ack`), so a client can resend what was not delivered before a reconnect. (The
 * other way, the user socket's chat messages and notifications are acknowledged by receipts: `user-socket.ts`.) Event
 * names are SPEC.md's; payloads follow SPEC.md §3 and §7. Each socket has its own unions (ADR 007): the user socket
 * (`/ws`, the UserHub) in `user-socket.ts`, a match's room socket (`roomSocketPath`, the MatchRoom) in
 * `room-socket.ts`.
 */

export const PING_FRAME = JSON.stringify({ event: "ping" });
export const PONG_FRAME = JSON.stringify({ event: "pong" });

/** SPEC.md §9: multiplayer game-end status 1 is a normal end; 2 here means the opponent left. */
export const END_NORMAL = 1;
export const END_OPPONENT_LEFT = 2;

/** SPEC.md §9: the matchmaking wait, and the time a dropped player has to come back. */
export const MATCHMAKING_WAIT_MS = 10_000;
export const RECONNECT_GRACE_MS = 10_000;
/**
 * A match's room socket pings this often, and counts a ping not answered within ROOM_PONG_TIMEOUT_MS as a dead link
 * (it reconnects); the room counts a player it has heard nothing from for RECONNECT_GRACE_MS as gone.
 */
export const ROOM_PING_INTERVAL_MS = 2_000;
export const ROOM_PONG_TIMEOUT_MS = 3_000;

/** Room ids are the lobby's random UUIDs. */
export const ROOM_ID_PATTERN = /^[a-z0-9-]{8,64}$/;

/**
 * GET /api/multiplayer/room/{roomId}, for one of its players: what a page that lost its memory of the match (a reload,
 * a reopened tab) needs to rejoin it, or to say how it ended for them.
 */
export interface RoomView {
  roomId: string;
  gameId: number;
  seed: number;
  participants: Participant[];
  /** The room counted this player as gone: they left, or were away past the grace. */
  left: boolean;
  /** This player's round is over and in (their score counts). */
  finished: boolean;
  /** What counts for this player so far: their accepted score once finished or left, else null. */
  score: number | null;
  /** Set once everybody is done. */
  resultId: number | null;
}

/** The room socket of a match: the address names the room, so its frames do not. */
export const roomSocketPath = (room: string) =>
  `/ws/room/${encodeURIComponent(room)}`;

/** Longest chat message, in characters. */
export const CHAT_MAX_LENGTH = 2000;
/** The close code of a socket whose session ended (log-out): the client stops there instead of reconnecting. */
export const SIGNED_OUT_CLOSE_CODE = 4001;
/** A whole client frame: a chat message at its limit, even with every character escaped, fits with room to spare. */
export const MAX_CLIENT_FRAME_LENGTH = 16 * 1024;

/** SPEC.md §3 Multiplayer participant. */
export interface Participant {
  user_id: number;
  user_name: string;
  profile_pic: string | null;
  room_id: string;
}

/**
 * SPEC.md §7 POST /multiplayer/join: where the caller stands. This answer is the only way the joining player learns
 * it; the player already waiting learns of the pairing by `user_joined` and `request_gameplay` on the user socket.
 */
export type JoinAnswer =
  | {
      status: "waiting";
      roomId: string;
      gameId: number;
      participants: Participant[];
      expiresAt: number;
    }
  | {
      status: "matched";
      roomId: string;
      gameId: number;
      participants: Participant[];
      seed: number;
    };

/** SPEC.md §3 Chat message (status 0 sent, 1 delivered, 2 seen). */
export interface ChatMessage {
  chat_id: string;
  msg_id: string;
  sender: number;
  sender_id: number;
  content: string;
  status: number;
  created_dt: string;
  /**
   * The message's place in its conversation, given where it is stored: every screen shows messages in this order,
   * live and after a reload, and pages back from it.
   */
  seq: number;
  /** A moderator hid it (issue #34): `content` is empty and screens say "Message removed". */
  removed?: boolean;
}

/** SPEC.md §3 Bot data: a real recorded run of another player. */
export interface BotData {
  _id: number;
  name: string;
  profile_pic: string | null;
  moves: Array<{ time: number; score: number }>;
}

/** The server events every socket may send, whatever else it speaks. */
export type FrameEvent =
  | { event: "connected"; data: { userId: number; connections: number } }
  | { event: "pong"; data?: undefined }
  | { event: "ack"; data: { id: string } }
  | { event: "error"; data: { message: string; id?: string } };

export function assertNever(value: never): never {
  throw new Error(`Unhandled event: ${JSON.stringify(value)}`);
}

export type ParsedFrame<E> =
  { ok: true; event: E } | { ok: false; message: string; id?: string };

/** Reads a server frame in the browser; anything unexpected is dropped. */
export function parseServerEvent<E extends { event: string }>(
  raw: unknown,
): E | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as { event?: unknown };
    return value && typeof value === "object" && typeof value.event === "string"
      ? (value as E)
      : null;
  } catch {
    return null;
  }
}
