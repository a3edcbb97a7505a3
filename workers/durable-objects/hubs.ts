/** Stubs of the Durable Objects by their names, so every caller addresses the same instance. */
export const hubOf = (env: Env, userId: number) => env.USER_HUB.get(env.USER_HUB.idFromName(`user:${userId}`));
export const lobbyOf = (env: Env, gameId: number) => env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(`lobby:${gameId}`));
export const roomOf = (env: Env, roomId: string) => env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(`room:${roomId}`));
export const conversationOf = (env: Env, a: number, b: number) =>
  env.CONVERSATION.get(env.CONVERSATION.idFromName(`chat:${Math.min(a, b)}-${Math.max(a, b)}`));

/**
 * Header the Worker sets after authenticating a socket upgrade; the UserHub and the MatchRoom trust it and are only
 * reachable through the Worker, which always builds a fresh header set, so a client can never supply it.
 */
export const USER_ID_HEADER = "X-Playfeed-User";

/** An upgrade request for a Durable Object that carries only the authenticated user. */
export const trustedUpgrade = (url: string, userId: number) => new Request(url, { headers: { Upgrade: "websocket", [USER_ID_HEADER]: String(userId) } });

/** The user id the Worker put on an upgrade, or null when it is missing or not an id. */
export function trustedUserId(request: Request): number | null {
  const userId = Number(request.headers.get(USER_ID_HEADER));
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}
