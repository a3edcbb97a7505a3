import { apiFetch } from "./api";
import type { PlaySession } from "#contract/games";
import type { RoomView } from "#contract/protocol";
import type { RoundResult } from "#contract/scores";
import type { VisitorRound } from "#contract/visitor-rounds";
import type { RevealCardRequest, RevealedCard } from "#contract/card-faces";

/**
 * Every call the play screen makes to /api. They are client-side by design: a round is played in the browser, so its
 * session opens, its cards are turned and its score is sent while the page stays on screen, with no navigation.
 */

/** POST /api/gamestats: a player's round opens its play session, which deals its seed. */
export const openPlaySession = (session: {
  game_id: number;
  game_type: number;
  room_id?: string;
}) =>
  apiFetch<PlaySession>("/api/gamestats", { method: "POST", json: session });

/** PUT /api/gamestats/{id}: the play time, once; `keepalive` lets it outlive a closing tab. */
export const endPlaySession = (
  id: number,
  play_time: number,
  keepalive: boolean,
) =>
  apiFetch(`/api/gamestats/${id}`, {
    method: "PUT",
    json: { play_time },
    keepalive,
  });

/** POST /api/visitor-rounds: a visitor's round of our own games gets its seed and claim token. */
export const beginVisitorRound = (gameId: number) =>
  apiFetch<VisitorRound>("/api/visitor-rounds", {
    method: "POST",
    json: { game_id: gameId },
  });

/** PUT /api/visitor-rounds/{id}: a visitor's round ended; the server keeps its log for the account to come. */
export const finishVisitorRound = (
  round: VisitorRound,
  ended: { score: number; log: string; play_time: number },
) =>
  apiFetch(`/api/visitor-rounds/${round.id}`, {
    method: "PUT",
    json: { token: round.token, ...ended },
  });

/** POST …/reveal: the face of a card the game turned, dealt to a player's session or a visitor's round (ADR 014). */
export const revealSessionCard = (statsId: number, turned: RevealCardRequest) =>
  apiFetch<RevealedCard>(`/api/gamestats/${statsId}/reveal`, {
    method: "POST",
    json: turned,
  });
export const revealVisitorCard = (
  round: VisitorRound,
  turned: RevealCardRequest,
) =>
  apiFetch<RevealedCard>(`/api/visitor-rounds/${round.id}/reveal`, {
    method: "POST",
    json: { ...turned, token: round.token },
  });

/** POST /api/scores: a player's round, from the round outbox, which tries it again until the server answers. */
export const postScore = (json: unknown) =>
  apiFetch<RoundResult>("/api/scores", { method: "POST", json });

/** POST /api/user/play: the game goes on the player's Recently Played once it is ready. */
export const recordPlay = (game: number, type: number) =>
  apiFetch("/api/user/play", { method: "POST", json: { game, type } });

/** GET /api/multiplayer/room/{id}: after a reload, whether to rejoin the match or how it ended. */
export const readRoom = (roomId: string) =>
  apiFetch<RoomView>(`/api/multiplayer/room/${encodeURIComponent(roomId)}`);
