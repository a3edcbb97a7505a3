import { z } from "zod";
import {
  CHAT_MAX_LENGTH,
  MAX_CLIENT_FRAME_LENGTH,
  type ParsedFrame,
} from "./protocol-plain";

export * from "./protocol-plain";

/** The acknowledgement id a client puts on an event. */
export const messageId = z.string().min(1).max(64).optional();

/** Keep-alive: the runtime answers the exact PING_FRAME itself; any other ping gets a `pong` from the object. */
export const pingEventSchema = z.object({
  event: z.literal("ping"),
  id: messageId,
  data: z.unknown().optional(),
});

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
