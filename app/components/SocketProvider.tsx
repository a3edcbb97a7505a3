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
import { useMatches } from "@remix-run/react";
import { shellModeOf } from "~/lib/viewer";
import { useMultiplayer } from "./MultiplayerProvider";
import { useRevalidate } from "./useRevalidate";
import {
  USER_PING_INTERVAL_MS,
  USER_PONG_TIMEOUT_MS,
  UNANSWERED_USER_EVENTS,
  UNQUEUED_USER_EVENTS,
  type UserClientEvent,
  type UserServerEvent,
} from "#contract/user-socket";
import {
  createSocketClient,
  socketUrl,
  type OutgoingEvent,
  type SocketClient,
  type SocketStatus,
} from "~/lib/socket-client";
import { createReceipts, type Receipts } from "~/lib/receipts";
import { useViewer } from "./root-data";
import "./SocketProvider.css";

export type SocketListener = (event: UserServerEvent) => void;

export interface Socket {
  status: SocketStatus;
  /** Sends (and, until acked, resends) the event; a no-op returning undefined while nobody is signed in. */
  send: (event: OutgoingEvent<UserClientEvent>) => string | undefined;
  /**
   * Calls `listener` with every server event (except pong and ack) until the returned function is called. A chat
   * message, `new_challenge` or `notification` sent again after a reconnect reaches listeners once.
   */
  subscribe: (listener: SocketListener) => () => void;
}

const noop = () => undefined;

/** What pages get without a provider above them: a socket that is closed and stays closed. */
const CLOSED_SOCKET: Socket = {
  status: "closed",
  send: noop,
  subscribe: () => noop,
};

const SocketContext = createContext<Socket>(CLOSED_SOCKET);
/** Whether to show the reconnecting indicator; worked out per client, so a new user's first connect never shows it. */
const ReconnectingContext = createContext(false);

interface SocketState {
  status: SocketStatus;
  /** The current client has been open at least once. */
  wasOpen: boolean;
}

const CLOSED_STATE: SocketState = { status: "closed", wasOpen: false };

/** Throws `error` outside the current call stack: one failing listener neither stops the others nor the socket. */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

/**
 * The user presence socket (ARCHITECTURE.md): one per signed-in browser tab, to `/ws` on this origin, authenticated by
 * the session cookie. It opens in the browser only while someone is signed in and closes on sign-out or unmount; a
 * different user signing in gets a new socket. Listeners survive all of that, so a page can subscribe once.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const userId = useViewer()?._id ?? null;
  const [{ status, wasOpen }, setState] = useState<SocketState>(CLOSED_STATE);
  const clientRef = useRef<SocketClient<UserClientEvent> | null>(null);
  const receiptsRef = useRef<Receipts | null>(null);
  const listenersRef = useRef(new Set<SocketListener>());
  const revalidate = useRevalidate();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  useEffect(() => {
    if (userId === null) return;
    let opened = false;
    // What the server sends again until a client acknowledges it: acknowledged here, passed on once.
    const receipts = createReceipts({
      viewerId: userId,
      send: (event) => client.send(event),
    });
    const client = createSocketClient<UserClientEvent, UserServerEvent>({
      url: socketUrl(window.location),
      // The hub counts a socket silent for USER_SILENCE_MS as gone: presence, the lobby and invitations rely on it.
      pingIntervalMs: USER_PING_INTERVAL_MS,
      pongTimeoutMs: USER_PONG_TIMEOUT_MS,
      unqueued: UNQUEUED_USER_EVENTS,
      unanswered: UNANSWERED_USER_EVENTS,
      onStatus: (next) => {
        if (next === "open") opened = true;
        setState({ status: next, wasOpen: opened });
      },
      // Logged out in another tab (or the session was revoked): reload page data, which then shows a visitor.
      onSignedOut: () => revalidateRef.current(),
      onEvent: (event) => {
        if (!receipts.accept(event)) return;
        // A copy: a listener may unsubscribe (or subscribe another) while we go through them.
        for (const listener of Array.from(listenersRef.current)) {
          try {
            listener(event);
          } catch (error) {
            reportLater(error);
          }
        }
      },
    });
    clientRef.current = client;
    receiptsRef.current = receipts;
    return () => {
      receipts.close();
      client.close();
      if (clientRef.current === client) clientRef.current = null;
      if (receiptsRef.current === receipts) receiptsRef.current = null;
      setState(CLOSED_STATE);
    };
  }, [userId]);

  const send = useCallback((event: OutgoingEvent<UserClientEvent>) => {
    // Acknowledgements first: a report of seen must not reach the server before the receipt of what was seen.
    receiptsRef.current?.flush();
    return clientRef.current?.send(event);
  }, []);
  const subscribe = useCallback((listener: SocketListener) => {
    // Each call gets its own registration, so subscribing the same function twice needs two unsubscribes.
    const registration: SocketListener = (event) => listener(event);
    listenersRef.current.add(registration);
    return () => {
      listenersRef.current.delete(registration);
    };
  }, []);

  const socket = useMemo<Socket>(
    () => ({ status, send, subscribe }),
    [status, send, subscribe],
  );
  const reconnecting =
    status === "reconnecting" || (status === "connecting" && wasOpen);
  return (
    <SocketContext.Provider value={socket}>
      <ReconnectingContext.Provider value={reconnecting}>
        {children}
      </ReconnectingContext.Provider>
    </SocketContext.Provider>
  );
}

/** The socket of the signed-in user; without one (or without a provider) it is closed, sends nothing and never calls listeners. */
export function useSocket(): Socket {
  return useContext(SocketContext);
}

/**
 * A small pill while a socket waits to retry ("reconnecting"), or tries again after it had been open ("connecting"
 * after the first open): the user socket, or during a match its room socket (MultiplayerProvider, which must be
 * around it to count). At the top of the screen; on a game's screen at the bottom, clear of the play bar's scores.
 * Nothing otherwise, and nothing outside a SocketProvider.
 */
export function ReconnectingIndicator() {
  const userReconnecting = useContext(ReconnectingContext);
  const { roomReconnecting } = useMultiplayer();
  const immersive =
    shellModeOf(useMatches().map((match) => match.handle)) === "immersive";
  if (!userReconnecting && !roomReconnecting) return null;
  return (
    <div
      className={`reconnecting${immersive ? " reconnecting--low" : ""}`}
      role="status"
      aria-live="polite"
      data-testid="reconnecting"
    >
      <span className="reconnecting__dot" aria-hidden="true" />
      Reconnecting…
    </div>
  );
}
