import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAccount } from "~/components/AccountProvider";
import { useMultiplayer } from "~/components/MultiplayerProvider";
import { GameFrame } from "~/components/GameFrame";
import { ArrowLeftIcon, ClockIcon, CloseIcon } from "~/components/icons";
import { ExitDialog } from "~/components/play/ExitDialog";
import { RoundOver } from "~/components/play/RoundOver";
import { StartingRound } from "~/components/play/StartingRound";
import { PlaySplash } from "~/components/play/PlaySplash";
import { usePlayAdBreaks } from "~/components/play/usePlayAdBreaks";
import { usePlaySession } from "~/components/play/usePlaySession";
import { useKeepingVisitorRound } from "~/components/PendingRounds";
import { useLeaveGuard } from "~/components/play/useLeaveGuard";
import { useMediaBase, useViewer } from "~/components/root-data";
import { track } from "~/lib/analytics";
import { apiFetch, errorMessage } from "~/lib/api";
import { pageTitle } from "#contract/format";
import {
  gameFrameSource,
  gamePlayer,
  randomSeed,
  type GameConnection,
  type GameMessage,
} from "~/lib/game-bridge";
import { resolveMediaUrl } from "~/lib/media";
import { idOrNull } from "#contract/ids";
import { createTimeline, type Timeline } from "#contract/moves";
import { EXTERNAL_GAME_TYPE } from "#contract/runs";
import { createPlayClock, type PlayClock } from "~/lib/play-clock";
import { isOnline, useOnline } from "~/lib/network";
import {
  GAME_READY_TIMEOUT_MS,
  PRACTICE_NOTICE,
  RECORDED_PLAYER,
  VISITOR_ROUND_NOTE,
  SPLASH_MS,
  clockState,
  clockText,
  playTypeFrom,
  resultPath,
  type RoundState,
} from "~/lib/play";
import { GAME_TYPE, botScoreAt, opponentOf } from "~/state/multiplayer";
import { END_OPPONENT_LEFT, type RoomView } from "#contract/protocol";

import type { ShellHandle } from "~/lib/viewer";
import {
  getGameOr404,
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
    getGameOr404(context, params.id),
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
      leaderboard_type: game.leaderboard_type,
      game_modes: game.game_modes,
      timed: game.timed,
      maximum_game_time: game.maximum_game_time,
    },
  };
}

type Phase =
  | { name: "splash" }
  /**
   * The round is asked for and waits for its seed (a player's from the server, one request away): the game does not
   * move yet, and the screen says so rather than look like a round that ignores the keys. `first`: the splash stays.
   */
  | { name: "starting"; first: boolean }
  | { name: "playing" }
  /** The round's submission is on its way; `offline` once a try failed for want of a network (it keeps trying). */
  | { name: "saving"; score: number; offline: boolean }
  /** A visitor's round: `kept` when the server holds it for the account they sign up for or log in to. */
  | { name: "over"; score: number; kept: boolean }
  /** A practice round, begun offline: nothing is sent, nothing counts (ADR 018). */
  | { name: "practice"; score: number }
  /** A match: this player is done, the opponent is still playing. */
  | { name: "waitingOpponent"; score: number }
  | { name: "failed"; score: number; message: string };

/** A match round's last checkpoint, kept per room in this tab's sessionStorage. */
interface Checkpoint {
  statsId: number;
  log: string;
}
const checkpointKey = (roomId: string) => `pf:match-round:${roomId}`;

function keepCheckpoint(roomId: string, checkpoint: Checkpoint) {
  try {
    sessionStorage.setItem(checkpointKey(roomId), JSON.stringify(checkpoint));
  } catch {
    // Storage blocked or full: a reload then starts the round afresh.
  }
}

function readCheckpoint(roomId: string): Checkpoint | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(checkpointKey(roomId)) ?? "null",
    ) as Partial<Checkpoint> | null;
    return value &&
      typeof value.statsId === "number" &&
      typeof value.log === "string"
      ? { statsId: value.statsId, log: value.log }
      : null;
  } catch {
    return null;
  }
}

function forgetCheckpoint(roomId: string) {
  try {
    sessionStorage.removeItem(checkpointKey(roomId));
  } catch {
    // Nothing kept.
  }
}

