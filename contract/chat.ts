import { z } from "zod";
import { digits } from "./input";
import type { ChatMessage } from "./protocol";
/** SPEC.md §3 Chat message status. */
export const MESSAGE_STATUS = { sent: 0, delivered: 1, seen: 2 } as const;

/** How many messages a page of chat history holds unless the client asks for fewer. */
export const HISTORY_PAGE = 30;

/** The chat of two users, as the server names it: `${smaller id}-${larger id}`. */
export const chatIdOf = (a: number, b: number) =>
  `${Math.min(a, b)}-${Math.max(a, b)}`;

/** The server accepts message ids of 6 to 64 letters, digits, `_` and `-` (contract/protocol.ts). */
export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * A fresh id for a message this browser sends. The sender makes it, so a resend after a reconnect is stored once;
 * 16 random bytes make a clash with anyone's earlier message practically impossible.
 */
export function newMessageId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `m-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** GET /api/chat/{userId}/{friendId}?before=&limit=: a page of history, newest first, older pages by `before`. */
export const HistoryQuerySchema = z.object({
  before: digits("before must be a message position")
    .pipe(z.number().positive("before must be a message position"))
    .optional(),
  limit: digits("limit must be a whole number from 1 to 100")
    .pipe(
      z
        .number()
        .min(1, "limit must be at least 1")
        .max(100, "limit is at most 100"),
    )
    .default(HISTORY_PAGE),
});

/** A message of the history as its reader sees it: `reported` when the reader reported it (POST /api/social/report). */
interface HistoryMessage extends ChatMessage {
  reported?: boolean;
}

export interface HistoryPage {
  messages: HistoryMessage[];
  has_more: boolean;
}
