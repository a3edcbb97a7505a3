import { useEffect } from "react";
import { apiFetch } from "~/lib/api";
import { deliverRound, pendingRounds } from "~/lib/round-outbox";
import { useViewer } from "./root-data";

/**
 * Rounds an earlier page finished but could not send (the network was gone, then the tab reloaded or closed): sent
 * once the app is back, in the background. A refused one is dropped; the player sees their scores on the boards.
 */
export function PendingRounds() {
  const signedIn = useViewer() !== null;
  useEffect(() => {
    if (!signedIn) return;
    for (const round of pendingRounds())
      void deliverRound(round, (json) =>
        apiFetch("/api/scores", { method: "POST", json }),
      ).catch(() => undefined);
  }, [signedIn]);
  return null;
}
