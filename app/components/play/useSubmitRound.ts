import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { errorMessage } from "~/lib/api";
import { resultPath, type RoundState } from "~/lib/play";
import type { MatchMode } from "./useMatchMode";
import type { PlaySessionHandle } from "./usePlaySession";
import type { Phase, RoundRefs } from "./round";

interface SubmitOptions {
  gameId: number;
  playerId: number | null;
  match: Pick<
    MatchMode,
    "mode" | "roomId" | "sendToRoom" | "match" | "playType" | "challengeId"
  >;
  session: PlaySessionHandle;
  round: RoundRefs;
  setPhase: (phase: Phase) => void;
}

/**
 * A player's round is over: its score goes to the server, then on to the result screen, the match summary or the
 * wait for the opponent. A failure says why and closes the play session.
 */
export function useSubmitRound({
  gameId,
  playerId,
  match: { mode, roomId, sendToRoom, match, playType, challengeId },
  session: { submit: submitScore, statsId: sessionStatsId, end: endSession },
  round,
  setPhase,
}: SubmitOptions) {
  const navigate = useNavigate();
  const bot = match.bot;
  return useCallback(
    async (finalScore: number, log: string | null) => {
      if (playerId === null) return;
      setPhase({ name: "saving", score: finalScore, offline: false });
      try {
        // SPEC.md §4: the round's one request also settles its challenge or records its bot match. It is kept and
        // tried again until the server answers, whatever the network does meanwhile.
        const saved = await submitScore(
          {
            score: finalScore,
            playerId,
            log,
            moves: round.timeline.current.moves(
              finalScore,
              round.clock.current.elapsed(),
            ),
            challengeId: mode === "single" ? challengeId : null,
            botId: mode === "bot" && bot ? bot._id : null,
          },
          () => setPhase({ name: "saving", score: finalScore, offline: true }),
        );
        const statsId = saved?.stats_id ?? (await sessionStatsId());
        if (mode === "match" && roomId && statsId !== null) {
          // SPEC.md §4 End multiplayer: the end goes to the room; the summary follows once both are done.
          sendToRoom({ event: "end_game", data: { statsId } });
          setPhase({ name: "waitingOpponent", score: finalScore });
        } else if (saved === null) {
          // An earlier try had saved it and its answer was lost: the result screen reads the boards.
          navigate(resultPath(gameId, playType, challengeId), {
            replace: true,
          });
        } else if (saved.match_id !== null) {
          navigate(`/summary/${saved.match_id}`, { replace: true });
        } else {
          const state: RoundState = { gameId, round: saved };
          navigate(resultPath(gameId, playType, challengeId), {
            replace: true,
            state,
          });
        }
      } catch (failure) {
        await endSession();
        setPhase({
          name: "failed",
          score: finalScore,
          message: errorMessage(failure),
        });
      }
    },
    [
      playerId,
      submitScore,
      endSession,
      navigate,
      gameId,
      playType,
      challengeId,
      mode,
      roomId,
      sendToRoom,
      bot,
      sessionStatsId,
      round,
      setPhase,
    ],
  );
}
