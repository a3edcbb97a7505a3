import { MESSAGE_STATUS } from "#contract/chat";
import { assertNever, type ChatMessage } from "#contract/protocol";

/** A message as the chat panel shows it (SPEC.md §3 Chat message). */
export interface ChatEntry {
  msg_id: string;
  sender: number;
  content: string;
  /** 0 sent, 1 delivered, 2 seen. */
  status: number;
  created_dt: string;
  /** Position in the conversation (messages from the history have one). */
  seq?: number;
  /** Added by this browser; the server's copy has not come back yet. */
  local?: boolean;
  /** The server refused the message: why. */
  error?: string;
  /** A moderator hid it: shown as "Message removed". */
  removed?: boolean;
}

/** SPEC.md §4 typing notifications: who is typing in which chat. */
export interface TypingNote {
  from: number;
  chat_id: string;
  sender_name: string;
}

/** One open chat between the viewer and a friend (SPEC.md §4 Chat status, Typing notifications). */
export interface ChatState {
  viewerId: number;
  friendId: number;
  /** In conversation order, oldest first. */
  messages: ChatEntry[];
  /** The first page of the history has arrived. */
  loaded: boolean;
  /** Older messages are still on the server. */
  hasMore: boolean;
  typing: TypingNote[];
  /** Delivery updates naming a message not in the list yet (its page was still on the way): applied when it arrives. */
  earlyDeliveries: Array<{ msg_id: string; status: number }>;
}

export type ChatAction =
  /** A page of GET /api/chat: the newest page (first load, or again after a reconnect), or an older one. */
  | {
      type: "historyLoaded";
      messages: ChatMessage[];
      hasMore: boolean;
      older?: boolean;
    }
  /** A new_message event for this chat: the friend's message, or the server's copy of the viewer's own. */
  | { type: "received"; message: ChatMessage }
  /** The viewer sends: shown at once with status 0. */
  | { type: "sent"; message: ChatEntry }
  | { type: "sendFailed"; msg_id: string; error: string }
  /** new_message_delivery: every own message up to msg_id now has at least this status. */
  | { type: "delivery"; msg_id: string; status: number }
  /** The viewer reported the friend's messages up to msg_id as seen. */
  | { type: "markedSeen"; msg_id: string }
  | { type: "typingStarted"; note: TypingNote }
  | { type: "typingStopped"; from: number }
  /** message_removed: a moderator hid this message. */
  | { type: "removed"; msg_id: string };

/** Early delivery updates kept at most: a page holds 30 messages, so older ones can only be stale. */
const EARLY_DELIVERIES_KEPT = 20;

export function initialChatState({
  viewerId,
  friendId,
}: {
  viewerId: number;
  friendId: number;
}): ChatState {
  return {
    viewerId,
    friendId,
    messages: [],
    loaded: false,
    hasMore: false,
    typing: [],
    earlyDeliveries: [],
  };
}

function toEntry(message: ChatMessage): ChatEntry {
  const entry: ChatEntry = {
    msg_id: message.msg_id,
    sender: message.sender,
    content: message.content,
    status: message.status,
    created_dt: message.created_dt,
  };
  if (message.seq !== undefined) entry.seq = message.seq;
  if (message.removed) entry.removed = true;
  return entry;
}

/** The server's copy of a message we already show: its fields win, except that a status never falls. */
function merged(shown: ChatEntry, server: ChatEntry): ChatEntry {
  return {
    ...server,
    status: Math.max(shown.status, server.status),
    seq: server.seq ?? shown.seq,
  };
}

/** Raises (never lowers) the status of the messages from `sender` in list positions 0..upTo. */
function raiseUpTo(
  messages: ChatEntry[],
  upTo: number,
  sender: number,
  status: number,
): ChatEntry[] {
  let changed = false;
  const next = messages.map((message, index) => {
    if (index > upTo || message.sender !== sender || message.status >= status)
      return message;
    changed = true;
    return { ...message, status };
  });
  return changed ? next : messages;
}

/**
 * Where a message goes: in the conversation's stored order (its `seq`, given where it was stored), whatever order the
 * screen heard of them in. The viewer's messages not stored yet have no place there and wait at the end, in the
 * order they were written, until the server's copy gives them theirs.
 */
function inStoredOrder(messages: ChatEntry[]): ChatEntry[] {
  const stored = messages.filter((message) => message.seq !== undefined);
  const waiting = messages.filter((message) => message.seq === undefined);
  // Array.prototype.sort is stable; the stored ones are nearly always in order already.
  stored.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return [...stored, ...waiting];
}

/** Delivery updates that were waiting for a message now in the list. */
function applyEarlyDeliveries(state: ChatState): ChatState {
  if (state.earlyDeliveries.length === 0) return state;
  let messages = state.messages;
  const waiting: ChatState["earlyDeliveries"] = [];
  for (const delivery of state.earlyDeliveries) {
    const index = messages.findIndex(
      (message) => message.msg_id === delivery.msg_id,
    );
    if (index === -1) waiting.push(delivery);
    else messages = raiseUpTo(messages, index, state.viewerId, delivery.status);
  }
  return { ...state, messages, earlyDeliveries: waiting };
}

