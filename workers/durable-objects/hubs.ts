/** Stubs of the Durable Objects by their names, so every caller addresses the same instance. */
export const hubOf = (env: Env, userId: number) => env.USER_HUB.get(env.USER_HUB.idFromName(`user:${userId}`));
export const lobbyOf = (env: Env, gameId: number) => env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(`lobby:${gameId}`));
export const roomOf = (env: Env, roomId: string) => env.MATCH_ROOM.get(env.MATCH_ROOM.idFromName(`room:${roomId}`));
export const conversationOf = (env: Env, a: number, b: number) =>
  env.CONVERSATION.get(env.CONVERSATION.idFromName(`chat:${Math.min(a, b)}-${Math.max(a, b)}`));
