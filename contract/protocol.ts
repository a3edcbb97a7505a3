import { z } from "zod";

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
const MAX_CLIENT_FRAME_LENGTH = 16 * 1024;

/** The acknowledgement id a client puts on an event. */
export const messageId = z.string().min(1).max(64).optional();

/** Keep-alive: the runtime answers the exact PING_FRAME itself; any other ping gets a `pong` from the object. */
export const pingEventSchema = z.object({
  event: z.literal("ping"),
  id: messageId,
  data: z.unknown().optional(),
});

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

/** One socket's client events: the schema they are read with, their names, and where a client is told they go. */
export interface SocketProtocol<E> {
  schema: z.ZodType<E>;
  events: ReadonlySet<string>;
  /** Said to a client that sends one of these events on the other socket. */
  goesTo: string;
}

/** Describes a socket's client union; its event names leave out the ping both sockets share. */
export function socketProtocol<E>(
  schema: z.ZodType<E> & {
    options: ReadonlyArray<{ shape: { event: { value: unknown } } }>;
  },
  goesTo: string,
): SocketProtocol<E> {
  const names = schema.options.map((option) =>
    String(option.shape.event.value),
  );
  return {
    schema,
    events: new Set(names.filter((name) => name !== "ping")),
    goesTo,
  };
}

/**
 * Reads a client frame against its socket's union, once: a frame that is not a known, well-formed event of that
 * socket yields a message to send back, naming the other socket when the event is one of its own.
 */
export function parseClientFrame<E>(
  raw: string | ArrayBuffer,
  socket: SocketProtocol<E>,
  other: SocketProtocol<unknown>,
): ParsedFrame<E> {
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
  const result = socket.schema.safeParse(json);
  if (result.success) return { ok: true, event: result.data };
  const record =
    typeof json === "object" && json ? (json as Record<string, unknown>) : {};
  const name = "event" in record ? String(record.event).slice(0, 40) : "";
  const id =
    typeof record.id === "string" && record.id.length <= 64
      ? record.id
      : undefined;
  let message = `Unknown or malformed event: ${name}`;
  if (!name) message = "Messages need an event name";
  else if (other.events.has(name)) message = other.goesTo;
  else if (socket.events.has(name))
    message = `Malformed ${name}: ${result.error.issues[0]?.message ?? "check its data"}`;
  return { ok: false, message, ...(id ? { id } : {}) };
}

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
