import { createContext, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from "react";
import { initialMultiplayerState, multiplayerReducer, type MultiplayerAction, type MultiplayerState } from "~/state/multiplayer";
import { useSocket } from "./SocketProvider";
import { useViewer } from "./root-data";

interface MultiplayerContextValue {
  state: MultiplayerState;
  dispatch: Dispatch<MultiplayerAction>;
}

const MultiplayerContext = createContext<MultiplayerContextValue>({ state: initialMultiplayerState, dispatch: () => undefined });

/**
 * SPEC.md §4 multiplayer state for the whole app: the waiting screen, the play screen and the summary share it.
 * Room events from the socket are folded in here, so a page that mounts late still sees what happened.
 */
export function MultiplayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(multiplayerReducer, initialMultiplayerState);
  const { subscribe } = useSocket();
  const viewerId = useViewer()?._id ?? null;

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.event) {
          case "waiting":
            dispatch({ type: "waiting", ...event.data });
            break;
          case "user_joined":
            dispatch({ type: "userJoined", participant: event.data.participant });
            break;
          case "request_gameplay":
            dispatch({ type: "gameRequest", ...event.data });
            break;
          case "game_data":
            if (event.data.userId !== viewerId) dispatch({ type: "opponentData", userId: event.data.userId, score: event.data.score });
            break;
          case "exit_game_room":
            if (event.data.userId !== viewerId) dispatch({ type: "opponentExit", userId: event.data.userId, score: event.data.score });
            break;
          case "end_game":
            dispatch({ type: "gameEnd", status: event.data.status, resultId: event.data.resultId });
            break;
          default:
            break;
        }
      }),
    [subscribe, viewerId],
  );

  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <MultiplayerContext.Provider value={value}>{children}</MultiplayerContext.Provider>;
}

export const useMultiplayer = () => useContext(MultiplayerContext);
