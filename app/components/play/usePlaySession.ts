import { useCallback, useEffect, useRef } from "react";
import { deliverRound, keepRound } from "~/lib/round-outbox";
import {
  beginVisitorRound,
  endPlaySession,
  finishVisitorRound,
  openPlaySession,
  postScore,
  revealSessionCard,
  revealVisitorCard,
} from "~/lib/play-session";
import type { PlaySession } from "#contract/games";
import type { Move } from "#contract/moves";
import type { RoundResult } from "#contract/scores";
import type { VisitorRound } from "#contract/visitor-rounds";
import type { RevealCardRequest } from "#contract/card-faces";
import { keepVisitorRound, type KeptVisitorRound } from "~/lib/visitor-round";

interface SessionRecord {
  /** POST /api/gamestats under way or done: the session, or null when it could not be opened. */
  opened: Promise<PlaySession | null>;
  ended: boolean;
  /** Its round is being sent (from the outbox): the page going away must not close the session under it. */
  submitting: boolean;
}

/**
 * SPEC.md §4 Play / §7: the game stats record of one round on the play screen. Opened on load (POST /api/gamestats)
 * and again for each later round, it deals the round's seed and is the play session an honest score needs (POST /api/scores, which also closes it with the play time), and it
 * is closed with the play time (PUT /api/gamestats/{id}) on exit or when the player leaves the page some other way.
 */
export function usePlaySession(
  gameId: number,
  gameType: number,
  signedIn: boolean,
  playTime: () => number,
  /** A match's room: its session gets the match's seed and counts in its result. */
  roomId: string | null = null,
  /** Our own games: a visitor's round is dealt its seed by the server too, so it can be kept after signing up. */
  keepsVisitorRounds = false,
) {
  const session = useRef<SessionRecord | null>(null);
  /** A visitor's round: its seed and claim token (POST /api/visitor-rounds), or null when none could be begun. */
  const visitorRound = useRef<Promise<VisitorRound | null> | null>(null);
  const playTimeRef = useRef(playTime);
  playTimeRef.current = playTime;

  const open = useCallback(() => {
    if (!signedIn) {
      // A match is never a visitor's; our own games deal a visitor's seed too, so the round can be kept later.
      session.current = null;
      visitorRound.current =
        roomId || !keepsVisitorRounds
          ? null
          : beginVisitorRound(gameId).catch(() => null);
      return;
    }
    visitorRound.current = null;
    session.current = {
      opened: openPlaySession({
        game_id: gameId,
        game_type: gameType,
        ...(roomId ? { room_id: roomId } : {}),
      }).catch(() => null),
      ended: false,
      submitting: false,
    };
  }, [gameId, gameType, signedIn, roomId, keepsVisitorRounds]);

  /**
   * Carries on with a session opened before a reload (a match's round being resumed): no new session is opened, and
   * the round's log, replayed from the start, is checked against the time since this one opened.
   */
  const adopt = useCallback(
    (id: number, seed: number) => {
      session.current = {
        opened: Promise.resolve({
          _id: id,
          game_id: gameId,
          game_type: gameType,
          play_time: 0,
          seed,
          challenge_id: null,
          verified: true,
        }),
        ended: false,
        submitting: false,
      };
    },
    [gameId, gameType],
  );

  /** The seed the server dealt the round (a player's session or a visitor's round), or null when it dealt none. */
  const seed = useCallback(
    async () =>
      (await session.current?.opened)?.seed ??
      (await visitorRound.current)?.seed ??
      null,
    [],
  );

  /**
   * A visitor's round ended (PUT /api/visitor-rounds/{id}): the server keeps its log, and this tab keeps the round
   * until the visitor signs up or logs in. Null when there is nothing to keep (no round was dealt, the game's log
   * is not ours, or the server refused it).
   */
  const finishVisitor = useCallback(
    async (
      score: number,
      log: string | null,
    ): Promise<KeptVisitorRound | null> => {
      const round = await visitorRound.current;
      visitorRound.current = null;
      if (!round || log === null) return null;
      try {
        await finishVisitorRound(round, {
          score,
          log,
          play_time: Math.max(0, Math.round(playTimeRef.current())),
        });
        return keepVisitorRound(round, score);
      } catch {
        return null;
      }
    },
    [],
  );

  /** The face of a card the game turned (ADR 014, "Hidden information"), dealt to this session or visitor round. */
  const reveal = useCallback(async (turned: RevealCardRequest) => {
    const opened = await session.current?.opened;
    if (opened) return revealSessionCard(opened._id, turned);
    const round = await visitorRound.current;
    if (!round) throw new Error("This round was dealt no cards");
    return revealVisitorCard(round, turned);
  }, []);

  /** The open session's id, or null (a visitor, or no session could be opened). */
  const statsId = useCallback(
    async () => (await session.current?.opened)?._id ?? null,
    [],
  );

  /** Writes the play time once; `keepalive` lets it outlive a closing tab. Failures are only logged by the server. */
  const end = useCallback(async (keepalive = false) => {
    const current = session.current;
    if (!current || current.ended || current.submitting) return;
    current.ended = true;
    const id = (await current.opened)?._id ?? null;
    if (id === null) return;
    const play_time = Math.max(0, Math.round(playTimeRef.current()));
    await endPlaySession(id, play_time, keepalive).catch(() => undefined);
  }, []);

  /**
   * SPEC.md §4 End single-player, in one request: the score with its moves, the play time and the challenge or bot
   * run the round was for. The answer closes the session, so nothing is sent again on the way out. The request is
   * kept in the round outbox and tried again until the server answers (`onRetry` hears each try that failed for want
   * of a network); null means an earlier try had already saved it.
   */
  const submit = useCallback(
    async (
      round: {
        score: number;
        playerId: number;
        /** Our own games: the round's input log, which the server replays; then `moves` are not needed. */
        log: string | null;
        moves: Move[];
        challengeId: number | null;
        botId: number | null;
      },
      onRetry?: (attempt: number) => void,
    ): Promise<RoundResult | null> => {
      const current = session.current;
      const stats_id = (await current?.opened)?._id ?? undefined;
      // The round is over: from here on the session ends with its score, not with the page.
      if (current) current.submitting = true;
      const kept = keepRound({
        score: round.score,
        player_id: round.playerId,
        game_id: gameId,
        stats_id,
        ...(round.log === null ? { moves: round.moves } : { log: round.log }),
        play_time: Math.max(0, Math.round(playTimeRef.current())),
        challenge_id: round.challengeId ?? undefined,
        bot_id: round.botId ?? undefined,
      });
      try {
        const result = await deliverRound(kept, postScore, onRetry);
        if (current) current.ended = true;
        return result;
      } finally {
        if (current) current.submitting = false;
      }
    },
    [gameId],
  );

  // Leaving the page in any other way still records how long was played. Not a match's: a reload within the grace
  // resumes its round on the same session, and the room settles a player who does not come back.
  const inMatch = useRef(roomId !== null);
  inMatch.current = roomId !== null;
  useEffect(() => {
    const leave = () => {
      if (!inMatch.current) void end(true);
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [end]);

  return { open, adopt, seed, statsId, end, submit, finishVisitor, reveal };
}
export type PlaySessionHandle = ReturnType<typeof usePlaySession>;
