import {
  REVEAL_MESSAGES,
  RevealCardSchema,
  type RevealedCard,
} from "#contract/card-faces";
import { registry } from "../../games/registry";
import type { Turn } from "../../games/shared/dealer";
import type { Db } from "../db/client";

import { ApiError } from "./errors";
import { parseInput } from "./parse";
import {
  SESSION_GRACE_SECONDS,
  gameLimitsOf,
  ownSessionOf,
} from "./round-rules";
import type { RateLimiter } from "./rate-limits";
import type { HiddenDeal } from "./replay";

/** What a CardDealer object answers a turn (workers/durable-objects/CardDealer.ts). */
export type TurnAnswer =
  { ok: true; face: number } | { ok: false; message: string };

/** The CardDealer objects: one per session (`session:{id}`, `visitor:{id}`). */
export interface CardDealers {
  turn(
    name: string,
    hiddenSeed: number,
    turn: number,
    level: number,
    card: number,
  ): Promise<TurnAnswer>;
  turns(name: string): Promise<Turn[]>;
}

/** True for the games whose rules hide information the server deals (ADR 014, "Hidden information"). */
export const hidesInformation = (slug: string) =>
  Object.hasOwn(registry, slug) && registry[slug].dealer !== undefined;

/** What a round of a session is replayed with when its game hides information; undefined otherwise. */
export async function hiddenDealOf(
  dealers: CardDealers,
  slug: string,
  name: string,
  hiddenSeed: number | null,
): Promise<HiddenDeal | undefined> {
  if (!hidesInformation(slug) || hiddenSeed === null) return undefined;
  return { seed: hiddenSeed, turns: await dealers.turns(name) };
}

const refusedTurn = (message: string) =>
  new ApiError(409, "turn_refused", message);

/** One turn for the named dealer, or the 409 that says why the card may not be turned. */
export async function playCard(
  dealers: CardDealers,
  name: string,
  hiddenSeed: number,
  body: unknown,
): Promise<RevealedCard> {
  const { turn, level, card } = parseInput(RevealCardSchema, body);
  const answer = await dealers.turn(name, hiddenSeed, turn, level, card);
  if (!answer.ok) throw refusedTurn(answer.message);
  return { face: answer.face };
}

/**
 * POST /api/gamestats/{id}/reveal: the face of a card the signed-in player turned in their open session of a game
 * that hides its faces. Only the session's player, only while it is open and within the game's time, and only a card
 * the rules allow to be turned now; every face revealed is recorded, in order, for the replay.
 */
export function createCardFaceService(
  db: Db,
  dealers: CardDealers,
  limits: RateLimiter,
) {
  return {
    async reveal(
      userId: number,
      statsId: number,
      body: unknown,
      now = Date.now(),
    ): Promise<RevealedCard> {
      await limits.hit("revealPerUser", userId);
      const session = await ownSessionOf(db, userId, statsId);
      const game = await gameLimitsOf(db, session.gameId);
      if (!hidesInformation(game.slug) || session.hiddenSeed === null)
        throw new ApiError(422, "not_hidden", REVEAL_MESSAGES.notHidden);
      const elapsedMs = now - session.createdAt.getTime();
      if (
        session.scoredAt ||
        session.endedAt ||
        elapsedMs > (game.maximumGameTime + SESSION_GRACE_SECONDS) * 1000
      )
        throw refusedTurn(REVEAL_MESSAGES.closed);
      return playCard(
        dealers,
        `session:${session.id}`,
        session.hiddenSeed,
        body,
      );
    },
  };
}
