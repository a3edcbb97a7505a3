import { DurableObject } from "cloudflare:workers";
import {
  END_NORMAL,
  END_OPPONENT_LEFT,
  MATCHMAKING_WAIT_MS,
  RECONNECT_GRACE_MS,
  type Participant,
  type ServerEvent,
} from "../../app/lib/protocol";
import { createDb } from "../db/client";
import { createMultiplayerService } from "../services/multiplayer";
import { hubOf, roomOf } from "./hubs";

/**
 * SPEC.md §4 Matchmaking, one class in two roles, each with its own instance and storage:
 *
 * - the lobby of a game (`lobby:{gameId}`) pairs players: the first waits up to 10 s (an alarm), the next one to
 *   join is matched with them in a fresh room and both are sent `request_gameplay` with one seed;
 * - a room (`room:{roomId}`) relays live scores between its two players, hears who left or finished, gives a dropped
 *   player 10 s (an alarm) to come back, and writes the match result to D1 once everybody is done.
 *
 * Events reach players through their UserHub; nothing here holds a socket.
 */

type Joiner = Omit<Participant, "room_id">;

interface Waiting {
  roomId: string;
  gameId: number;
  participant: Participant;
  expiresAt: number;
}

export type JoinAnswer =
  | { status: "waiting"; roomId: string; gameId: number; participants: Participant[]; expiresAt: number }
  | { status: "matched"; roomId: string; gameId: number; participants: Participant[]; seed: number };

interface RoomState {
  roomId: string;
  gameId: number;
  seed: number;
  participants: Participant[];
  /** Final scores: accepted by the server for a finished player, the last known for one who left. */
  finals: Record<number, number>;
  left: number[];
  /** When each dropped player's socket went away. */
  droppedAt: Record<number, number>;
  resultId: number | null;
}

export type RoomAnswer = { ok: true } | { ok: false; message: string };

const WAITING_KEY = "waiting";
const ROOM_KEY = "room";

export class MatchRoom extends DurableObject<Env> {
  private room: RoomState | null = null;
  /** Live scores stay in memory: a relay never waits for storage. */
  private live = new Map<number, number>();

  // ----- the lobby -----

  async join(gameId: number, joiner: Joiner): Promise<JoinAnswer> {
    const now = Date.now();
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);

    if (waiting && waiting.expiresAt > now) {
      if (waiting.participant.user_id === joiner.user_id) {
        // The same player again (a second tab, a reload): still the same wait.
        return { status: "waiting", roomId: waiting.roomId, gameId, participants: [waiting.participant], expiresAt: waiting.expiresAt };
      }
      await this.ctx.storage.delete(WAITING_KEY);
      await this.ctx.storage.deleteAlarm();
      const participants = [waiting.participant, { ...joiner, room_id: waiting.roomId }];
      const seed = crypto.getRandomValues(new Uint32Array(1))[0];
      const room = roomOf(this.env, waiting.roomId);
      await room.start({ roomId: waiting.roomId, gameId, seed, participants });
      await this.pushTo(waiting.participant.user_id, { event: "user_joined", data: { roomId: waiting.roomId, gameId, participant: participants[1] } });
      const request: ServerEvent = { event: "request_gameplay", data: { roomId: waiting.roomId, gameId, seed, participants } };
      await Promise.all(participants.map((participant) => this.pushTo(participant.user_id, request)));
      return { status: "matched", roomId: waiting.roomId, gameId, participants, seed };
    }

