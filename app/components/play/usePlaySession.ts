import { useCallback, useEffect, useRef } from "react";
import { apiFetch } from "~/lib/api";
import type { Move } from "#contract/moves";

interface SessionRecord {
  /** POST /api/gamestats under way or done: the record id, or null when it could not be opened. */
  id: Promise<number | null>;
  ended: boolean;
}

export interface SubmittedScore {
  _id: number;
  score: number;
  stats_id: number;
}

/**
 * SPEC.md §4 Play / §7: the game stats record of one visit to the play screen. Opened on load (POST /api/gamestats),
 * it is the play session an honest score needs (POST /api/scores), and it is closed with the play time
 * (PUT /api/gamestats/{id}) at the end, on exit, or when the player leaves the page some other way.
 */
export function usePlaySession(
  gameId: number,
  gameType: number,
  signedIn: boolean,
  playTime: () => number,
) {
  const session = useRef<SessionRecord | null>(null);
  const playTimeRef = useRef(playTime);
  playTimeRef.current = playTime;

  const open = useCallback(() => {
    if (!signedIn) return;
    session.current = {
      id: apiFetch<{ _id: number }>("/api/gamestats", {
        method: "POST",
        json: { game_id: gameId, game_type: gameType },
      }).then(
        (record) => record._id,
        () => null,
      ),
      ended: false,
    };
  }, [gameId, gameType, signedIn]);

  /** Writes the play time once; `keepalive` lets it outlive a closing tab. Failures are only logged by the server. */
  const end = useCallback(async (keepalive = false) => {
    const current = session.current;
    if (!current || current.ended) return;
    current.ended = true;
    const id = await current.id;
    if (id === null) return;
    const play_time = Math.max(0, Math.round(playTimeRef.current()));
    await apiFetch(`/api/gamestats/${id}`, {
      method: "PUT",
      json: { play_time },
      keepalive,
    }).catch(() => undefined);
  }, []);

  /** SPEC.md §4 End single-player: the score, then the play time, then the moves when the score is above 0. */
  const submit = useCallback(
    async (
      score: number,
      playerId: number,
      moves: Move[],
    ): Promise<SubmittedScore> => {
      const stats_id = (await session.current?.id) ?? undefined;
      const saved = await apiFetch<SubmittedScore>("/api/scores", {
        method: "POST",
        json: { score, player_id: playerId, game_id: gameId, stats_id, moves },
      });
      await end();
      if (score > 0) {
        // SPEC.md §8: a failure to keep the moves is ignored.
        await apiFetch("/api/player-move", {
          method: "POST",
          json: { game_id: gameId, player_id: playerId, stats_id, moves },
        }).catch(() => undefined);
      }
      return saved;
    },
    [gameId, end],
  );

  // Leaving the page in any other way still records how long was played.
  useEffect(() => {
    const onPageHide = () => void end(true);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      void end(true);
    };
  }, [end]);

  return { open, end, submit };
}
