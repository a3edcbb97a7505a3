import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import type { MatchStart } from "#contract/friend-matches";
import { matchPlayPath } from "~/lib/play";
import { useMultiplayer } from "../MultiplayerProvider";

/**
 * The room this tab last went into, and when. A match can be announced twice at once (an answer to this tab's request
 * and the live `match_invite_answer`, or the dialog and the rematch panel): the second would abort the first
 * navigation. Later, going back into the same room (the link opened again) is a new navigation.
 */
let entered: { roomId: string; at: number } | null = null;
const ANNOUNCED_TOGETHER_MS = 3_000;

/** Into a private match's room: the same play screen and room as a lobby's pairing (ADR 026). */
export function useGoToMatch() {
  const navigate = useNavigate();
  const { dispatch } = useMultiplayer();
  return useCallback(
    (match: MatchStart) => {
      const now = Date.now();
      if (
        entered?.roomId === match.roomId &&
        now - entered.at < ANNOUNCED_TOGETHER_MS
      )
        return;
      entered = { roomId: match.roomId, at: now };
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
