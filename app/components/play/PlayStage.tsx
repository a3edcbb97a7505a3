import { Link } from "@remix-run/react";
import { GameFrame } from "~/components/GameFrame";
import { ArrowLeftIcon } from "~/components/icons";
import type {
  GameConnection,
  GameMessage,
  GamePlayer,
  RunAdBreak,
} from "~/lib/game-bridge";
import type { Viewer } from "~/lib/viewer";
import type { GameDataAnswer } from "#contract/game-data";
import { PlaySplash } from "./PlaySplash";
import { StartingRound } from "./StartingRound";
import type { GameLoad } from "./useGameLoad";
import type { Phase } from "./round";

interface PlayStageProps {
  game: { _id: number; name: string; slug: string; type: number };
  /** The game's address, or null when it cannot be played here. */
  src: string | null;
  icon: string | null;
  viewer: Viewer | null;
  /** The player's data for the game, as the loader read it. */
  savedData: ({ userId: number } & GameDataAnswer) | null;
  phase: Phase;
  load: GameLoad;
  player: GamePlayer | null;
  onMessage: (message: GameMessage, connection: GameConnection) => void;
  onAdBreak: RunAdBreak;
  onExit: () => void;
}

/**
 * The game in its frame (or why it cannot be played), under the splash while it loads and the note while a later
 * round waits for its seed.
 */
export function PlayStage({
  game,
  src,
  icon,
  viewer,
  savedData,
  phase,
  load,
  player,
  onMessage,
  onAdBreak,
  onExit,
}: PlayStageProps) {
  const playable = !!src && !load.unavailable;
  return (
    <>
      {src && !load.unavailable ? (
        <GameFrame
          src={src}
          title={game.name}
          slug={game.slug}
          dataOwner={
            viewer
              ? {
                  userId: viewer._id,
                  gameId: game._id,
                  // Only what was read for this same player: the page may be older than a change of account.
                  saved:
                    savedData?.userId === viewer._id
                      ? {
                          data: savedData.data,
                          updated_at: savedData.updated_at,
                        }
                      : null,
                }
              : null
          }
          onMessage={onMessage}
          external={game.type === 2}
          player={player}
          onAdBreak={onAdBreak}
          onUnavailable={load.markUnavailable}
          attempt={load.loadAttempt}
        />
      ) : (
        <div className="player__overlay">
          <h2 className="player__heading">
            {load.unavailable
              ? "This game needs a connection"
              : "This game cannot be played right now"}
          </h2>
          {load.unavailable ? (
            <p className="player__note">
              It isn&apos;t kept on this device. Connect to the internet to play
              it.
            </p>
          ) : null}
          <Link to={`/detail/${game._id}`} className="button button--ghost">
            <ArrowLeftIcon size={18} /> Back to {game.name}
          </Link>
        </div>
      )}
      {playable &&
      (phase.name === "splash" ||
        (phase.name === "starting" && phase.first)) ? (
        <PlaySplash
          gameName={game.name}
          icon={icon}
          progress={load.progress}
          slow={load.slowLoad}
          onExit={onExit}
          onRetry={load.retryLoad}
        />
      ) : null}
      {phase.name === "starting" && !phase.first ? (
        <StartingRound gameId={game._id} gameName={game.name} />
      ) : null}
    </>
  );
}
