import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
} from "react";
import {
  assertNever,
  ROOM_PING_INTERVAL_MS,
  ROOM_PONG_TIMEOUT_MS,
  roomSocketPath,
} from "#contract/protocol";
import type { RoomClientEvent, RoomServerEvent } from "#contract/room-socket";
import {
  createSocketClient,
  socketUrl,
  type OutgoingEvent,
  type SocketClient,
  type SocketStatus,
} from "~/lib/socket-client";
import {
  GAME_TYPE,
  initialMultiplayerState,
  multiplayerReducer,
  type MultiplayerAction,
  type MultiplayerState,
} from "~/state/multiplayer";
import { useViewer } from "./root-data";

type RoomEvent = OutgoingEvent<RoomClientEvent>;

interface MultiplayerContextValue {
  state: MultiplayerState;
  dispatch: Dispatch<MultiplayerAction>;
  /** Sends on the match's room socket (resent until acked); undefined while there is no match. */
  sendToRoom: (event: RoomEvent) => string | undefined;
  /** The match's room socket lost its link and is trying again. */
  roomReconnecting: boolean;
}

const MultiplayerContext = createContext<MultiplayerContextValue>({
  state: initialMultiplayerState,
  dispatch: () => undefined,
  sendToRoom: () => undefined,
  roomReconnecting: false,
});

/** The room of a match that is on and not yet decided: the one a room socket should be open to. */
function liveRoom(state: MultiplayerState): string | null {
  return state.gameType === GAME_TYPE.multiplayer &&
    state.seed !== null &&
    state.resultId === null
    ? state.roomId
    : null;
}

/**
 * SPEC.md §4 multiplayer state for the whole app: the waiting screen, the play screen and the summary share it.
 * The waiting screen dispatches the pairing (from the join answer or, for the player who waited, the user socket).
 * Once a match is formed a reconnecting socket opens to its room (`/ws/room/{roomId}`, ADR 003 and 007): live scores,
 * the opponent's exit and the end come and go there, and it closes when the room has a result or the match is
 * cleared. Its events are folded in here, so a page that mounts late still sees what happened.
 */
export function MultiplayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(
    multiplayerReducer,
    initialMultiplayerState,
  );
  const viewerId = useViewer()?._id ?? null;
  const roomClient = useRef<SocketClient<RoomClientEvent> | null>(null);
  const roomId = viewerId === null ? null : liveRoom(state);
  const [roomStatus, setRoomStatus] = useState<SocketStatus>("closed");

  useEffect(() => {
    if (roomId === null) return;
    const onRoomEvent = (event: RoomServerEvent) => {
      switch (event.event) {
        case "game_data":
          if (event.data.userId !== viewerId)
            dispatch({
              type: "opponentData",
              userId: event.data.userId,
              score: event.data.score,
            });
          break;
        case "exit_game_room":
          if (event.data.userId !== viewerId)
            dispatch({
              type: "opponentExit",
              userId: event.data.userId,
              score: event.data.score,
            });
          else dispatch({ type: "selfExit" });
          break;
        case "end_game":
          dispatch({
            type: "gameEnd",
            status: event.data.status,
            resultId: event.data.resultId,
          });
          break;
        // Nothing to fold in: the socket client settles acks, and an error is about one event the room refused.
        case "connected":
        case "pong":
        case "ack":
        case "error":
          break;
        default:
          assertNever(event);
      }
    };
    // Frequent pings: a dead link shows as 'Reconnecting…' within a few seconds, and the room keeps hearing from us.
    let opened = false;
    const client = createSocketClient<RoomClientEvent, RoomServerEvent>({
      url: socketUrl(window.location, roomSocketPath(roomId)),
      onEvent: onRoomEvent,
      onStatus: (next) => {
        if (next === "open") opened = true;
        setRoomStatus(next === "connecting" && opened ? "reconnecting" : next);
      },
      pingIntervalMs: ROOM_PING_INTERVAL_MS,
      pongTimeoutMs: ROOM_PONG_TIMEOUT_MS,
    });
    roomClient.current = client;
    return () => {
      client.close();
      if (roomClient.current === client) roomClient.current = null;
      setRoomStatus("closed");
    };
  }, [roomId, viewerId]);

  const sendToRoom = useCallback(
    (event: RoomEvent) => roomClient.current?.send(event),
    [],
  );
  const roomReconnecting = roomStatus === "reconnecting";
  const value = useMemo(
    () => ({ state, dispatch, sendToRoom, roomReconnecting }),
    [state, sendToRoom, roomReconnecting],
  );
  return (
    <MultiplayerContext.Provider value={value}>
      {children}
    </MultiplayerContext.Provider>
  );
}

export const useMultiplayer = () => useContext(MultiplayerContext);
