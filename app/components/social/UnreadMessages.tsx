import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";
import type { InboxUpdate } from "#contract/inbox";
import type { UserServerEvent } from "#contract/user-socket";
import { unreadBadge } from "~/lib/notifications";
import { useRootData } from "../root-data";
import { useSocket } from "../SocketProvider";

const UnreadMessagesContext = createContext(0);

/** The inbox's change an event brings: an `inbox_update`, or a chat message carrying it (ADR 049). */
export function inboxUpdateOf(event: UserServerEvent): InboxUpdate | null {
  if (event.event === "inbox_update") return event.data;
  if (event.event === "new_message") return event.inbox ?? null;
  return null;
}

/**
 * The unread chat messages of the player's inbox (ADR 028), for the badge on Social in both menus. It starts from the
 * root loader and follows the socket's inbox updates, which carry the whole inbox's count: a message that comes (its
 * frame carries the update), or a chat seen in this tab or another (`inbox_update`), moves it.
 */
export function UnreadMessagesProvider({ children }: { children: ReactNode }) {
  const { unreadMessages: serverCount = 0, user } = useRootData();
  const [count, setCount] = useState(serverCount);
  // A new count from the server (reload, revalidation) replaces whatever the socket said since.
  const [lastServerCount, setLastServerCount] = useState(serverCount);
  if (serverCount !== lastServerCount) {
    setLastServerCount(serverCount);
    setCount(serverCount);
  }
  const { subscribe } = useSocket();
  useEffect(
    () =>
      subscribe((event) => {
        const update = inboxUpdateOf(event);
        if (update) setCount(Math.max(0, update.unread));
      }),
    [subscribe],
  );
  return (
    <UnreadMessagesContext.Provider value={user ? count : 0}>
      {children}
    </UnreadMessagesContext.Provider>
  );
}

export const useUnreadMessages = (): number =>
  useContext(UnreadMessagesContext);

/** The count on Social in a menu; its link's accessible name says it in words (`socialLabel`). */
export function UnreadBadge({ count }: { count: number }) {
  const badge = unreadBadge(count);
  return badge ? (
    <span
      className="count-badge"
      aria-hidden="true"
      data-testid="unread-messages-badge"
    >
      {badge}
    </span>
  ) : null;
}