    if (waiting) await this.expire(waiting);
    const roomId = crypto.randomUUID();
    const participant = { ...joiner, room_id: roomId };
    const fresh: Waiting = { roomId, gameId, participant, expiresAt: now + MATCHMAKING_WAIT_MS };
    await this.ctx.storage.put(WAITING_KEY, fresh);
    await this.ctx.storage.setAlarm(fresh.expiresAt);
    await this.pushTo(joiner.user_id, { event: "waiting", data: { roomId, gameId, participant, expiresAt: fresh.expiresAt } });
    return { status: "waiting", roomId, gameId, participants: [participant], expiresAt: fresh.expiresAt };
  }

  /** The player stops waiting (Quit on the waiting screen). */
  async leaveLobby(userId: number): Promise<void> {
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);
    if (waiting?.participant.user_id !== userId) return;
    await this.ctx.storage.delete(WAITING_KEY);
    await this.ctx.storage.deleteAlarm();
  }

  private async expire(waiting: Waiting) {
    await this.ctx.storage.delete(WAITING_KEY);
    await this.pushTo(waiting.participant.user_id, { event: "room_timeout", data: { roomId: waiting.roomId, gameId: waiting.gameId } });
  }

  // ----- a room -----

  async start(init: { roomId: string; gameId: number; seed: number; participants: Participant[] }): Promise<void> {
    this.room = { ...init, finals: {}, left: [], droppedAt: {}, resultId: null };
    await this.ctx.storage.put(ROOM_KEY, this.room);
  }

  /** The sender's live score, to the other player. */
  async relay(userId: number, score: number): Promise<RoomAnswer> {
    const room = await this.loadRoom();
    const problem = this.membershipProblem(room, userId);
    if (problem || !room) return { ok: false, message: problem ?? "Unknown room" };
    this.live.set(userId, score);
    await this.pushToOthers(room, userId, { event: "game_data", data: { roomId: room.roomId, userId, score } });
    return { ok: true };
  }

  /** SPEC.md §4: the player exits; the other hears 'opponent left'. */
  async exit(userId: number, score: number): Promise<RoomAnswer> {
    const room = await this.loadRoom();
    const problem = this.membershipProblem(room, userId);
    if (problem || !room) return { ok: false, message: problem ?? "Unknown room" };
    if (room.left.includes(userId) || userId in room.finals) return { ok: true };
    room.left.push(userId);
    room.finals[userId] = score;
    delete room.droppedAt[userId];
    await this.save(room);
    await this.pushToOthers(room, userId, { event: "exit_game_room", data: { roomId: room.roomId, gameId: room.gameId, userId, score } });
    await this.finishIfDone(room);
    return { ok: true };
  }

  /** The player's round is over and scored: the score is the one the server accepted for their play session. */
  async end(userId: number, statsId: number): Promise<RoomAnswer> {
    const room = await this.loadRoom();
    const problem = this.membershipProblem(room, userId);
    if (problem || !room) return { ok: false, message: problem ?? "Unknown room" };
    if (userId in room.finals) {
      if (room.resultId !== null) await this.pushTo(userId, this.endEvent(room));
      return { ok: true };
    }
    const score = await createMultiplayerService(createDb(this.env.DB)).sessionScore(statsId, userId, room.gameId);
    if (score === null) return { ok: false, message: "Submit the round's score before ending the game" };
    room.finals[userId] = score;
    await this.save(room);
    await this.finishIfDone(room);
    return { ok: true };
  }

  /** The player's last socket closed: 10 s to come back before the room treats them as gone. */
  async dropped(userId: number): Promise<void> {
    const room = await this.loadRoom();
    if (!room || room.resultId !== null || this.membershipProblem(room, userId) || userId in room.finals) return;
    room.droppedAt[userId] = Date.now();
    await this.save(room);
    await this.scheduleGrace(room);
  }

  async returned(userId: number): Promise<void> {
    const room = await this.loadRoom();
    if (!room || !(userId in room.droppedAt)) return;
    delete room.droppedAt[userId];
    await this.save(room);
    await this.scheduleGrace(room);
  }

  /**
   * A Durable Object has one alarm, always set for the earliest deadline, so when it fires that deadline is due: the
   * lobby's waiting player has waited 10 s, or the room's earliest dropped player has been gone 10 s.
   */
  async alarm(): Promise<void> {
    const waiting = await this.ctx.storage.get<Waiting>(WAITING_KEY);
    if (waiting) {
      await this.expire(waiting);
      return;
    }
    const room = await this.loadRoom();
    const dropped = Object.entries(room?.droppedAt ?? {});
    if (!room || dropped.length === 0) return;
    const earliest = Math.min(...dropped.map(([, at]) => at));
    for (const [id, at] of dropped) {
      if (at === earliest) await this.exit(Number(id), this.live.get(Number(id)) ?? 0);
    }
    const current = await this.loadRoom();
    if (current && current.resultId === null) await this.scheduleGrace(current);
  }

  /** For tests and the summary: the room as stored. */
  async snapshot(): Promise<{ room: RoomState | null; waiting: Waiting | null }> {
    return { room: await this.loadRoom(), waiting: (await this.ctx.storage.get<Waiting>(WAITING_KEY)) ?? null };
  }

  private async scheduleGrace(room: RoomState) {
    const times = Object.values(room.droppedAt);
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times) + RECONNECT_GRACE_MS);
  }

  private async finishIfDone(room: RoomState) {
    if (room.resultId !== null) return;
    if (!room.participants.every((participant) => participant.user_id in room.finals)) return;
    const leftUserId = room.left[0] ?? null;
    room.resultId = await createMultiplayerService(createDb(this.env.DB)).saveRoomResult({
      roomId: room.roomId,
      gameId: room.gameId,
      players: room.participants.map((participant) => ({ userId: participant.user_id, score: room.finals[participant.user_id] })),
      status: leftUserId === null ? END_NORMAL : END_OPPONENT_LEFT,
      leftUserId,
    });
    room.droppedAt = {};
    await this.save(room);
    await this.ctx.storage.deleteAlarm();
    const event = this.endEvent(room);
    await Promise.all(room.participants.map((participant) => this.pushTo(participant.user_id, event)));
  }

  private endEvent(room: RoomState): ServerEvent {
    return {
      event: "end_game",
      data: { roomId: room.roomId, gameId: room.gameId, status: room.left.length ? END_OPPONENT_LEFT : END_NORMAL, resultId: room.resultId ?? 0 },
    };
  }

  private membershipProblem(room: RoomState | null, userId: number): string | null {
    if (!room) return "Unknown room";
    if (!room.participants.some((participant) => participant.user_id === userId)) return "You are not in this room";
    return null;
  }

  private async loadRoom(): Promise<RoomState | null> {
    this.room ??= (await this.ctx.storage.get<RoomState>(ROOM_KEY)) ?? null;
    return this.room;
  }

  private async save(room: RoomState) {
    this.room = room;
    await this.ctx.storage.put(ROOM_KEY, room);
  }

  private pushToOthers(room: RoomState, userId: number, event: ServerEvent) {
    return Promise.all(room.participants.filter((participant) => participant.user_id !== userId).map((participant) => this.pushTo(participant.user_id, event)));
  }

  private async pushTo(userId: number, event: ServerEvent) {
    await hubOf(this.env, userId).push(event);
  }
}
