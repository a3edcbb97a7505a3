import { z } from "zod";

/**
 * The real-time socket protocol (SPEC.md §7): every frame is JSON `{ event, data }`.
 * This issue carries the connection itself; the room, chat and challenge events join these unions later.
 */

export const PING_FRAME = JSON.stringify({ event: "ping" });
export const PONG_FRAME = JSON.stringify({ event: "pong" });

export const clientEventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("ping"), data: z.unknown().optional() }),
]);

export type ClientEvent = z.infer<typeof clientEventSchema>;

export type ServerEvent =
  | { event: "connected"; data: { userId: number; connections: number } }
  | { event: "pong"; data?: undefined }
  | { event: "error"; data: { message: string } };

export function assertNever(value: never): never {
  throw new Error(`Unhandled event: ${JSON.stringify(value)}`);
}

/** Reads a client frame; a frame that is not a known event yields a message to send back. */
export function parseClientEvent(raw: string | ArrayBuffer): { ok: true; event: ClientEvent } | { ok: false; message: string } {
  if (typeof raw !== "string") return { ok: false, message: "Messages must be JSON text" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: "Messages must be JSON text" };
  }
  const result = clientEventSchema.safeParse(json);
  if (!result.success) {
    const name = typeof json === "object" && json && "event" in json ? String((json as { event: unknown }).event) : "";
    return { ok: false, message: name ? `Unknown or malformed event: ${name}` : "Messages need an event name" };
  }
  return { ok: true, event: result.data };
}
