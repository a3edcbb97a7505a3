import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MatchMode } from "./useMatchMode";
import type { PlaySessionHandle } from "./usePlaySession";
import { useLeaveGuard } from "./useLeaveGuard";
import type { Phase, RoundRefs } from "./round";

interface ExitOptions {
  gameId: number;
  signedIn: boolean;
  phase: Phase;
  match: Pick<
    MatchMode,
    "mode" | "roomId" | "selfLeft" | "sendToRoom" | "dispatch" | "match"
  >;
  round: RoundRefs;
  endSession: PlaySessionHandle["end"];
  /** True while an ad covers the game: a tab coming back does not resume it. */
  adOnScreen: React.RefObject<boolean>;
  /** The exit button is on screen: Escape asks too. */
  exitVisible: boolean;
}

/**
 * Leaving the play screen: the exit question (the button, Escape, or Back in a match round) stops the game and the
 * clock until it is answered; Yes closes the play session, tells a match's room, and goes to the game's page. A
 * hidden tab pauses the game too, and a match that went on without this player stops it for good.
 */
export function useExitConfirmation({
  gameId,
  signedIn,
  phase,
  match: { mode, roomId, selfLeft, sendToRoom, dispatch: dispatchMatch, match },
  round,
  endSession,
  adOnScreen,
  exitVisible,
}: ExitOptions) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const { clock, connection, finished } = round;

  // A hidden tab pauses the game and its sound; it resumes when the tab is back (unless the exit question or an ad is
  // on screen).
  useEffect(() => {
    const onVisibility = () => {
      if (finished.current) return;
      if (document.hidden) {
        clock.current.pause();
        connection.current?.send({ type: "pause" });
      } else if (!confirming && !adOnScreen.current) {
        clock.current.resume();
        connection.current?.send({ type: "resume" });
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [confirming, adOnScreen, clock, connection, finished]);

  const askToExit = useCallback(() => {
    clock.current.pause();
    connection.current?.send({ type: "pause" });
    setConfirming(true);
  }, [clock, connection]);
  const inMatch = mode === "match" && !!roomId && signedIn;
  // Back (or a link) in a match round asks the same question as Exit before the match is forfeited.
  const {
    stay,
    leave,
    held: leaving,
  } = useLeaveGuard(() => inMatch && !selfLeft && !finished.current, askToExit);
  const cancelExit = useCallback(() => {
    setConfirming(false);
    stay();
    if (finished.current) return;
    clock.current.resume();
    connection.current?.send({ type: "resume" });
    connection.current?.focus();
  }, [stay, clock, connection, finished]);
  /** SPEC.md §4: leaving a match tells the room, so the opponent sees that this player left. */
  const exitRoom = useCallback(() => {
    sendToRoom({
      event: "exit_game_room",
      data: { score: round.lastScore.current },
    });
    dispatchMatch({ type: "clear" });
  }, [sendToRoom, dispatchMatch, round]);
  const confirmExit = useCallback(async () => {
    finished.current = true;
    if (inMatch) exitRoom();
    await endSession();
    if (!leaving || !leave()) navigate(`/detail/${gameId}`);
  }, [
    leaving,
    leave,
    endSession,
    navigate,
    gameId,
    inMatch,
    exitRoom,
    finished,
  ]);

  // Leaving the page in the middle of a match (Back or a link, once the player said Yes) is leaving the match, as the
  // exit button is: the room hears it at once, and the opponent is not left waiting. (A reload or a closed tab drops the room socket
  // instead; the room then gives the player the 10 s grace to come back.)
  const leaveMatch = useRef<() => void>(() => undefined);
  leaveMatch.current = () => {
    if (finished.current || !inMatch) return;
    finished.current = true;
    exitRoom();
  };
  useEffect(() => () => leaveMatch.current(), []);

  // Away for longer than the grace (the tab in the background, no network): the room went on without this player.
  useEffect(() => {
    if (!selfLeft) return;
    finished.current = true;
    clock.current.pause();
    connection.current?.send({ type: "pause" });
    setConfirming(false);
  }, [selfLeft, clock, connection, finished]);

  // The room has ended the match (both done, or the opponent gone and this player done): on to the summary.
  useEffect(() => {
    if (phase.name === "waitingOpponent" && match.resultId && !selfLeft)
      navigate(`/summary/${match.resultId}`, { replace: true });
  }, [phase.name, match.resultId, navigate, selfLeft]);

  useEffect(() => {
    if (!exitVisible || confirming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") askToExit();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [exitVisible, confirming, askToExit]);

  return { confirming, askToExit, cancelExit, confirmExit };
}