function withoutTyping(typing: TypingNote[], from: number): TypingNote[] {
  return typing.some((note) => note.from === from)
    ? typing.filter((note) => note.from !== from)
    : typing;
}

function loadHistory(
  state: ChatState,
  action: Extract<ChatAction, { type: "historyLoaded" }>,
): ChatState {
  const shown = new Map(
    state.messages.map((message) => [message.msg_id, message]),
  );
  const page = action.messages.map((message) => {
    const entry = toEntry(message);
    const existing = shown.get(entry.msg_id);
    return existing ? merged(existing, entry) : entry;
  });
  const inPage = new Set(page.map((message) => message.msg_id));
  const rest = state.messages.filter((message) => !inPage.has(message.msg_id));
  const messages = inStoredOrder([...rest, ...page]);
  // Loading the newest page again (after a reconnect) says nothing about pages already loaded further back.
  const hasMore =
    action.older || !state.loaded ? action.hasMore : state.hasMore;
  return applyEarlyDeliveries({ ...state, messages, hasMore, loaded: true });
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "historyLoaded":
      return loadHistory(state, action);
    case "received": {
      const entry = toEntry(action.message);
      const index = state.messages.findIndex(
        (message) => message.msg_id === entry.msg_id,
      );
      const messages = inStoredOrder(
        index === -1
          ? [...state.messages, entry]
          : state.messages.map((message, at) =>
              at === index ? merged(message, entry) : message,
            ),
      );
      // A message from someone ends their typing note.
      const typing = withoutTyping(state.typing, entry.sender);
      return applyEarlyDeliveries({ ...state, messages, typing });
    }
    case "sent":
      if (
        state.messages.some(
          (message) => message.msg_id === action.message.msg_id,
        )
      )
        return state;
      return {
        ...state,
        messages: [...state.messages, { ...action.message, local: true }],
      };
    case "sendFailed": {
      if (!state.messages.some((message) => message.msg_id === action.msg_id))
        return state;
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.msg_id === action.msg_id
            ? { ...message, error: action.error }
            : message,
        ),
      };
    }
    case "delivery": {
      const index = state.messages.findIndex(
        (message) => message.msg_id === action.msg_id,
      );
      if (index === -1) {
        const earlyDeliveries = [
          ...state.earlyDeliveries,
          { msg_id: action.msg_id, status: action.status },
        ].slice(-EARLY_DELIVERIES_KEPT);
        return { ...state, earlyDeliveries };
      }
      const messages = raiseUpTo(
        state.messages,
        index,
        state.viewerId,
        action.status,
      );
      return messages === state.messages ? state : { ...state, messages };
    }
    case "markedSeen": {
      const index = state.messages.findIndex(
        (message) => message.msg_id === action.msg_id,
      );
      if (index === -1) return state;
      const messages = raiseUpTo(
        state.messages,
        index,
        state.friendId,
        MESSAGE_STATUS.seen,
      );
      return messages === state.messages ? state : { ...state, messages };
    }
    case "typingStarted":
      // SPEC.md §4: adding removes any duplicate and appends.
      return {
        ...state,
        typing: [
          ...state.typing.filter((note) => note.from !== action.note.from),
          action.note,
        ],
      };
    case "typingStopped": {
      const typing = withoutTyping(state.typing, action.from);
      return typing === state.typing ? state : { ...state, typing };
    }
    case "removed":
      return state.messages.some((message) => message.msg_id === action.msg_id)
        ? {
            ...state,
            messages: state.messages.map((message) =>
              message.msg_id === action.msg_id
                ? { ...message, content: "", removed: true }
                : message,
            ),
          }
        : state;
    default:
      return assertNever(action);
  }
}

/**
 * SPEC.md §4 Chat status: while the chat is open, the friend's messages with status <= 1 are reported seen. Gives
 * the id of the friend's latest message when any of theirs is still unseen (naming it covers all before it), else null.
 */
export function unseenFromFriend(state: ChatState): string | null {
  let latest: ChatEntry | null = null;
  let unseen = false;
  for (const message of state.messages) {
    if (message.sender !== state.friendId) continue;
    latest = message;
    if (message.status <= MESSAGE_STATUS.delivered) unseen = true;
  }
  return unseen && latest ? latest.msg_id : null;
}

/**
 * The friend's messages in a page of history that the server still counts as not delivered (status 0): the page has
 * them now, so it acknowledges them (docs/features.md, "Chat delivery") before it reports any of them seen.
 */
export function undeliveredFromFriend(
  messages: readonly ChatMessage[],
  friendId: number,
): string[] {
  return messages
    .filter(
      (message) =>
        message.sender === friendId && message.status === MESSAGE_STATUS.sent,
    )
    .map((message) => message.msg_id);
}

export const isTyping = (state: ChatState, from: number) =>
  state.typing.some((note) => note.from === from);

/** Where to page back from: the position of the oldest message the server numbered. */
export function oldestSeq(state: ChatState): number | null {
  let oldest: number | null = null;
  for (const message of state.messages)
    if (message.seq !== undefined && (oldest === null || message.seq < oldest))
      oldest = message.seq;
  return oldest;
}
