import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAccount } from "~/components/AccountProvider";
import { BackLink } from "~/components/BackLink";
import { EmptyState } from "~/components/EmptyState";
import { GameChip } from "~/components/GameChip";
import {
  MatchVersus,
  MatchVersusPlayer,
} from "~/components/friend-match/MatchVersus";
import { useMultiplayer } from "~/components/MultiplayerProvider";
import { useSocket } from "~/components/SocketProvider";
import { PlayIcon, VersusIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { apiFetch, errorMessage } from "~/lib/api";
import { pageTitle } from "#contract/format";
import { playPath } from "~/lib/navigation";
import { botPlayPath, matchPlayPath } from "~/lib/play";
import {
  MATCHMAKING_WAIT_MS,
  type BotData,
  type JoinAnswer,
  type Participant,
} from "#contract/protocol";
import { LOBBY_PING_INTERVAL_MS } from "#contract/user-socket";
import { getGameOr404 } from "~/server/loaders.server";
import "./match.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(data ? `Multiplayer · ${data.game.name}` : "Multiplayer"),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  return {
    game: {
      _id: game._id,
      name: game.name,
      icon: game.icon,
      category: game.category,
    },
    multiplayer: game.game_modes.includes(2),
  };
}

type Phase =
  | { name: "connecting" }
  | { name: "searching"; expiresAt: number }
  | { name: "matched"; opponent: Participant | null }
  | { name: "bot" }
  | { name: "none" }
  | { name: "failed"; message: string };

/**
 * /waiting/:id (SPEC.md §2 Waiting, §4 Matchmaking): join the game's lobby and wait up to 10 s for another player,
 * with a countdown; with two players both go to /play with one seed. Nobody: play a bot replaying a real run, or
 * 'Opponents not available' with Retry. Quit goes back to the game. The pairing comes once (ADR 007): in the join
 * answer for the player who joins second, on the user socket for the one who was waiting.
 */
