import { DurableObject } from "cloudflare:workers";
import {
  MATCHMAKING_WAIT_MS,
  type JoinAnswer,
  type Participant,
} from "#contract/protocol";
import type { UserServerEvent } from "#contract/user-socket";
import { hubOf, roomOf } from "./hubs";

/**
 * SPEC.md §4 Matchmaking, one per game (`lobby:{gameId}`): the first player to join waits up to 10 s (an alarm); the
 * next one is paired with them in a fresh MatchRoom with one seed. Nobody in time: the waiting player is told, and
 * the browser asks for a bot that replays a real player's recorded run (GET /api/player-move/{gameId}).
 *
 * The joining player learns where they stand from the join answer only; the waiting player, who has no request open,
 * from events pushed through their UserHub (ADR 007).
 */

type Joiner = Omit<Participant, "room_id">;

interface Waiting {
  roomId: string;
  gameId: number;
  participant: Participant;
  expiresAt: number;
}

const WAITING_KEY = "waiting";

export class Lobby extends DurableObject<Env> {
  async join(gameId: number, joiner: Joiner): Promise<JoinAnswer> {
    const now = Date.now();
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);

    if (waiting && waiting.expiresAt > now) {
      if (waiting.participant.user_id === joiner.user_id) {
        // The same player again (a second tab, a reload): still the same wait.
        return {
          status: "waiting",
          roomId: waiting.roomId,
          gameId,
          participants: [waiting.participant],
          expiresAt: waiting.expiresAt,
        };
      }
      // A player who closed the tab while waiting has no socket left to hear of a match: not someone to pair with.
      if (await this.stillThere(waiting)) return this.pair(waiting, joiner);
    }

    if (waiting) await this.expire(waiting);
    const roomId = crypto.randomUUID();
    const participant = { ...joiner, room_id: roomId };
    const fresh: Waiting = {
      roomId,
      gameId,
      participant,
      expiresAt: now + MATCHMAKING_WAIT_MS,
    };
    await this.ctx.storage.put(WAITING_KEY, fresh);
    await this.ctx.storage.setAlarm(fresh.expiresAt);
    return {
      status: "waiting",
      roomId,
      gameId,
      participants: [participant],
      expiresAt: fresh.expiresAt,
    };
  }

  /** The waiting player still has a user socket open, the only way they can learn of a match. */
  private async stillThere(waiting: Waiting): Promise<boolean> {
    const sockets = await hubOf(this.env, waiting.participant.user_id)
      .connectionCount()
      .catch(() => 0);
    return sockets > 0;
  }

  /** The room is set up before anyone hears of it, so either player's room socket finds it. */
  private async pair(waiting: Waiting, joiner: Joiner): Promise<JoinAnswer> {
    const { roomId, gameId } = waiting;
    await this.ctx.storage.delete(WAITING_KEY);
    await this.ctx.storage.deleteAlarm();
    const participants = [waiting.participant, { ...joiner, room_id: roomId }];
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    await roomOf(this.env, roomId).start({
      roomId,
      gameId,
      seed,
      participants,
    });
    await this.pushTo(waiting.participant.user_id, {
      event: "user_joined",
      data: { roomId, gameId, participant: participants[1] },
    });
    await this.pushTo(waiting.participant.user_id, {
      event: "request_gameplay",
      data: { roomId, gameId, seed, participants },
    });
    return { status: "matched", roomId, gameId, participants, seed };
  }

  /** The player stops waiting (Quit on the waiting screen). */
  async leaveLobby(userId: number): Promise<void> {
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);
    if (waiting?.participant.user_id !== userId) return;
    await this.ctx.storage.delete(WAITING_KEY);
    await this.ctx.storage.deleteAlarm();
  }

  /** The only alarm a lobby sets: its waiting player has waited 10 s. */
  async alarm(): Promise<void> {
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);
    if (waiting) await this.expire(waiting);
  }

  /** For tests: the player waiting, if any. */
  async waitingPlayer(): Promise<Waiting | null> {
    return (await this.ctx.storage.get<Waiting>(WAITING_KEY)) ?? null;
  }

  private async expire(waiting: Waiting) {
    await this.ctx.storage.delete(WAITING_KEY);
    await this.pushTo(waiting.participant.user_id, {
      event: "room_timeout",
      data: { roomId: waiting.roomId, gameId: waiting.gameId },
    });
  }

  private async pushTo(userId: number, event: UserServerEvent) {
    await hubOf(this.env, userId).push(event);
  }
}
