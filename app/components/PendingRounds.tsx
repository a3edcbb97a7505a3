import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { apiFetch } from "~/lib/api";
import { resultPath, type RoundState } from "~/lib/play";
import { deliverRound, pendingRounds } from "~/lib/round-outbox";
import { claimVisitorRound, keptVisitorRound } from "~/lib/visitor-round";
import { useViewer } from "./root-data";

/**
 * Rounds an earlier page finished but could not send (the network was gone, then the tab reloaded or closed): sent
 * once the app is back, in the background. A refused one is dropped; the player sees their scores on the boards.
 * A round this tab played as a visitor is claimed as soon as someone signs up or logs in here, and its result
 * screen follows, as after any round of theirs (issue #21).
 */
export function PendingRounds() {
  const signedIn = useViewer() !== null;
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn) return;
    for (const round of pendingRounds())
      void deliverRound(round, (json) =>
        apiFetch("/api/scores", { method: "POST", json }),
      ).catch(() => undefined);
    const visitorRound = keptVisitorRound();
    if (visitorRound)
      claimVisitorRound(visitorRound).then(
        (round) => {
          const state: RoundState = { gameId: visitorRound.gameId, round };
          navigate(resultPath(visitorRound.gameId, 0, null), { state });
        },
        () => undefined,
      );
  }, [signedIn, navigate]);
  return null;
}
