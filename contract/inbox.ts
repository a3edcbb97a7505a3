/**
 * The chat inbox (/social's Messages tab, the unread badge on Social): one entry per friend the user has exchanged
 * messages with, kept by the user's UserHub as messages and reports of seen pass through it (ADR 028).
 */

/** How much of the last message an entry keeps: enough for a row's one line. */
export const INBOX_PREVIEW_LENGTH = 120;

/** One conversation as its row shows it. */
export interface InboxEntry {
  friendId: number;
  /** The last message, in one line and at most INBOX_PREVIEW_LENGTH characters. */
  preview: string;
  /** The user sent the last message ("You: …"). */
  fromMe: boolean;
  /** When the last message was stored, ISO 8601. */
  at: string;
  /** The friend's messages the user has not seen. */
  unread: number;
}

/** The user's inbox: entries newest first, and the unread messages of all of them (the badge). */
export interface Inbox {
  entries: InboxEntry[];
  unread: number;
}

/** A message's text as an entry keeps it: one line, trimmed to INBOX_PREVIEW_LENGTH characters. */
export function inboxPreview(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length > INBOX_PREVIEW_LENGTH
    ? `${line.slice(0, INBOX_PREVIEW_LENGTH - 1)}…`
    : line;
}

/** The accessible name of Social in the menus: "Social, 3 unread messages". */
export function socialLabel(unread: number): string {
  if (!(unread > 0)) return "Social";
  return `Social, ${unread} unread ${unread === 1 ? "message" : "messages"}`;
}

/** One conversation's entry after a change (null: no longer shown) and the unread messages of the whole inbox. */
export interface InboxUpdate {
  friendId: number;
  entry: InboxEntry | null;
  unread: number;
}
