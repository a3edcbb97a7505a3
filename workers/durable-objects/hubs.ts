import { chatIdOf } from "#contract/chat";
import { SIGNED_OUT_CLOSE_CODE } from "#contract/protocol";

/** Referees per game (ADR 015). */
const REFEREE_SHARDS = 8;
/** Card painters (ADR 017): cards are drawn once per share, so a few serve everyone. */
const CARD_PAINTER_SHARDS = 4;

/** Stubs of the Durable Objects by their names, so every caller addresses the same instance. */
export const hubOf = (env: Env, userId: number) =>
  env.USER_HUB.get(env.USER_HUB.idFromName(`user:${userId}`));
export const roomOf = (env: Env, roomId: string) =>
  env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(`room:${roomId}`));
/** The object that deals Memory Match's faces to one session, `session:{id}` or `visitor:{id}` (ADR 014). */
export const cardDealerOf = (env: Env, name: string) =>
  env.CARD_DEALER.get(env.CARD_DEALER.idFromName(name));
/** One of a few interchangeable referees for the game: rounds spread over them, so none becomes a queue. */
export const refereeOf = (env: Env, slug: string) =>
  env.REFEREE.get(
    env.REFEREE.idFromName(
      `referee:${slug}:${Math.floor(Math.random() * REFEREE_SHARDS)}`,
    ),
  );
/** One of a few interchangeable card painters. */
export const cardPainterOf = (env: Env) =>
  env.CARD_PAINTER.get(
    env.CARD_PAINTER.idFromName(
      `card-painter:${Math.floor(Math.random() * CARD_PAINTER_SHARDS)}`,
    ),
  );
export const conversationOf = (env: Env, a: number, b: number) =>
  env.CONVERSATION.get(env.CONVERSATION.idFromName(`chat:${chatIdOf(a, b)}`));

/**
 * Header the Worker sets after authenticating a socket upgrade; the UserHub and the MatchRoom trust it and are only
 * reachable through the Worker, which always builds a fresh header set, so a client can never supply it.
 */
const USER_ID_HEADER = "X-Playfeed-User";

/** Names the session a socket was opened with (a digest of its token, never the token), so log-out can close it. */
const SESSION_KEY_HEADER = "X-Playfeed-Session";

/** An upgrade request for a Durable Object that carries only the authenticated user and their session's key. */
export const trustedUpgrade = (
  url: string,
  userId: number,
  sessionKey: string,
) =>
  new Request(url, {
    headers: {
      Upgrade: "websocket",
      [USER_ID_HEADER]: String(userId),
      [SESSION_KEY_HEADER]: sessionKey,
    },
  });

/** The WebSocket tag of every socket opened with one session: log-out finds them all with one lookup. */
export const sessionTag = (sessionKey: string) => `session:${sessionKey}`;

/** The session key the Worker put on an upgrade, or null. */
export function trustedSessionKey(request: Request): string | null {
  const key = request.headers.get(SESSION_KEY_HEADER);
  return key && /^[0-9a-f]{32}$/.test(key) ? key : null;
}

/** Closes a socket because its session ended; the client's reconnect then finds no session and stops there. */
export function closeForSignOut(ws: WebSocket): void {
  try {
    ws.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
  } catch {
    // Already closed.
  }
}

/** The user id the Worker put on an upgrade, or null when it is missing or not an id. */
export function trustedUserId(request: Request): number | null {
  const userId = Number(request.headers.get(USER_ID_HEADER));
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}
