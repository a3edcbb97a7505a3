import { DurableObject } from "cloudflare:workers";
import {
  assertNever,
  END_NORMAL,
  END_OPPONENT_LEFT,
  PING_FRAME,
  PONG_FRAME,
  RECONNECT_GRACE_MS,
  type Participant,
  type RoomView,
} from "#contract/protocol";
import type { RoomClientEvent, RoomServerEvent } from "#contract/room-socket";
import { createServices, type Services } from "../context";
import {
  answerClientFrame,
  closeBack,
  parseRoomFrame,
  sendEvent,
  type EventAnswer,
} from "./client-frames";
import {
  closeForSignOut,
  sessionTag,
  trustedSessionKey,
  trustedUserId,
} from "./hubs";
import { SocketLiveness } from "./liveness";

/**
 * SPEC.md §4, one per match (`room:{roomId}`), set up by the game's Lobby when it pairs two players: holds its
 * players' room sockets (`/ws/room/{roomId}`, hibernating), relays each live score straight to the other player's
 * room socket, hears who left or finished, gives a player whose room socket dropped (or never opened) 10 s (an alarm)
 * to come back, and writes the match result to D1 once everybody is done. It reaches players only through its own
 * sockets (ADR 003, 007).
 */

interface RoomState {
  roomId: string;
  gameId: number;
  seed: number;
  participants: Participant[];
  /** Final scores: accepted by the server for a finished player, the last known for one who left. */
  finals: Record<number, number>;
  left: number[];
  /** When each dropped player's room socket went away (or, for one who never opened it, when the room started). */
  droppedAt: Record<number, number>;
  resultId: number | null;
}

interface RoomSocketAttachment {
  userId: number;
  /** When the socket opened: the last the room heard of it until something arrives. */
  openedAt: number;
}

/*
 * A phone that loses its signal usually leaves its socket open, so a close never comes: silence is the only sign. The
 * browser pings every ROOM_PING_INTERVAL_MS (answered by the runtime, which notes the time); a player none of whose
 * sockets has said anything for RECONNECT_GRACE_MS is gone, as if the socket had closed and the grace run out. The
 * room's alarm is set for the moment the quietest player would reach that, and looks again then.
 */

const ROOM_KEY = "room";
const OK: EventAnswer = { ok: true };
/** Each room socket is tagged with its player, so a relay finds the opponent's sockets without a scan. */
const playerTag = (userId: number) => `user:${userId}`;

