import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import type { MatchStart } from "#contract/friend-matches";
import { matchPlayPath } from "~/lib/play";
import { useMultiplayer } from "../MultiplayerProvider";

/** Into a private match's room: the same play screen and room as a lobby's pairing (ADR 026). */
export function useGoToMatch() {
  const navigate = useNavigate();
  const { dispatch } = useMultiplayer();
  return useCallback(
    (match: MatchStart) => {
      dispatch({
        type: "gameRequest",
        roomId: match.roomId,
        gameId: match.gameId,
        seed: match.seed,
        participants: match.participants,
      });
      navigate(matchPlayPath(match.gameId, match.roomId, match.seed), {
        replace: true,
      });
    },
    [dispatch, navigate],
  );
}
