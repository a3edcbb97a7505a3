import { useSyncExternalStore } from "react";

/**
 * Which friend's chat is open in this tab, if any. The chat panel sets it while mounted; the message alert reads it
 * so a message for the open chat raises no alert (SPEC.md §2/§4). Module state, not a context: the alert is mounted
 * at the root and the panel deep inside /social, and only the browser ever writes it.
 */
let openChatFriendId: number | null = null;
const listeners = new Set<() => void>();

export function setOpenChat(friendId: number | null): void {
  if (openChatFriendId === friendId) return;
  openChatFriendId = friendId;
  for (const listener of Array.from(listeners)) listener();
}

export const getOpenChat = (): number | null => openChatFriendId;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The open chat's friend id, re-rendering when it changes (always null on the server). */
export function useOpenChat(): number | null {
  return useSyncExternalStore(subscribe, getOpenChat, () => null);
}
