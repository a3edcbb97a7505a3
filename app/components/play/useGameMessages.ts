import { useCallback, useRef, useState } from "react";
import { track } from "~/lib/analytics";
import { errorMessage } from "~/lib/api";
import type { GameConnection, GameMessage } from "~/lib/game-bridge";
import { forgetCheckpoint, keepCheckpoint } from "~/lib/play-checkpoint";
import { recordPlay } from "~/lib/play-session";
import type { MatchMode } from "./useMatchMode";
import type { PlaySessionHandle } from "./usePlaySession";
import { recordGameEvent } from "./game-events";
import type { RoundRefs } from "./round";

interface MessageOptions {
  gameId: number;
  signedIn: boolean;
  match: Pick<MatchMode, "mode" | "roomId" | "sendToRoom" | "playType">;
  session: Pick<PlaySessionHandle, "statsId" | "reveal">;
  round: RoundRefs;
  sinceStart: () => number;
  finish: (finalScore: number, log: string | null) => Promise<void>;
  /** The game said it is ready. */
  onReady: () => void;
  onProgress: (value: number) => void;
  /** The game began its gameplay: its later ad breaks are "next" ones. */
  noteGameplay: () => void;
  onScore: (score: number) => void;
}

/** What the game says through the SDK bridge, and what the play screen does about each message. */
export function useGameMessages({
  gameId,
  signedIn,
  match: { mode, roomId, sendToRoom, playType },
  session: { statsId: sessionStatsId, reveal: revealCard },
  round,
  sinceStart,
  finish,
  onReady,
  onProgress,
  noteGameplay,
  onScore,
}: MessageOptions) {
  /** Whether the game says its gameplay is on (gameplayStart) or stopped for a menu or the end (gameplayStop). */
  const [gameplay, setGameplay] = useState<"on" | "off" | null>(null);
  const recorded = useRef(false);
  /** The game is ready: count the start (analytics) and, for a player, add it to Recently Played. Once per visit. */
  const recordStart = useCallback(() => {
    if (recorded.current || round.practice.current) return;
    recorded.current = true;
    track("start_game_play", { game: gameId });
    if (signedIn) recordPlay(gameId, playType).catch(() => undefined);
  }, [gameId, signedIn, playType, round]);

  const onMessage = useCallback(
    (message: GameMessage, target: GameConnection) => {
      const { clock, finished } = round;
      recordGameEvent(gameId, message);
      switch (message.type) {
        case "ready":
          round.connection.current = target;
          recordStart();
          onReady();
          break;
        case "loading":
          onProgress(message.value);
          break;
        // A portal's game may begin its gameplay before the round starts (no menu): shown as it comes. The play
        // session's time counts gameplay only: a portal game's menus and game-over screen are left out.
        case "gameplay_start":
        case "gameplay_stop": {
          const on = message.type === "gameplay_start";
          if (on) noteGameplay();
          setGameplay(on ? "on" : "off");
          if (!finished.current) clock.current.gameplay(on);
          break;
        }
        case "game_score":
          if (finished.current || !clock.current.started) break;
          if (
            mode === "match" &&
            roomId &&
            message.value !== round.lastScore.current
          )
            sendToRoom({ event: "game_data", data: { score: message.value } });
          round.lastScore.current = message.value;
          round.timeline.current.record(sinceStart(), message.value);
          onScore(message.value);
          break;
        case "final_score":
          if (clock.current.started) {
            if (mode === "match" && roomId) forgetCheckpoint(roomId);
            void finish(message.value, message.log ?? null);
          }
          break;
        case "reveal": {
          const { turn, level, card } = message;
          revealCard({ turn, level, card }).then(
            ({ face }) => target.send({ type: "revealed", turn, face }),
            (failure: unknown) =>
              target.send({
                type: "revealed",
                turn,
                message: errorMessage(failure),
              }),
          );
          break;
        }
        case "checkpoint":
          // A match's round so far, kept for this tab: a reload within the grace carries it on.
          if (mode === "match" && roomId && !finished.current) {
            const { log } = message;
            void sessionStatsId().then((statsId) => {
              if (statsId !== null) keepCheckpoint(roomId, { statsId, log });
            });
          }
          break;
        default:
          break;
      }
    },
    [
      gameId,
      round,
      recordStart,
      onReady,
      onProgress,
      noteGameplay,
      onScore,
      sinceStart,
      finish,
      mode,
      roomId,
      sendToRoom,
      sessionStatsId,
      revealCard,
    ],
  );
  return { onMessage, gameplay };
}
