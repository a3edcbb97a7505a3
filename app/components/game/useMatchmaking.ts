import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  MATCHMAKING_WAIT_MS,
  type BotData,
  type JoinAnswer,
  type Participant,
} from "#contract/protocol";
import { LOBBY_PING_INTERVAL_MS } from "#contract/user-socket";
import { apiFetch, errorMessage } from "~/lib/api";
import { botPlayPath, matchPlayPath } from "~/lib/play";
import { useMultiplayer } from "../MultiplayerProvider";
import { useSocket } from "../SocketProvider";

export type MatchmakingPhase =
  | { name: "connecting" }
  | { name: "searching"; expiresAt: number }
  | { name: "matched"; opponent: Participant | null }
  | { name: "bot" }
  | { name: "none" }
  | { name: "failed"; message: string };

/**
 * The lobby wait of /waiting/:id (SPEC.md §4, ADR 007). It stays on the JSON API, not a route action: the join's
 * answer races the user socket's pairing for the same wait (whichever comes first starts the match, the other is
 * dropped), and Quit must leave the lobby before the page goes. Joins once the socket is open, so that a pairing or
 * the timeout while waiting can reach this page; nobody in 10 s asks for a bot replaying a real run.
 */
export function useMatchmaking(
  game: { _id: number },
  viewer: { _id: number } | null,
  multiplayer: boolean,
) {
  const navigate = useNavigate();
  const socket = useSocket();
  const { dispatch } = useMultiplayer();
  const [phase, setPhase] = useState<MatchmakingPhase>({ name: "connecting" });
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

  // The lobby pairs a waiting player only if their user socket was heard from within LOBBY_HEARD_MS (or they joined
  // in that time): one ping as the wait starts, then one a second.
  useEffect(() => {
    if (phase.name !== "searching") return;
    const ping = () => socket.send({ event: "ping" });
    ping();
    const timer = window.setInterval(ping, LOBBY_PING_INTERVAL_MS);
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

  return { phase, now, join, quit };
}
