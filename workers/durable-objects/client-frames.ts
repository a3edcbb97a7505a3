import {
  parseClientEvent,
  type ClientEvent,
  type ServerEvent,
} from "#contract/protocol";

/** What handling a client event comes to: an `ack` (when the event had an id) or an `error` with this message. */
export type EventAnswer = { ok: true } | { ok: false; message: string };

export function sendEvent(ws: WebSocket, event: ServerEvent): void {
  try {
    ws.send(JSON.stringify(event));
  } catch {
    // The socket is closing; its close handler does what is left to do.
  }
}

/**
 * One client frame on a user socket or a room socket, answered as the protocol says: a bad frame gets an `error`
 * (the connection stays), a ping a `pong`, a handled event an `ack` for its id or an `error` carrying that id.
 */
export async function answerClientFrame(
  ws: WebSocket,
  message: string | ArrayBuffer,
  handle: (event: ClientEvent) => Promise<EventAnswer>,
): Promise<void> {
  const parsed = parseClientEvent(message);
  if (!parsed.ok) {
    sendEvent(ws, {
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
  if (event.event === "ping") sendEvent(ws, { event: "pong" });
  const answer = await handle(event).catch((): EventAnswer => ({
    ok: false,
    message: "That could not be done right now. Please try again.",
  }));
  if (!answer.ok)
    sendEvent(ws, {
      event: "error",
      data: { message: answer.message, ...(event.id ? { id: event.id } : {}) },
    });
  else if (event.id) sendEvent(ws, { event: "ack", data: { id: event.id } });
}

/** Completes the close the client started (1005, "no code", cannot be sent back). */
export function closeBack(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code === 1005 ? 1000 : code, reason);
  } catch {
    // Already closed by the runtime.
  }
}
