/** SPEC.md §3 Chat message status. */
export const MESSAGE_STATUS = { sent: 0, delivered: 1, seen: 2 } as const;

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