export default function Waiting() {
  const { game, multiplayer } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const navigate = useNavigate();
  const socket = useSocket();
  const { dispatch } = useMultiplayer();
  const [phase, setPhase] = useState<Phase>({ name: "connecting" });
  const [now, setNow] = useState(() => Date.now());
  const attempt = useRef(0);
  const roomRef = useRef<string | null>(null);

  const goPlay = useCallback(
    (roomId: string, seed: number, participants: Participant[]) => {
      // Any join answer still on its way is about the wait that just ended.
      attempt.current++;
      dispatch({
        type: "gameRequest",
        roomId,
        gameId: game._id,
        seed,
        participants,
      });
      const opponent =
        participants.find(
          (participant) => participant.user_id !== viewer?._id,
        ) ?? null;
      setPhase({ name: "matched", opponent });
      // A short look at who you play against, then the game.
      window.setTimeout(
        () =>
          navigate(matchPlayPath(game._id, roomId, seed), { replace: true }),
        900,
      );
    },
    [dispatch, navigate, game._id, viewer?._id],
  );

  const findBot = useCallback(async () => {
    setPhase({ name: "bot" });
    try {
      const bot = await apiFetch<BotData | { _id: null; moves: [] }>(
        `/api/player-move/${game._id}`,
      );
      if (bot._id !== null && bot.moves.length > 0) {
        dispatch({ type: "bot", bot: bot });
        navigate(botPlayPath(game._id, bot._id), { replace: true });
        return;
      }
    } catch {
      // SPEC.md §8: a failed bot request is ignored; there is simply no opponent.
    }
    setPhase({ name: "none" });
  }, [dispatch, navigate, game._id]);

  const join = useCallback(async () => {
    if (!viewer) return;
    const mine = ++attempt.current;
    setPhase({ name: "connecting" });
    dispatch({ type: "clear" });
    try {
      const answer = await apiFetch<JoinAnswer>("/api/multiplayer/join", {
        method: "POST",
        json: { userId: viewer._id, gameId: game._id },
      });
      if (mine !== attempt.current) return;
      roomRef.current = answer.roomId;
      if (answer.status === "matched") {
        goPlay(answer.roomId, answer.seed, answer.participants);
      } else {
        dispatch({
          type: "waiting",
          roomId: answer.roomId,
          gameId: game._id,
          participant: answer.participants[0],
          expiresAt: answer.expiresAt,
        });
        // The server's clock decides; this one only draws the countdown from the same 10 s, starting now (a `now`
        // left from before the answer would draw 11 for a moment).
        setNow(Date.now());
        setPhase({
          name: "searching",
          expiresAt:
            Date.now() +
            Math.min(
              MATCHMAKING_WAIT_MS,
              Math.max(0, answer.expiresAt - Date.now()),
            ),
        });
      }
    } catch (failure) {
      if (mine === attempt.current)
        setPhase({ name: "failed", message: errorMessage(failure) });
    }
  }, [viewer, dispatch, game._id, goPlay]);

  // Join once the socket is open, so that a pairing or the timeout while waiting can reach this page.
  const joined = useRef(false);
  useEffect(() => {
    if (!viewer || !multiplayer || joined.current || socket.status !== "open")
      return;
    joined.current = true;
    void join();
  }, [viewer, multiplayer, socket.status, join]);

  useEffect(
    () =>
      socket.subscribe((event) => {
        // The lobby's news for this page's wait (by game: it can overtake the join answer that names the room).
        if (event.event === "user_joined" && event.data.gameId === game._id)
          dispatch({ type: "userJoined", participant: event.data.participant });
        else if (
          event.event === "request_gameplay" &&
          event.data.gameId === game._id
        )
          goPlay(event.data.roomId, event.data.seed, event.data.participants);
        else if (
          event.event === "room_timeout" &&
          event.data.roomId === roomRef.current
        )
          // SPEC.md §4: nobody came in 10 s; leave with score 0 and ask for a bot.
          void findBot();
      }),
    [socket, dispatch, game._id, goPlay, findBot],
  );

  useEffect(() => {
    if (phase.name !== "searching") return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [phase.name]);

  // The lobby pairs a waiting player only if their user socket was heard from within LOBBY_HEARD_MS.
  useEffect(() => {
    if (phase.name !== "searching") return;
    const timer = window.setInterval(
      () => socket.send({ event: "ping" }),
      LOBBY_PING_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [phase.name, socket]);

  const quit = async () => {
    attempt.current++;
    dispatch({ type: "clear" });
    await apiFetch("/api/multiplayer/leave", {
      method: "POST",
      json: { gameId: game._id },
    }).catch(() => undefined);
    navigate(`/detail/${game._id}`);
  };

  const secondsLeft =
    phase.name === "searching"
      ? Math.min(
          MATCHMAKING_WAIT_MS / 1000,
          Math.max(0, Math.ceil((phase.expiresAt - now) / 1000)),
        )
      : 0;
  const progress =
    phase.name === "searching"
      ? Math.min(1, Math.max(0, (phase.expiresAt - now) / MATCHMAKING_WAIT_MS))
      : 0;

  let body;
  if (!multiplayer) {
    body = (
      <EmptyState
        title="This game has no multiplayer mode"
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        actions={<PlayLink gameId={game._id} />}
      >
        <p>Play it solo and set a score for your friends to beat.</p>
      </EmptyState>
    );
  } else if (!viewer) {
    body = (
      <EmptyState
        title="Log in to play against others"
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={openLogin}
          >
            Log in
          </button>
        }
      >
        <p>Multiplayer matches you with another player in about 10 seconds.</p>
      </EmptyState>
    );
  } else if (phase.name === "none" || phase.name === "failed") {
    body = (
      <div className="match-card" data-testid="no-opponents">
        <span className="match-card__badge" aria-hidden="true">
          <VersusIcon size={30} />
        </span>
        <h1 className="match-card__title">Opponents not available</h1>
        <p
          className="match-card__text"
          role={phase.name === "failed" ? "alert" : undefined}
        >
          {phase.name === "failed"
            ? phase.message
            : "Nobody is playing right now. Try again in a moment, or play solo."}
        </p>
        <div className="match-card__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void join()}
          >
            Retry
          </button>
          <PlayLink gameId={game._id} ghost />
        </div>
      </div>
    );
  } else {
    const opponent = phase.name === "matched" ? phase.opponent : null;
    body = (
      <div className="match-card" aria-live="polite">
        <h1 className="match-card__title">
          {phase.name === "matched"
            ? "Opponent found!"
            : "Waiting for opponents"}
        </h1>
        <MatchVersus>
          <MatchVersusPlayer person={viewer} label="You" />
          <div
            className="match-countdown"
            role="timer"
            aria-label="Seconds left"
            data-testid="countdown"
          >
            <svg viewBox="0 0 64 64" aria-hidden="true">
              <circle
                className="match-countdown__track"
                cx="32"
                cy="32"
                r="28"
              />
              <circle
                className="match-countdown__fill"
                cx="32"
                cy="32"
                r="28"
                style={{ strokeDashoffset: `${(1 - progress) * 176}` }}
              />
            </svg>
            <span className="match-countdown__value">
              {phase.name === "searching" ? (
                secondsLeft
              ) : (
                <VersusIcon size={22} />
              )}
            </span>
          </div>
          <MatchVersusPlayer
            person={
              opponent
                ? {
                    name: opponent.user_name,
                    profile_img: opponent.profile_pic,
                  }
                : null
            }
            label={opponent ? opponent.user_name : "Opponent"}
          />
        </MatchVersus>
        <p className="match-card__text">
          {phase.name === "matched"
            ? "Get ready…"
            : phase.name === "bot"
              ? "Nobody came: finding a recorded player for you."
              : "Searching..."}
        </p>
        <div className="match-card__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void quit()}
          >
            Quit
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow match-page">
      <BackLink to={`/detail/${game._id}`} title={game.name} />
      <GameChip game={game} />
      {body}
    </div>
  );
}

function PlayLink({
  gameId,
  ghost = false,
}: {
  gameId: number;
  ghost?: boolean;
}) {
  return (
    <Link
      to={playPath(gameId)}
      className={ghost ? "button button--ghost" : "button button--primary"}
    >
      <PlayIcon size={18} /> Play solo
    </Link>
  );
}
