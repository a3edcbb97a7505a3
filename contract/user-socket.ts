import { z } from "zod";
import {
  CHAT_MAX_LENGTH,
  messageId,
  pingEventSchema,
  socketProtocol,
} from "./protocol";
import { RECEIPT_MAX_IDS } from "./user-socket-plain";

export * from "./user-socket-plain";

const userId = z.number().int().positive();
const chatMessageId = z
  .string()
  .max(64, "Invalid message id")
  .regex(/^[A-Za-z0-9_-]{6,64}$/, "Invalid message id");

const userClientEventSchema = z.discriminatedUnion("event", [
  pingEventSchema,
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
  /**
   * The client has these messages from `friendId` (a re-sent one is acknowledged again): only now are they
   * delivered (status 1). Until then the server re-sends them on each new connection.
   */
  z.object({
    event: z.literal("messages_received"),
    id: messageId,
    data: z.object({
      friendId: userId,
      msg_ids: z.array(chatMessageId).min(1).max(RECEIPT_MAX_IDS),
    }),
  }),
  /** The client has these notifications (`new_challenge` or `notification`): they are not re-sent any more. */
  z.object({
    event: z.literal("notifications_received"),
    id: messageId,
    data: z.object({
      ids: z.array(z.number().int().positive()).min(1).max(RECEIPT_MAX_IDS),
    }),
  }),
]);

export type UserClientEvent = z.infer<typeof userClientEventSchema>;

export const USER_SOCKET = socketProtocol(
  userClientEventSchema,
  "Chat events go on the user socket (/ws)",
);