/** A match passes its shared seed (?seed=); otherwise every round gets a fresh one. */
function seedFrom(params: URLSearchParams): number | null {
  const value = params.get("seed");
  return value && /^\d{1,10}$/.test(value) && Number(value) <= 0xffffffff
    ? Number(value)
    : null;
}

/**
 * /play/:id (SPEC.md §2 Play, §4 Play and End single-player): the splash until the frame is ready, then the game
 * full screen under a top bar with the clock and the live score. The round ends when the game says so or the
 * clock runs out; a player's score is then submitted against the play session and the result screen follows.
 */
export default function Play() {
  const { game, savedData } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const { openLogin, openSignUp } = useAccount();
  const mediaBase = useMediaBase();
  const icon = resolveMediaUrl(game.icon, mediaBase);
  // Told to the game (CrazyGames' user.getUser()): the public name and picture, as on the boards.
  const player = useMemo(
    () =>
      typeof window === "undefined"
        ? null
        : gamePlayer(
            viewer,
            (value) => resolveMediaUrl(value, mediaBase),
            window.location.origin,
          ),
    [viewer, mediaBase],
  );
  const src = useMemo(() => gameFrameSource(game), [game]);
  const fixedSeed = seedFrom(searchParams);
  const playType = playTypeFrom(searchParams.get("type"));
  const challengeId = idOrNull(searchParams.get("challengeId"));
  const levels = game.leaderboard_type === 2;
  const timed = game.timed;
  const {
    state: match,
    dispatch: dispatchMatch,
    sendToRoom,
  } = useMultiplayer();
  // A match or a bot round is what the waiting screen set up for this address; a reload plays solo.
  const roomId = searchParams.get("room");
  const botId = searchParams.get("bot");
  const mode: "single" | "match" | "bot" =
    viewer && roomId && match.roomId === roomId && match.gameId === game._id
      ? "match"
      : viewer && botId && match.bot && String(match.bot._id) === botId
        ? "bot"
        : "single";
  const gameType =
    mode === "match"
      ? GAME_TYPE.multiplayer
      : mode === "bot"
        ? GAME_TYPE.bot
        : GAME_TYPE.single;
  const opponent =
    mode === "match" && viewer
      ? {
          name:
            opponentOf(match.participants, viewer._id)?.user_name ?? "Opponent",
          left: match.status === "opponentLeft" && !match.selfLeft,
          recorded: false,
        }
      : mode === "bot" && match.bot
        ? { name: match.bot.name, left: false, recorded: true }
        : null;

  // A reload or a reopened tab lost the match from memory: the room says whether to rejoin it or how it ended.
  const needsRoom =
    !!viewer &&
    !!roomId &&
    !(match.roomId === roomId && match.gameId === game._id);
  const [roomChecked, setRoomChecked] = useState(false);
  const rejoining = needsRoom && !roomChecked;
  /** The input log to carry the round on from, when a reload in a match found one kept. */
  const resumeLog = useRef<string | null>(null);
  /** The room counted this player as gone: the match went on without them. */
  const selfLeft = mode === "match" && match.selfLeft;

  const [phase, setPhase] = useState<Phase>({ name: "splash" });
  // Signed up or logged in from a visitor's round-over screen: its round is being kept, and its result follows.
  const keepingRound = useKeepingVisitorRound(
    viewer !== null && phase.name === "over" && phase.kept,
  );
  const [frameReady, setFrameReady] = useState(false);
  /** Each Retry loads the game afresh; `slowLoad`: it has not said it is ready within GAME_READY_TIMEOUT_MS. */
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [slowLoad, setSlowLoad] = useState(false);
  const [splashOver, setSplashOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [score, setScore] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [confirming, setConfirming] = useState(false);
  /** Whether the game says its gameplay is on (gameplayStart) or stopped for a menu or the end (gameplayStop). */
  const [gameplay, setGameplay] = useState<"on" | "off" | null>(null);
  /**
   * A round begun without a network is a practice round: no play session, nothing sent, nothing on the boards, and
   * the screen says so. Decided as each round begins; the ref is for the callbacks.
   */
  const [practice, setPractice] = useState(false);
  const practiceRound = useRef(false);
  const online = useOnline();
  /** Offline, and this device has no copy of the game: it cannot be played now. */
  const [unavailable, setUnavailable] = useState(false);

  const connection = useRef<GameConnection | null>(null);
  const clockRef = useRef<PlayClock>(createPlayClock());
  const finished = useRef(false);
  const lastScore = useRef(0);
  const timeline = useRef<Timeline>(createTimeline());
  const recorded = useRef(false);
  const { runGameBreak, beforeRound, noteGameplay, adOnScreen } =
    usePlayAdBreaks({
      connection,
      clock: clockRef,
      roundOn: () => clockRef.current.started && !finished.current,
    });

  const sinceStart = useCallback(() => clockRef.current.elapsed(), []);
  // Our own games end their rounds themselves (their fixed-step clock) and send the input log the server replays.
  const ownGame = game.type !== EXTERNAL_GAME_TYPE;
  const {
    open: openSession,
    adopt: adoptSession,
    seed: sessionSeed,
    statsId: sessionStatsId,
    end: endSession,
    submit: submitScore,
    finishVisitor,
    reveal: revealCard,
  } = usePlaySession(
    game._id,
    gameType,
    !!viewer,
    () => sinceStart() / 1000,
    mode === "match" ? roomId : null,
    ownGame,
  );
  const openedOnLoad = useRef(false);
  const clock = clockState(elapsedMs, game.maximum_game_time, timed);

  useEffect(() => {
    if (!rejoining || !roomId) return;
    let current = true;
    apiFetch<RoomView>(`/api/multiplayer/room/${encodeURIComponent(roomId)}`)
      .then((view) => {
        if (!current || view.gameId !== game._id) return;
        if (view.resultId !== null && !view.left) {
          navigate(`/summary/${view.resultId}`, { replace: true });
          return;
        }
        dispatchMatch({
          type: "gameRequest",
          roomId: view.roomId,
          gameId: view.gameId,
          seed: view.seed,
          participants: view.participants,
        });
        if (view.left) dispatchMatch({ type: "selfExit" });
        if (view.resultId !== null)
          dispatchMatch({
            type: "gameEnd",
            status: END_OPPONENT_LEFT,
            resultId: view.resultId,
          });
        if (view.finished) {
          // The round was in before the reload: wait for the opponent, as before it.
          finished.current = true;
          setPhase({ name: "waitingOpponent", score: view.score ?? 0 });
        } else if (!view.left) {
          // The round was on: carry it on from its last checkpoint, on the session it was played on.
          const kept = readCheckpoint(view.roomId);
          if (kept) {
            adoptSession(kept.statsId, view.seed);
            resumeLog.current = kept.log;
            openedOnLoad.current = true;
          }
        }
      })
      // Not a match of this player's (or no network): the page plays on its own, as a plain round.
      .catch(() => undefined)
      .finally(() => {
        if (current) setRoomChecked(true);
      });
    return () => {
      current = false;
    };
  }, [rejoining, roomId, game._id, navigate, dispatchMatch, adoptSession]);

  /** Whether the round about to begin is a practice round; a real one opens its play session. */
  const beginRound = useCallback(() => {
    practiceRound.current = !isOnline();
    setPractice(practiceRound.current);
    if (!practiceRound.current) openSession();
  }, [openSession]);

  // SPEC.md §4: stats are registered on load (each later round opens its own), once it is known whose round it is.
  useEffect(() => {
    if (rejoining || openedOnLoad.current) return;
    openedOnLoad.current = true;
    beginRound();
  }, [beginRound, rejoining]);

  /** The game is ready: count the start (analytics) and, for a player, add it to Recently Played. Once per visit. */
  const recordStart = useCallback(() => {
    if (recorded.current || practiceRound.current) return;
    recorded.current = true;
    track("start_game_play", { game: game._id });
    if (viewer)
      apiFetch("/api/user/play", {
        method: "POST",
        json: { game: game._id, type: playType },
      }).catch(() => undefined);
  }, [game._id, viewer, playType]);

  /** Whether a round has started on this page yet: the first one waits for its seed behind the splash. */
  const roundStarted = useRef(false);
  /** A player's round is played from the seed the server dealt its session; a visitor's from any. */
  const startRound = useCallback(async () => {
    const target = connection.current;
    if (!target) return;
    finished.current = false;
    lastScore.current = 0;
    timeline.current = createTimeline();
    timeline.current.record(0, 0);
    setScore(0);
    setElapsedMs(0);
    setPhase({ name: "starting", first: !roundStarted.current });
    const dealtSeed = await sessionSeed();
    const seed = dealtSeed ?? fixedSeed ?? randomSeed();
    roundStarted.current = true;
    setPhase({ name: "playing" });
    clockRef.current.start();
    // The tab went to the background while the seed was on its way: the round starts paused, as the game does.
    if (document.hidden) clockRef.current.pause();
    const resume = resumeLog.current;
    resumeLog.current = null;
    target.send({
      type: "start",
      seed,
      ...(timed ? { duration: game.maximum_game_time } : {}),
      ...(resume ? { resume } : {}),
      // A round the server dealt also has what a game hides dealt by it, card by card (ADR 014).
      ...(dealtSeed !== null ? { dealt: true } : {}),
      player,
    });
    target.focus();
  }, [sessionSeed, fixedSeed, timed, game.maximum_game_time, player]);

  /** The round is over: a visitor sees their score; a player's goes to the server, then to the result screen. */
  const finish = useCallback(
    async (finalScore: number, log: string | null = null) => {
      if (finished.current) return;
      finished.current = true;
      clockRef.current.pause();
      connection.current?.send({ type: "pause" });
      setScore(finalScore);
      if (practiceRound.current) {
        setPhase({ name: "practice", score: finalScore });
        return;
      }
      if (!viewer) {
        const kept = await finishVisitor(finalScore, log);
        setPhase({ name: "over", score: finalScore, kept: kept !== null });
        return;
      }
      setPhase({ name: "saving", score: finalScore, offline: false });
      try {
        // SPEC.md §4: the round's one request also settles its challenge or records its bot match. It is kept and
        // tried again until the server answers, whatever the network does meanwhile.
        const saved = await submitScore(
          {
            score: finalScore,
            playerId: viewer._id,
            log,
            moves: timeline.current.moves(finalScore, sinceStart()),
            challengeId: mode === "single" ? challengeId : null,
            botId: mode === "bot" && match.bot ? match.bot._id : null,
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
          navigate(resultPath(game._id, playType, challengeId), {
            replace: true,
          });
        } else if (saved.match_id !== null) {
          navigate(`/summary/${saved.match_id}`, { replace: true });
        } else {
          const state: RoundState = { gameId: game._id, round: saved };
          navigate(resultPath(game._id, playType, challengeId), {
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
      viewer,
      finishVisitor,
      submitScore,
      endSession,
      sinceStart,
      navigate,
      game._id,
      playType,
      challengeId,
      mode,
      roomId,
      sendToRoom,
      match.bot,
      sessionStatsId,
    ],
  );

  /** Every round after the first of the visit follows an ad break (not in a match: the opponent is playing). */
  const startingRound = useRef(false);
  const startNextRound = useCallback(() => {
    if (startingRound.current) return;
    const adBreak = beforeRound(mode !== "match");
    if (!adBreak) {
      void startRound();
      return;
    }
    startingRound.current = true;
    void adBreak.then(() => {
      startingRound.current = false;
      return startRound();
    });
  }, [beforeRound, startRound, mode]);

  const playAgain = useCallback(() => {
    beginRound();
    startNextRound();
  }, [beginRound, startNextRound]);

  const onMessage = useCallback(
    (message: GameMessage, target: GameConnection) => {
      switch (message.type) {
        case "ready":
          connection.current = target;
          recordStart();
          setFrameReady(true);
          break;
        case "loading":
          setProgress(message.value);
          break;
        // A portal's game may begin its gameplay before the round starts (no menu): shown as it comes. The play
        // session's time counts gameplay only: a portal game's menus and game-over screen are left out.
        case "gameplay_start":
          noteGameplay();
          setGameplay("on");
          if (!finished.current) clockRef.current.gameplay(true);
          break;
        case "gameplay_stop":
          setGameplay("off");
          if (!finished.current) clockRef.current.gameplay(false);
          break;
        case "game_score":
          if (finished.current || !clockRef.current.started) break;
          if (
            mode === "match" &&
            roomId &&
            message.value !== lastScore.current
          ) {
            sendToRoom({
              event: "game_data",
              data: { score: message.value },
            });
          }
          lastScore.current = message.value;
          timeline.current.record(sinceStart(), message.value);
          setScore(message.value);
          break;
        case "final_score":
          if (clockRef.current.started) {
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
      recordStart,
      sinceStart,
      finish,
      mode,
      roomId,
      sendToRoom,
      sessionStatsId,
      noteGameplay,
      revealCard,
    ],
  );

  // The splash stays for its animation (SPEC.md §9: 2 s) and until the frame is ready, then the round starts.
  useEffect(() => {
    const timer = window.setTimeout(() => setSplashOver(true), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (
      phase.name === "splash" &&
      frameReady &&
      splashOver &&
      !rejoining &&
      !selfLeft
    )
      startNextRound();
  }, [phase.name, frameReady, splashOver, startNextRound, rejoining, selfLeft]);

  // A game that never says it is ready (it threw while loading) must not keep the player on the splash.
  useEffect(() => {
    if (frameReady) return;
    const timer = window.setTimeout(
      () => setSlowLoad(true),
      GAME_READY_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [frameReady, loadAttempt]);
  const retryLoad = useCallback(() => {
    setSlowLoad(false);
    setProgress(null);
    setLoadAttempt((attempt) => attempt + 1);
  }, []);
  // The network went while the game was still loading from it (issue #31: the splash sat at 5 % with no word): it is
  // loaded again at once, from this device's copy, or the screen says it needs a connection.
  const wasOnline = useRef(isOnline());
  useEffect(() => {
    const lost = wasOnline.current && !online;
    wasOnline.current = online;
    if (lost && !frameReady) retryLoad();
  }, [online, frameReady, retryLoad]);

  // The clock ticks each second; a timed round ends when the time is up, with the score so far.
  useEffect(() => {
    if (phase.name !== "playing") return;
    const tick = () => {
      const now = sinceStart();
      setElapsedMs(now);
      // Our own games end at their own time and send the log; only a timed external game is stopped by this clock.
      if (!ownGame && clockState(now, game.maximum_game_time, timed).timeUp)
        void finish(lastScore.current);
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [phase.name, sinceStart, game.maximum_game_time, timed, finish, ownGame]);

  // A hidden tab pauses the game and its sound; it resumes when the tab is back (unless the exit question or an ad is
  // on screen).
  useEffect(() => {
    const onVisibility = () => {
      if (finished.current) return;
      if (document.hidden) {
        clockRef.current.pause();
        connection.current?.send({ type: "pause" });
      } else if (!confirming && !adOnScreen.current) {
        clockRef.current.resume();
        connection.current?.send({ type: "resume" });
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [confirming, adOnScreen]);

  // The exit question stops the game and the clock until it is answered.
  const askToExit = useCallback(() => {
    clockRef.current.pause();
    connection.current?.send({ type: "pause" });
    setConfirming(true);
  }, []);
  // Back (or a link) in a match round asks the same question as Exit before the match is forfeited.
  const leaveGuard = useLeaveGuard(
    () =>
      mode === "match" &&
      !!roomId &&
      !!viewer &&
      !selfLeft &&
      !finished.current,
    askToExit,
  );
  const { stay, leave, held: leaving } = leaveGuard;
  const cancelExit = useCallback(() => {
    setConfirming(false);
    stay();
    if (finished.current) return;
    clockRef.current.resume();
    connection.current?.send({ type: "resume" });
    connection.current?.focus();
  }, [stay]);
  const confirmExit = useCallback(async () => {
    finished.current = true;
    if (mode === "match" && roomId && viewer) {
      // SPEC.md §4: exit tells the room, so the opponent sees that this player left.
      sendToRoom({
        event: "exit_game_room",
        data: { score: lastScore.current },
      });
      dispatchMatch({ type: "clear" });
    }
    await endSession();
    if (!leaving || !leave()) navigate(`/detail/${game._id}`);
  }, [
    leaving,
    leave,
    endSession,
    navigate,
    game._id,
    mode,
    roomId,
    viewer,
    sendToRoom,
    dispatchMatch,
  ]);

  // Leaving the page in the middle of a match (Back or a link, once the player said Yes) is leaving the match, as the
  // exit button is: the room hears it at once, and the opponent is not left waiting. (A reload or a closed tab drops the room socket
  // instead; the room then gives the player the 10 s grace to come back.)
  const leaveMatch = useRef<() => void>(() => undefined);
  leaveMatch.current = () => {
    if (finished.current || mode !== "match" || !roomId || !viewer) return;
    finished.current = true;
    sendToRoom({
      event: "exit_game_room",
      data: { score: lastScore.current },
    });
    dispatchMatch({ type: "clear" });
  };
  useEffect(() => () => leaveMatch.current(), []);

  // Away for longer than the grace (the tab in the background, no network): the room went on without this player.
  useEffect(() => {
    if (!selfLeft) return;
    finished.current = true;
    clockRef.current.pause();
    connection.current?.send({ type: "pause" });
    setConfirming(false);
  }, [selfLeft]);

  // The room has ended the match (both done, or the opponent gone and this player done): on to the summary.
  useEffect(() => {
    if (phase.name === "waitingOpponent" && match.resultId && !selfLeft)
      navigate(`/summary/${match.resultId}`, { replace: true });
  }, [phase.name, match.resultId, navigate, selfLeft]);

  const opponentScore =
    mode === "match"
      ? (match.opponent?.score ?? 0)
      : mode === "bot"
        ? botScoreAt(match.bot, elapsedMs)
        : 0;

  const exitVisible =
    phase.name === "playing" && clock.exitAvailable && !selfLeft;
  useEffect(() => {
    if (!exitVisible || confirming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") askToExit();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [exitVisible, confirming, askToExit]);

  const label = levels ? "Level" : "Score";

  return (
    <div
      className="player"
      data-phase={phase.name}
      data-gameplay={gameplay ?? undefined}
    >
      <header className="player__bar">
        {exitVisible ? (
          <button
            type="button"
            className="icon-button player__exit"
            aria-label="Exit game"
            onClick={askToExit}
          >
            <CloseIcon size={22} />
          </button>
        ) : (
          <span className="player__bar-spacer" aria-hidden="true" />
        )}
        {opponent ? (
          <div className="player__versus">
            <h1 className="visually-hidden">{game.name}</h1>
            <span className="player__opponent" data-testid="opponent-name">
              {opponent.left ? (
                <span className="player__left">Opponent left</span>
              ) : (
                <>
                  <span className="player__vs">vs </span>
                  <span className="player__opponent-name" title={opponent.name}>
                    {opponent.name}
                  </span>
                  {opponent.recorded ? (
                    <span
                      className="player__recorded"
                      data-testid="opponent-recorded"
                    >
                      {" "}
                      {RECORDED_PLAYER}
                    </span>
                  ) : null}
                </>
              )}
            </span>
            <output
              className="player__score player__score--opponent"
              aria-label={`${opponent.name}'s ${label.toLowerCase()}`}
              data-testid="opponent-score"
            >
              {opponentScore}
            </output>
          </div>
        ) : (
          <h1 className="player__title">{game.name}</h1>
        )}
        <span
          className="player__clock"
          aria-label={timed ? "Time left" : "Time played"}
          data-testid="play-clock"
        >
          <ClockIcon size={16} />
          <span role="timer">
            {clockText(
              phase.name === "splash" || phase.name === "starting"
                ? timed
                  ? game.maximum_game_time
                  : 0
                : clock.shown,
            )}
          </span>
        </span>
        {/* Level games (leaderboard_type 2) report the level reached as their score. */}
        <output
          className="player__score"
          aria-label={label}
          data-testid="live-score"
        >
          {levels ? <span className="player__score-label">Level </span> : null}
          {score}
        </output>
      </header>
      {practice &&
      (phase.name === "splash" ||
        phase.name === "starting" ||
        phase.name === "playing") ? (
        <p className="player__practice" data-testid="practice-notice">
          <strong>Practice round:</strong>{" "}
          {online ? PRACTICE_NOTICE.backOnline : PRACTICE_NOTICE.offline}
        </p>
      ) : null}
      <div className="player__frame-wrap">
        {src && !unavailable ? (
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
            onAdBreak={runGameBreak}
            onUnavailable={() => setUnavailable(true)}
            attempt={loadAttempt}
          />
        ) : (
          <div className="player__overlay">
            <h2 className="player__heading">
              {unavailable
                ? "This game needs a connection"
                : "This game cannot be played right now"}
            </h2>
            {unavailable ? (
              <p className="player__note">
                It isn&apos;t kept on this device. Connect to the internet to
                play it.
              </p>
            ) : null}
            <Link to={`/detail/${game._id}`} className="button button--ghost">
              <ArrowLeftIcon size={18} /> Back to {game.name}
            </Link>
          </div>
        )}
        {src &&
        !unavailable &&
        (phase.name === "splash" ||
          (phase.name === "starting" && phase.first)) ? (
          <PlaySplash
            gameName={game.name}
            icon={icon}
            progress={progress}
            slow={slowLoad && !frameReady}
            onExit={() => void confirmExit()}
            onRetry={retryLoad}
          />
        ) : null}
        {phase.name === "starting" && !phase.first ? (
          <StartingRound gameId={game._id} gameName={game.name} />
        ) : null}
        {phase.name === "waitingOpponent" ? (
          <div className="player__overlay" role="status">
            <h2 className="player__heading">
              Waiting for {opponent?.name ?? "your opponent"} to finish…
            </h2>
            <p className="player__final">
              {levels ? "Level " : null}
              {phase.score}
            </p>
            <p className="player__note">
              Your score is in. The result shows as soon as the match is over.
            </p>
          </div>
        ) : null}
        {selfLeft ? (
          <div
            className="player__overlay"
            role="dialog"
            aria-labelledby="match-left"
            data-testid="self-left"
          >
            <h2 id="match-left" className="player__heading">
              The match went on without you
            </h2>
            <p className="player__note">
              You were away for more than 10 seconds, so you left the match.
              {match.resultId
                ? null
                : ` ${opponent?.name ?? "Your opponent"} is still playing; the result shows here when they finish.`}
            </p>
            <div className="player__actions">
              {match.resultId ? (
                <Link
                  to={`/summary/${match.resultId}`}
                  replace
                  className="button button--primary"
                >
                  See the result
                </Link>
              ) : null}
              <Link to={`/detail/${game._id}`} className="button button--ghost">
                Back to {game.name}
              </Link>
            </div>
          </div>
        ) : phase.name === "saving" ? (
          <div className="player__overlay" role="status">
            <h2 className="player__heading">Saving your score…</h2>
            <p className="player__final">
              {levels ? "Level " : null}
              {phase.score}
            </p>
            {phase.offline ? (
              <p className="player__note" data-testid="saving-offline">
                No connection right now. Your score is kept on this device and
                is sent as soon as you are back online.
              </p>
            ) : null}
          </div>
        ) : null}
        {phase.name === "practice" ? (
          <RoundOver
            id="practice-over"
            testId="practice-over"
            heading="Practice round over"
            score={phase.score}
            levels={levels}
            note={
              <p className="player__note">
                {online ? PRACTICE_NOTICE.overOnline : PRACTICE_NOTICE.over}
              </p>
            }
            onPlayAgain={playAgain}
            game={game}
          />
        ) : null}
        {phase.name === "over" || phase.name === "failed" ? (
          <RoundOver
            id="round-over"
            heading={
              phase.name === "failed"
                ? "Your score was not saved"
                : "Round over"
            }
            score={phase.score}
            levels={levels}
            note={
              phase.name === "failed" ? (
                <p className="player__note player__note--error" role="alert">
                  {phase.message}
                </p>
              ) : keepingRound ? (
                <p className="player__note" role="status">
                  {VISITOR_ROUND_NOTE.keeping}
                </p>
              ) : viewer ? (
                <p className="player__note">{VISITOR_ROUND_NOTE.signedIn}</p>
              ) : phase.kept ? (
                <p className="player__note">{VISITOR_ROUND_NOTE.kept}</p>
              ) : (
                <p className="player__note">{VISITOR_ROUND_NOTE.notKept}</p>
              )
            }
            lead={
              phase.name !== "over" || viewer ? undefined : phase.kept ? (
                <>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={openSignUp}
                  >
                    Sign up to keep it
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={openLogin}
                  >
                    Log in
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={openLogin}
                >
                  Log in
                </button>
              )
            }
            onPlayAgain={playAgain}
            game={game}
          />
        ) : null}
      </div>
      {confirming ? (
        <ExitDialog onCancel={cancelExit} onConfirm={confirmExit} />
      ) : null}
    </div>
  );
}
