import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { readCheckpoint } from "~/lib/play-checkpoint";
import { readRoom } from "~/lib/play-session";
import { END_OPPONENT_LEFT } from "#contract/protocol";
import type { MatchMode } from "./useMatchMode";
import type { Phase, RoundRefs } from "./round";

interface RejoinOptions {
  gameId: number;
  match: Pick<MatchMode, "needsRoom" | "roomId" | "dispatch">;
  round: RoundRefs;
  setPhase: (phase: Phase) => void;
  /** Carries on with the play session the round was played on before the reload. */
  adoptSession: (statsId: number, seed: number) => void;
}

/**
 * A reload in a match round lost the match from memory: the room says whether to rejoin it (and the round carries on
 * from its last checkpoint) or how it ended. True until the room has answered.
 */
export function useRejoinMatch({
  gameId,
  match: { needsRoom, roomId, dispatch: dispatchMatch },
  round,
  setPhase,
  adoptSession,
}: RejoinOptions): boolean {
  const navigate = useNavigate();
  const [roomChecked, setRoomChecked] = useState(false);
  const rejoining = needsRoom && !roomChecked;

  useEffect(() => {
    if (!rejoining || !roomId) return;
    let current = true;
    readRoom(roomId)
      .then((view) => {
        if (!current || view.gameId !== gameId) return;
        if (view.resultId !== null && !view.left) {
          navigate(`/summary/${view.resultId}`, { replace: true });
          return;
        }
        dispatchMatch({
          type: "gameRequest",
          roomId: view.roomId,
          gameId: view.gameId,
          seed: view.seed,
          participants: view.participants,
        });
        if (view.left) dispatchMatch({ type: "selfExit" });
        if (view.resultId !== null)
          dispatchMatch({
            type: "gameEnd",
            status: END_OPPONENT_LEFT,
            resultId: view.resultId,
          });
        if (view.finished) {
          // The round was in before the reload: wait for the opponent, as before it.
          round.finished.current = true;
          setPhase({ name: "waitingOpponent", score: view.score ?? 0 });
        } else if (!view.left) {
          // The round was on: carry it on from its last checkpoint, on the session it was played on.
          const kept = readCheckpoint(view.roomId);
          if (kept) {
            adoptSession(kept.statsId, view.seed);
            round.resumeLog.current = kept.log;
            round.openedOnLoad.current = true;
          }
        }
      })
      // Not a match of this player's (or no network): the page plays on its own, as a plain round.
      .catch(() => undefined)
      .finally(() => {
        if (current) setRoomChecked(true);
      });
    return () => {
      current = false;
    };
  }, [
    rejoining,
    roomId,
    gameId,
    navigate,
    dispatchMatch,
    adoptSession,
    round,
    setPhase,
  ]);

  return rejoining;
}