export class MatchRoom extends DurableObject<Env> {
  /** The room, read once when the object starts (before any event reaches it) and kept: a relay never reads storage. */
  private room: RoomState | null = null;
  /** Live scores stay in memory: a relay never waits for storage. */
  private live = new Map<number, number>();
  /** Each socket's player, so a relay does not deserialize the attachment per message (lost, and rebuilt, on hibernation). */
  private socketPlayers = new WeakMap<WebSocket, number>();
  /** When each socket was last heard from: a frame, or a ping the runtime answered. */
  private readonly liveness = new SocketLiveness(
    this.ctx,
    (ws) => (ws.deserializeAttachment() as RoomSocketAttachment).openedAt,
  );
  /**
   * Player → their open room sockets, so a relay does not ask the runtime for them per message. Filled on first use
   * (after a wake-up too) and forgotten for a player whenever one of their sockets opens or goes.
   */
  private sockets = new Map<number, WebSocket[]>();
  /** The services the room records matches through, built as every request's are (workers/context.ts). */
  private readonly services: Services;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.services = createServices(env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME),
    );
    // A room woken by a message has its state before the message is handled, so the relay itself never awaits.
    void ctx.blockConcurrencyWhile(async () => {
      await this.loadRoom();
    });
  }

  /** Set up by the lobby when it pairs two players; neither has a room socket yet, so both get the grace to open one. */
  async start(init: {
    roomId: string;
    gameId: number;
    seed: number;
    participants: Participant[];
  }): Promise<void> {
    const now = Date.now();
    const droppedAt = Object.fromEntries(
      init.participants.map((participant) => [participant.user_id, now]),
    );
    this.room = { ...init, finals: {}, left: [], droppedAt, resultId: null };
    await this.ctx.storage.put(ROOM_KEY, this.room);
    await this.scheduleAlarm(this.room);
  }

  /** The match's seed for one of its players while it is on (their play session gets it), else null. */
  async seedFor(userId: number, gameId: number): Promise<number | null> {
    const room = await this.loadRoom();
    if (!room || room.gameId !== gameId || room.resultId !== null) return null;
    if (this.membershipProblem(room, userId) || userId in room.finals)
      return null;
    return room.seed;
  }

  /** The match as one of its players may see it (to rejoin after a reload); null for anyone else or no room. */
  async viewFor(userId: number): Promise<RoomView | null> {
    const room = await this.loadRoom();
    if (!room || this.membershipProblem(room, userId)) return null;
    return {
      roomId: room.roomId,
      gameId: room.gameId,
      seed: room.seed,
      participants: room.participants,
      left: room.left.includes(userId),
      finished: userId in room.finals && !room.left.includes(userId),
      score: room.finals[userId] ?? null,
      resultId: room.resultId,
    };
  }

  /** A room socket upgrade the Worker authenticated (USER_ID_HEADER): accepted only for this room's players. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = trustedUserId(request);
    const sessionKey = trustedSessionKey(request);
    if (userId === null || sessionKey === null)
      return new Response("Unknown user", { status: 400 });
    const room = await this.loadRoom();
    const problem = this.membershipProblem(room, userId);
    if (problem || !room) {
      const [status, code] = room ? [403, "forbidden"] : [404, "not_found"];
      return Response.json(
        { error: { code, message: problem ?? "Unknown room" } },
        { status },
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [
      playerTag(userId),
      sessionTag(sessionKey),
    ]);
    const openedAt = Date.now();
    server.serializeAttachment({
      userId,
      openedAt,
    } satisfies RoomSocketAttachment);
    this.socketPlayers.set(server, userId);
    this.liveness.heard(server, openedAt);
    this.sockets.delete(userId);
    sendEvent(server, {
      event: "connected",
      data: { userId, connections: this.socketsOf(userId).length },
    });
    this.catchUp(server, room, userId);
    if (userId in room.droppedAt) await this.returned(userId);
    else await this.scheduleAlarm(room);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(
    ws: WebSocket,
    message: string | ArrayBuffer,
  ): Promise<void> {
    this.liveness.heard(ws);
    const parsed = parseRoomFrame(message);
    // The hot path, a live score in a room in memory: handled at once, with no promise and no await.
    if (parsed.ok && parsed.event.event === "game_data" && this.room) {
      this.relay(this.room, this.playerOf(ws), parsed.event.data.score);
      if (parsed.event.id)
        sendEvent(ws, { event: "ack", data: { id: parsed.event.id } });
      return;
    }
    await answerClientFrame(ws, parsed, (event) =>
      this.handle(this.playerOf(ws), event),
    );
  }

  /**
   * A live score, to the opponent's room sockets: memory and sockets only, no storage and no other object. A player
   * the room already counts as gone is not playing this match any more: nothing of theirs reaches the opponent.
   */
  private relay(room: RoomState, userId: number, score: number) {
    if (room.left.includes(userId)) return;
    this.live.set(userId, score);
    // Both numbers are integers (the frame's schema), so the frame needs no general serializer.
    const frame = `{"event":"game_data","data":{"userId":${userId},"score":${score}}}`;
    for (const participant of room.participants) {
      if (participant.user_id === userId) continue;
      for (const ws of this.socketsOf(participant.user_id))
        this.sendFrame(ws, frame);
    }
  }

  private async handle(
    userId: number,
    event: RoomClientEvent,
  ): Promise<EventAnswer> {
    switch (event.event) {
      case "ping":
        return OK;
      case "game_data": {
        // Only before the room is known (webSocketMessage relays at once otherwise).
        const room = await this.loadRoom();
        if (!room) return { ok: false, message: "Unknown room" };
        this.relay(room, userId, event.data.score);
        return OK;
      }
      case "exit_game_room":
        return this.exit(userId);
      case "end_game":
        return this.end(userId, event.data.statsId);
      default:
        return assertNever(event);
    }
  }

  /** Log-out: the player's sockets of that session close, and the room treats it as the player dropping. */
  async endSession(sessionKey: string): Promise<void> {
    for (const ws of this.ctx.getWebSockets(sessionTag(sessionKey))) {
      closeForSignOut(ws);
      await this.afterSocketGone(ws);
    }
  }

  async webSocketClose(
    ws: WebSocket,
    code: number,
    reason: string,
  ): Promise<void> {
    closeBack(ws, code, reason);
    await this.afterSocketGone(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.afterSocketGone(ws);
  }

  /** A player's last room socket went away: that is the player dropping. */
  private async afterSocketGone(gone: WebSocket) {
    const userId = this.playerOf(gone);
    this.sockets.delete(userId);
    if (this.socketsOf(userId).some((ws) => ws !== gone)) return;
    await this.dropped(userId);
  }

  /** What a (re)connecting player missed while their room socket was away: the opponent's score, exit, and the end. */
  private catchUp(ws: WebSocket, room: RoomState, userId: number) {
    for (const { user_id: other } of room.participants) {
      if (other === userId) {
        // Back after the grace: the match went on without them, and they are told so.
        if (room.left.includes(other))
          sendEvent(ws, {
            event: "exit_game_room",
            data: { userId: other, score: room.finals[other] ?? 0 },
          });
        continue;
      }
      const score = this.live.get(other);
      if (score !== undefined)
        sendEvent(ws, { event: "game_data", data: { userId: other, score } });
      if (room.left.includes(other)) {
        sendEvent(ws, {
          event: "exit_game_room",
          data: { userId: other, score: room.finals[other] ?? 0 },
        });
      }
    }
    if (room.resultId !== null) sendEvent(ws, this.endEvent(room));
  }

  /**
   * SPEC.md §4: the player exits; the other hears 'opponent left'. What the leaver scored is what the server accepted
   * for their session of this match (the round they submitted on the way out), or 0: the socket's word is not taken.
   */
  private async exit(userId: number): Promise<EventAnswer> {
    // Only the room's players have room sockets, and the alarm only names players: no membership check here.
    const room = await this.loadRoom();
    if (!room) return { ok: false, message: "Unknown room" };
    if (room.left.includes(userId) || userId in room.finals) return OK;
    const score =
      (await this.services.multiplayer.roomScore(
        room.roomId,
        userId,
        room.gameId,
      )) ?? 0;
    room.left.push(userId);
    room.finals[userId] = score;
    delete room.droppedAt[userId];
    await this.save(room);
    // Everybody hears it, the leaver too: one whose link came back after the grace learns the match went on without them.
    const event: RoomServerEvent = {
      event: "exit_game_room",
      data: { userId, score },
    };
    for (const participant of room.participants)
      this.sendTo(participant.user_id, event);
    await this.finishIfDone(room);
    return OK;
  }

  /** The player's round is over and scored: the score is the one the server accepted for their play session. */
  private async end(userId: number, statsId: number): Promise<EventAnswer> {
    const room = await this.loadRoom();
    if (!room) return { ok: false, message: "Unknown room" };
    if (userId in room.finals) {
      if (room.resultId !== null) this.sendTo(userId, this.endEvent(room));
      return OK;
    }
    const score = await this.services.multiplayer.sessionScore(
      statsId,
      userId,
      room.gameId,
      room.roomId,
    );
    if (score === null)
      return {
        ok: false,
        message: "Submit the round's score before ending the game",
      };
    room.finals[userId] = score;
    await this.save(room);
    await this.finishIfDone(room);
    return OK;
  }

  /** The player's last room socket closed: 10 s to come back before the room treats them as gone. */
  private async dropped(userId: number): Promise<void> {
    const room = await this.loadRoom();
    if (
      !room ||
      room.resultId !== null ||
      this.membershipProblem(room, userId) ||
      userId in room.finals
    )
      return;
    room.droppedAt[userId] = Date.now();
    await this.save(room);
    await this.scheduleAlarm(room);
  }

  private async returned(userId: number): Promise<void> {
    const room = await this.loadRoom();
    if (!room || !(userId in room.droppedAt)) return;
    delete room.droppedAt[userId];
    await this.save(room);
    await this.scheduleAlarm(room);
  }

  /**
   * The room's one alarm, while the match is on: a dropped player whose 10 s are up is gone, and so is a player none
   * of whose sockets has been heard from for 10 s.
   */
  async alarm(): Promise<void> {
    const room = await this.loadRoom();
    if (!room || room.resultId !== null) return;
    const now = Date.now();
    for (const [id, at] of Object.entries(room.droppedAt))
      if (at + RECONNECT_GRACE_MS <= now) await this.exit(Number(id));
    for (const userId of this.silentPlayers(room, now)) await this.exit(userId);
    const current = await this.loadRoom();
    if (current && current.resultId === null) await this.scheduleAlarm(current);
  }

  /** Players still playing with sockets open, none of which has been heard from for the grace. */
  private silentPlayers(room: RoomState, now: number): number[] {
    return this.playersWithSockets(room).filter(
      (userId) => now - this.lastHeardFrom(userId) >= RECONNECT_GRACE_MS,
    );
  }

  /** Players still in the match (no final score, not dropped) with a room socket open. */
  private playersWithSockets(room: RoomState): number[] {
    return room.participants
      .map((participant) => participant.user_id)
      .filter(
        (userId) =>
          !(userId in room.finals) &&
          !(userId in room.droppedAt) &&
          this.socketsOf(userId).length > 0,
      );
  }

  private lastHeardFrom(userId: number): number {
    return Math.max(
      ...this.socketsOf(userId).map((ws) => this.liveness.lastHeard(ws)),
    );
  }

  /**
   * For tests: as if `ms` had passed since each dropped player dropped ("drops"), or since each socket was last heard
   * from ("sockets").
   */
  async age(ms: number, what: "drops" | "sockets"): Promise<void> {
    if (what === "sockets") {
      this.liveness.age(ms);
      return;
    }
    const room = await this.loadRoom();
    if (!room) return;
    for (const id of Object.keys(room.droppedAt))
      room.droppedAt[Number(id)] -= ms;
    await this.save(room);
  }

  /** For tests: the room as stored. */
  async snapshot(): Promise<RoomState | null> {
    return this.loadRoom();
  }

  /**
   * The next alarm: when the earliest dropped player's grace ends, or when the quietest player would have been silent
   * for the grace, whichever comes first; none once the match is decided. Coming at least every 10 s, it also keeps a
   * live room in memory (the runtime evicts an object idle for about as long): a room woken by its first live score
   * held up every message behind it (ADR 024).
   */
  private async scheduleAlarm(room: RoomState) {
    if (room.resultId !== null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const graceEnds = Object.values(room.droppedAt).map(
      (at) => at + RECONNECT_GRACE_MS,
    );
    const silenceEnds = this.playersWithSockets(room).map(
      (userId) => this.lastHeardFrom(userId) + RECONNECT_GRACE_MS,
    );
    const times = [...graceEnds, ...silenceEnds];
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }

  private async finishIfDone(room: RoomState) {
    if (room.resultId !== null) return;
    if (
      !room.participants.every(
        (participant) => participant.user_id in room.finals,
      )
    )
      return;
    const leftUserId = room.left[0] ?? null;
    room.resultId = await this.services.multiplayer.saveRoomResult({
      roomId: room.roomId,
      gameId: room.gameId,
      players: room.participants.map((participant) => ({
        userId: participant.user_id,
        score: room.finals[participant.user_id],
      })),
      status: leftUserId === null ? END_NORMAL : END_OPPONENT_LEFT,
      leftUserId,
    });
    room.droppedAt = {};
    await this.save(room);
    await this.ctx.storage.deleteAlarm();
    const event = this.endEvent(room);
    for (const participant of room.participants)
      this.sendTo(participant.user_id, event);
  }

  private endEvent(room: RoomState): RoomServerEvent {
    return {
      event: "end_game",
      data: {
        status: room.left.length ? END_OPPONENT_LEFT : END_NORMAL,
        resultId: room.resultId ?? 0,
      },
    };
  }

  private membershipProblem(
    room: RoomState | null,
    userId: number,
  ): string | null {
    if (!room) return "Unknown room";
    if (
      !room.participants.some((participant) => participant.user_id === userId)
    )
      return "You are not in this room";
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

  private playerOf(ws: WebSocket): number {
    let userId = this.socketPlayers.get(ws);
    if (userId === undefined) {
      userId = (ws.deserializeAttachment() as RoomSocketAttachment).userId;
      this.socketPlayers.set(ws, userId);
    }
    return userId;
  }

  private socketsOf(userId: number): WebSocket[] {
    let sockets = this.sockets.get(userId);
    if (!sockets) {
      sockets = this.ctx
        .getWebSockets(playerTag(userId))
        .filter((ws) => ws.readyState === WebSocket.OPEN);
      this.sockets.set(userId, sockets);
    }
    return sockets;
  }

  /** To every open room socket of the player; a player without one catches up when it reconnects. */
  private sendTo(userId: number, event: RoomServerEvent) {
    const frame = JSON.stringify(event);
    for (const ws of this.socketsOf(userId)) this.sendFrame(ws, frame);
  }

  private sendFrame(ws: WebSocket, frame: string) {
    try {
      ws.send(frame);
    } catch {
      // The socket is closing; its close handler counts the drop.
    }
  }
}
