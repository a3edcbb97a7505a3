import type { JoinAnswer, Participant } from "#contract/protocol";

/**
 * Where a game's joins go (ADR 025). A game has one lobby, `lobby:{gameId}` (shard 0, the root), until the root counts
 * more joins than one shard should take; then it widens the game to a few shards, `lobby:{gameId}:{n}`, and says so
 * in its join answers. Each isolate keeps that width for LAYOUT_TTL_MS; once it has gone stale, the next join goes to
 * the root again, which answers it and says how wide the game is now. A quiet game is therefore exactly one lobby:
 * every join reaches the root, and nothing else is ever addressed.
 */

export type Joiner = Omit<Participant, "room_id">;

/** How long an isolate trusts the width the root last gave it. */
const LAYOUT_TTL_MS = 2_000;

const layouts = new Map<number, { width: number; until: number }>();

/** The stub of one shard of a game's lobby; shard 0 keeps the name a game's only lobby always had. */
export const lobbyShard = (env: Env, gameId: number, shard: number) =>
  env.LOBBY.get(
    env.LOBBY.idFromName(
      shard === 0 ? `lobby:${gameId}` : `lobby:${gameId}:${shard}`,
    ),
  );

/** A player's shard for a width: the same player lands on the same shard while the width holds (a second tab too). */
export function shardOf(userId: number, width: number): number {
  if (width <= 1) return 0;
  return (Math.imul(userId, 0x9e3779b1) >>> 0) % width;
}

/** The width this isolate knows for a game, or 1 when it knows none, which sends the join to the root. */
function knownWidth(gameId: number, now: number): number {
  const known = layouts.get(gameId);
  return known && known.until > now ? known.width : 1;
}

/** SPEC.md §4: joins the game's matchmaking on the player's shard; only the root's answers carry the game's width. */
export async function joinLobby(
  env: Env,
  gameId: number,
  joiner: Joiner,
): Promise<JoinAnswer> {
  const shard = shardOf(joiner.user_id, knownWidth(gameId, Date.now()));
  const { answer, width } = await lobbyShard(env, gameId, shard).join(
    gameId,
    joiner,
    shard,
  );
  if (width !== null)
    layouts.set(gameId, { width, until: Date.now() + LAYOUT_TTL_MS });
  return answer;
}

/**
 * Quit on the waiting screen: the root first, which says how many shards the game has (it narrows only 30 s after it
 * was last that busy, long after any wait on a shard it stops using was handed over), then those shards, then the
 * root again for a wait handed over meanwhile. Leaving is rare; a lobby without this player's wait answers at once.
 */
export async function leaveLobby(
  env: Env,
  gameId: number,
  userId: number,
): Promise<void> {
  const root = lobbyShard(env, gameId, 0);
  const width = await root.leaveLobby(userId);
  if (width <= 1) return;
  await Promise.all(
    Array.from({ length: width - 1 }, (_, index) =>
      lobbyShard(env, gameId, index + 1).leaveLobby(userId),
    ),
  );
  await root.leaveLobby(userId);
}

/** For tests: forget the widths this isolate knows. */
export const forgetLayouts = () => layouts.clear();
