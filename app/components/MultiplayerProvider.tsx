import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
} from "react";
import { roomSocketPath, type ServerEvent } from "#contract/protocol";
import {
  createSocketClient,
  socketUrl,
  type OutgoingEvent,
  type SocketClient,
} from "~/lib/socket-client";
import {
  GAME_TYPE,
  initialMultiplayerState,
  multiplayerReducer,
  type MultiplayerAction,
  type MultiplayerState,
} from "~/state/multiplayer";
import { useSocket } from "./SocketProvider";
import { useViewer } from "./root-data";

interface MultiplayerContextValue {
  state: MultiplayerState;
  dispatch: Dispatch<MultiplayerAction>;
  /** Sends on the match's room socket (resent until acked); undefined while there is no match. */
  sendToRoom: (event: OutgoingEvent) => string | undefined;
}

const MultiplayerContext = createContext<MultiplayerContextValue>({
  state: initialMultiplayerState,
  dispatch: () => undefined,
  sendToRoom: () => undefined,
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
 * Lobby events (waiting, user_joined, request_gameplay) arrive on the user socket. Once a match is formed a second,
 * reconnecting socket opens to its room (`/ws/room/{roomId}`, ADR 003): live scores, the opponent's exit and the end
 * come and go there, and it closes when the room has a result or the match is cleared. Everything is folded in here,
 * so a page that mounts late still sees what happened.
 */
export function MultiplayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(
    multiplayerReducer,
    initialMultiplayerState,
  );
  const { subscribe } = useSocket();
  const viewerId = useViewer()?._id ?? null;
  const roomClient = useRef<SocketClient | null>(null);
  const roomId = viewerId === null ? null : liveRoom(state);

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.event) {
          case "waiting":
            dispatch({ type: "waiting", ...event.data });
            break;
          case "user_joined":
            dispatch({
              type: "userJoined",
              participant: event.data.participant,
            });
            break;
          case "request_gameplay":
            dispatch({ type: "gameRequest", ...event.data });
            break;
          default:
            break;
        }
      }),
    [subscribe],
  );

  useEffect(() => {
    if (roomId === null) return;
    const onRoomEvent = (event: ServerEvent) => {
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
          break;
        case "end_game":
          dispatch({
            type: "gameEnd",
            status: event.data.status,
            resultId: event.data.resultId,
          });
          break;
        default:
          break;
      }
    };
    const client = createSocketClient({
      url: socketUrl(window.location, roomSocketPath(roomId)),
      onEvent: onRoomEvent,
    });
    roomClient.current = client;
    return () => {
      client.close();
      if (roomClient.current === client) roomClient.current = null;
    };
  }, [roomId, viewerId]);

  const sendToRoom = useCallback(
    (event: OutgoingEvent) => roomClient.current?.send(event),
    [],
  );
  const value = useMemo(
    () => ({ state, dispatch, sendToRoom }),
    [state, sendToRoom],
  );
  return (
    <MultiplayerContext.Provider value={value}>
      {children}
    </MultiplayerContext.Provider>
  );
}

export const useMultiplayer = () => useContext(MultiplayerContext);
