import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { PlayBar } from "~/components/play/PlayBar";
import { PlayStage } from "~/components/play/PlayStage";
import { PlayStatus, PracticeNotice } from "~/components/play/PlayStatus";
import { useGamePlayer } from "~/components/play/useGamePlayer";
import { ExitDialog } from "~/components/play/ExitDialog";
import { RoundOverScreens } from "~/components/play/RoundOverScreens";
import { useRoundRefs, type Phase } from "~/components/play/round";
import { useExitConfirmation } from "~/components/play/useExitConfirmation";
import { useGameLoad } from "~/components/play/useGameLoad";
import { useGameMessages } from "~/components/play/useGameMessages";
import { useMatchMode } from "~/components/play/useMatchMode";
import { usePlayAdBreaks } from "~/components/play/usePlayAdBreaks";
import { usePlayRound } from "~/components/play/usePlayRound";
import { usePlaySession } from "~/components/play/usePlaySession";
import { useRejoinMatch } from "~/components/play/useRejoinMatch";
import { useSubmitRound } from "~/components/play/useSubmitRound";
import { useMediaBase, useViewer } from "~/components/root-data";
import { pageTitle } from "#contract/format";
import { gameFrameSource } from "~/lib/game-bridge";
import { resolveMediaUrl } from "~/lib/media";
import { EXTERNAL_GAME_TYPE } from "#contract/runs";
import { useOnline } from "~/lib/network";
import { clockState } from "~/lib/play";
import type { ShellHandle } from "~/lib/viewer";
import {
  getPublishedGameOr404,
  parseIdOr404,
  viewerIdOf,
} from "~/server/loaders.server";
import { isApiError } from "~/server/errors.server";
import "./play.$id.css";

/** A game fills the screen: no header, menu or footer, and the bottom bar slides away. */
export const handle: ShellHandle = { immersive: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Play ${data.game.name}` : "Play") },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The player's data for the game comes with the page (ADR 031), read while the game is: no request before it loads.
  const [game, savedData] = await Promise.all([
    getPublishedGameOr404(context, params.id),
    viewerIdOf(context, request).then((userId) =>
      userId === undefined
        ? null
        : context.services.gameData
            .read(userId, parseIdOr404(params.id, "game", "Game not found"))
            .then((answer) => ({ userId, ...answer }))
            // An unknown game is the 404 page, which the game's own lookup throws.
            .catch((error: unknown) => {
              if (isApiError(error) && error.status === 404) return null;
              throw error;
            }),
    ),
  ]);
  return {
    savedData,
    game: {
      _id: game._id,
      name: game.name,
      slug: game.slug,
      icon: game.icon,
      type: game.type,
      external_link: game.external_link,
      bundle_url: game.bundle_url,
      leaderboard_type: game.leaderboard_type,
      game_modes: game.game_modes,
      timed: game.timed,
      maximum_game_time: game.maximum_game_time,
    },
  };
}

/**
 * /play/:id (SPEC.md §2 Play, §4 Play and End single-player): the splash until the frame is ready, then the game
 * full screen under a top bar with the clock and the live score. The round ends when the game says so or the
 * clock runs out; a player's score is then submitted against the play session and the result screen follows.
 */
export default function Play() {
  const { game, savedData } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const mediaBase = useMediaBase();
  const online = useOnline();
  const player = useGamePlayer(viewer, mediaBase);
  const src = useMemo(() => gameFrameSource(game), [game]);
  const levels = game.leaderboard_type === 2;
  // A developer's upload runs in our sandbox but is not one of our games: nothing can replay its rounds.
  const ownGame = game.type !== EXTERNAL_GAME_TYPE && !game.bundle_url;
  const match = useMatchMode(game._id, viewer);
  const [phase, setPhase] = useState<Phase>({ name: "splash" });
  const round = useRoundRefs();
  const ads = usePlayAdBreaks({
    connection: round.connection,
    clock: round.clock,
    roundOn: () => round.clock.current.started && !round.finished.current,
  });
  const session = usePlaySession(
    game._id,
    match.gameType,
    !!viewer,
    () => round.clock.current.elapsed() / 1000,
    match.mode === "match" ? match.roomId : null,
    ownGame,
  );
  const rejoining = useRejoinMatch({
    gameId: game._id,
    match,
    round,
    setPhase,
    adoptSession: session.adopt,
  });
  const load = useGameLoad(online);
  const submitRound = useSubmitRound({
    gameId: game._id,
    playerId: viewer?._id ?? null,
    match,
    session,
    round,
    setPhase,
  });
  const play = usePlayRound({
    game,
    ownGame,
    phase,
    setPhase,
    round,
    match,
    session,
    player,
    beforeRound: ads.beforeRound,
    rejoining,
    canStart:
      load.frameReady && load.splashOver && !rejoining && !match.selfLeft,
    submitRound,
    finishVisitor: session.finishVisitor,
    signedIn: !!viewer,
  });
  const { onMessage, gameplay } = useGameMessages({
    gameId: game._id,
    signedIn: !!viewer,
    match,
    session,
    round,
    sinceStart: play.sinceStart,
    finish: play.finish,
    onReady: load.markReady,
    onProgress: load.setProgress,
    noteGameplay: ads.noteGameplay,
    onScore: play.setScore,
  });
  const clock = clockState(play.elapsedMs, game.maximum_game_time, game.timed);
  const exitVisible =
    phase.name === "playing" && clock.exitAvailable && !match.selfLeft;
  const exit = useExitConfirmation({
    gameId: game._id,
    signedIn: !!viewer,
    phase,
    match,
    round,
    endSession: session.end,
    adOnScreen: ads.adOnScreen,
    exitVisible,
  });
  const { confirmExit } = exit;
  const exitFromSplash = useCallback(() => void confirmExit(), [confirmExit]);

  return (
    <div
      className="player"
      data-phase={phase.name}
      data-gameplay={gameplay ?? undefined}
    >
      <PlayBar
        gameName={game.name}
        levels={levels}
        timed={game.timed}
        clockSeconds={
          phase.name === "splash" || phase.name === "starting"
            ? game.timed
              ? game.maximum_game_time
              : 0
            : clock.shown
        }
        score={play.score}
        opponent={match.opponent}
        opponentScore={match.opponentScoreAt(play.elapsedMs)}
        onExit={exitVisible ? exit.askToExit : null}
      />
      <PracticeNotice practice={play.practice} phase={phase} online={online} />
      <div className="player__frame-wrap">
        <PlayStage
          game={game}
          src={src}
          icon={resolveMediaUrl(game.icon, mediaBase)}
          viewer={viewer}
          savedData={savedData}
          phase={phase}
          load={load}
          player={player}
          onMessage={onMessage}
          onAdBreak={ads.runGameBreak}
          onExit={exitFromSplash}
        />
        <PlayStatus
          phase={phase}
          game={game}
          levels={levels}
          opponentName={match.opponent?.name ?? null}
          selfLeft={match.selfLeft}
          resultId={match.match.resultId}
        />
        <RoundOverScreens
          phase={phase}
          game={game}
          levels={levels}
          signedIn={!!viewer}
          online={online}
          onPlayAgain={play.playAgain}
        />
      </div>
      {exit.confirming ? (
        <ExitDialog onCancel={exit.cancelExit} onConfirm={confirmExit} />
      ) : null}
    </div>
  );
}
