import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useRevalidate } from "../useRevalidate";
import { useAccount } from "../AccountProvider";
import { useRootData } from "../root-data";
import { useSocket } from "../SocketProvider";
import { useMarkRead } from "./useMarkRead";

export interface Notifications {
  /** How many of the player's notifications are unread (the header bell's badge). */
  unread: number;
  /** The server answered a count (a page of notifications, a read call). */
  setUnread: (count: number) => void;
  /** Marks these notifications (all, without ids) read on the server and takes its new count; throws what the call threw. */
  markRead: (ids?: readonly number[]) => Promise<void>;
}

const NotificationsContext = createContext<Notifications>({
  unread: 0,
  setUnread: () => undefined,
  markRead: () => Promise.resolve(),
});

/**
 * The player's live notifications and wallet. The unread count starts from the root loader and follows the socket:
 * `new_challenge` queues the challenge notification popup (SPEC.md §4 popup type notification), `notification` (a
 * challenge accepted, settled or expired) adds to the count, and `wallet_update` reloads the root data so the header
 * and account menu show the new balance and the bonus stops being offered.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { unread: serverUnread = 0, user } = useRootData();
  const viewerId = user?._id ?? null;
  const [unread, setUnreadState] = useState(serverUnread);
  // A new count from the server (reload, revalidation) replaces whatever the socket added since.
  const [lastServerUnread, setLastServerUnread] = useState(serverUnread);
  if (serverUnread !== lastServerUnread) {
    setLastServerUnread(serverUnread);
    setUnreadState(serverUnread);
  }

  const { subscribe } = useSocket();
  const { dispatchPopup } = useAccount();
  const revalidate = useRevalidate();
  const counted = useRef(new Set<number>());

  useEffect(() => {
    counted.current.clear();
  }, [viewerId]);

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.event) {
          case "new_challenge":
          case "notification": {
            const notification = event.data;
            if (event.event === "new_challenge")
              dispatchPopup({ type: "notificationReceived", notification });
            // The same notification again (a replay after reconnecting) counts once.
            if (notification.read || counted.current.has(notification._id))
              return;
            counted.current.add(notification._id);
            // Sent again on a new connection: the page's count may already hold it, so the server counts.
            if (event.redelivered) revalidate();
            else setUnreadState((count) => count + 1);
            return;
          }
          case "wallet_update":
            // Coins moved or the bonus was collected (here, in another tab or on another device): the root data has it.
            revalidate();
            return;
          default:
            return;
        }
      }),
    [subscribe, dispatchPopup, revalidate],
  );

  const setUnread = useCallback(
    (count: number) => setUnreadState(Math.max(0, count)),
    [],
  );
  const markRead = useMarkRead(setUnread);

  const value = useMemo(
    () => ({ unread: viewerId === null ? 0 : unread, setUnread, markRead }),
    [viewerId, unread, setUnread, markRead],
  );
  return (
    <NotificationsContext.Provider value={value}>
      {children}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): Notifications {
  return useContext(NotificationsContext);
}
