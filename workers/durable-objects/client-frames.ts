import {
  parseClientFrame,
  type FrameEvent,
  type ParsedFrame,
} from "#contract/protocol";
import { ROOM_SOCKET, type RoomServerEvent } from "#contract/room-socket";
import { USER_SOCKET, type UserServerEvent } from "#contract/user-socket";

/**
 * What handling a client event comes to: an `ack` (when the event had an id; none when the handler already sent one
 * inside another frame, `acknowledged`) or an `error` with this message.
 */
export type EventAnswer =
  { ok: true; acknowledged?: true } | { ok: false; message: string };

/** A user-socket frame, validated once; a room event sent here is told to use the room socket. */
export const parseUserFrame = (raw: string | ArrayBuffer) =>
  parseClientFrame(raw, USER_SOCKET, ROOM_SOCKET);

/** A room-socket frame, validated once; a chat event sent here is told to use the user socket. */
export const parseRoomFrame = (raw: string | ArrayBuffer) =>
  parseClientFrame(raw, ROOM_SOCKET, USER_SOCKET);

export function sendEvent(
  ws: WebSocket,
  event: UserServerEvent | RoomServerEvent,
): void {
  try {
    ws.send(JSON.stringify(event));
  } catch {
    // The socket is closing; its close handler does what is left to do.
  }
}

/**
 * One client frame, answered as the protocol says: a bad frame gets an `error` (the connection stays), a ping a
 * `pong`, a handled event an `ack` for its id or an `error` carrying that id.
 */
export async function answerClientFrame<
  E extends { event: string; id?: string },
>(
  ws: WebSocket,
  parsed: ParsedFrame<E>,
  handle: (event: E) => Promise<EventAnswer>,
): Promise<void> {
  const reply = (event: FrameEvent) => sendEvent(ws, event);
  if (!parsed.ok) {
    reply({
      event: "error",
      data: {
        message: parsed.message,
        ...(parsed.id ? { id: parsed.id } : {}),
      },
    });
    return;
  }
  const { event } = parsed;
  // Pings the runtime did not answer itself (any frame other than the exact keep-alive text).
  if (event.event === "ping") reply({ event: "pong" });
  const answer = await handle(event).catch((): EventAnswer => ({
    ok: false,
    message: "That could not be done right now. Please try again.",
  }));
  if (!answer.ok)
    reply({
      event: "error",
      data: { message: answer.message, ...(event.id ? { id: event.id } : {}) },
    });
  else if (event.id && !answer.acknowledged)
    reply({ event: "ack", data: { id: event.id } });
}

/** Completes the close the client started (1005, "no code", cannot be sent back). */
export function closeBack(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code === 1005 ? 1000 : code, reason);
  } catch {
    // Already closed by the runtime.
  }
}
