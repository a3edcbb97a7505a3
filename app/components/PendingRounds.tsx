import { useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api";
import { resultPath, type RoundState } from "~/lib/play";
import { deliverRound, pendingRounds } from "~/lib/round-outbox";
import { claimVisitorRound, keptVisitorRound } from "~/lib/visitor-round";
import { CloseIcon } from "./icons";
import { useViewer } from "./root-data";
import "./PendingRounds.css";

/**
 * Rounds an earlier page finished but could not send (the network was gone, then the tab reloaded or closed): sent
 * once the app is back, in the background. A refused one is dropped; the player sees their scores on the boards.
 * A round this tab played as a visitor is claimed as soon as someone signs up or logs in here, and its result
 * screen follows, as after any round of theirs (issue #21); if the server will not keep it, the player is told why.
 */
export function PendingRounds() {
  const signedIn = useViewer() !== null;
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<RoundState | null>(null);
  // The sign-up's own reload of the page's data is under way when the claim comes back. Navigating then would cut
  // that reload off in the middle of its answer, which Remix logs as an error: the result waits for it to end.
  const navigation = useNavigation().state;
  const reload = useRevalidator().state;
  const settled = navigation === "idle" && reload === "idle";
  useEffect(() => {
    if (!claimed || !settled) return;
    setClaimed(null);
    navigate(resultPath(claimed.gameId, 0, null), { state: claimed });
  }, [claimed, settled, navigate]);
  useEffect(() => {
    if (!signedIn) return;
    for (const round of pendingRounds())
      void deliverRound(round, (json) =>
        apiFetch("/api/scores", { method: "POST", json }),
      ).catch(() => undefined);
    const visitorRound = keptVisitorRound();
    if (visitorRound)
      claimVisitorRound(visitorRound).then(
        (round) => setClaimed({ gameId: visitorRound.gameId, round }),
        (error: unknown) => {
          // Without a network the round stays kept for the next page; the server's refusal is final.
          if (error instanceof ApiError && error.status !== 0)
            setRefusal(`Your round was not kept: ${error.message}`);
        },
      );
  }, [signedIn]);
  if (!refusal) return null;
  return (
    <div className="kept-round-alert" role="alert">
      <p className="alert alert--error">
        {refusal}
        <button
          type="button"
          className="icon-button"
          aria-label="Dismiss"
          onClick={() => setRefusal(null)}
        >
          <CloseIcon size={18} />
        </button>
      </p>
    </div>
  );
}

/**
 * True while the round a visitor kept on this page is being given to the account they just signed up for or logged in
 * to (`keptNow`: the round-over screen offered to keep it and someone is signed in now). The claim is the one above
 * (one per tab); once it is refused or cannot be sent, this turns false and the screen says the next round counts.
 */
export function useKeepingVisitorRound(keptNow: boolean): boolean {
  const [settled, setSettled] = useState(false);
  const keeping = keptNow && !settled;
  useEffect(() => {
    if (!keeping) return;
    const kept = keptVisitorRound();
    if (!kept) {
      setSettled(true);
      return;
    }
    let live = true;
    // A success navigates to the result (PendingRounds does): nothing to change here.
    claimVisitorRound(kept).catch(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [keeping]);
  return keeping;
}
