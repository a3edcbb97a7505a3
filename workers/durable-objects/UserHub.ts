import { DurableObject } from "cloudflare:workers";
import {
  assertNever,
  PING_FRAME,
  PONG_FRAME,
  type ClientEvent,
  type ServerEvent,
} from "#contract/protocol";
import { createDb } from "../db/client";
import { createMultiplayerService } from "../services/multiplayer";
import {
  chatRefusal,
  createSocialService,
  type ChatCheck,
} from "../services/social";
import {
  closeForSignOut,
  conversationOf,
  hubOf,
  roomOf,
  sessionTag,
  trustedSessionKey,
  trustedUserId,
} from "./hubs";
import {
  CHAT_MESSAGE_LIMIT,
  TYPING_NOTE_LIMIT,
  WindowLimit,
  tooFastMessage,
} from "./frame-limits";
import {
  answerClientFrame,
  closeBack,
  sendEvent,
  type EventAnswer,
} from "./client-frames";

interface SocketAttachment {
  userId: number;
  connectedAt: number;
}

const USER_KEY = "userId";
/** Friends with messages waiting for this user while they were offline. */
const PENDING_KEY = "pendingChats";
/** Room id → when this user last opened a room socket there: a log-out closes those sockets too. */
const ROOMS_KEY = "rooms";
/** A match is long over after this; older rooms are forgotten. */
const ROOM_MEMORY_MS = 60 * 60 * 1000;
/**
 * How long a hub trusts what it read about a chat partner (the sender's own name, whether the partner exists, blocks
 * either way). A block, an unblock or a change of name tells the hubs to forget at once (`forgetChatPeers`).
 */
const CHAT_CHECK_TTL_MS = 60_000;

/**
 * One per user: holds that user's sockets (one per browser tab) and sleeps while they are idle. It carries the lobby's
 * events (waiting, pairing, timeout), chat and notifications to every tab, and tells followers when the user comes
 * online or goes offline. A match's own events (game_data, exit_game_room, end_game) do not pass through here: they go
 * on the room socket, straight to the MatchRoom (ADR 003).
 */
export class UserHub extends DurableObject<Env> {
  /**
   * Chat partner → the last D1 read about them, so a conversation costs one read a minute, not one a message. The
   * promise is kept, not its value: messages sent while the read is on its way wait for that same read, and so
   * go on to the Conversation in the order they came.
   */
  private chatChecks = new Map<
    number,
    { check: Promise<ChatCheck>; readAt: number }
  >();
  private readonly messageLimit = new WindowLimit(
    CHAT_MESSAGE_LIMIT.limit,
    CHAT_MESSAGE_LIMIT.windowMs,
  );
  private readonly typingLimit = new WindowLimit(
    TYPING_NOTE_LIMIT.limit,
    TYPING_NOTE_LIMIT.windowMs,
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME),
    );
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = trustedUserId(request);
    const sessionKey = trustedSessionKey(request);
    if (userId === null || sessionKey === null)
      return new Response("Unknown user", { status: 400 });

    const wasOnline = this.openSockets().length > 0;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [sessionTag(sessionKey)]);
    server.serializeAttachment({
      userId,
      connectedAt: Date.now(),
    } satisfies SocketAttachment);
    // Written once: a hub only ever belongs to one user, so later connections need no storage write.
    if ((await this.ctx.storage.get<number>(USER_KEY)) !== userId)
      await this.ctx.storage.put(USER_KEY, userId);
    sendEvent(server, {
      event: "connected",
      data: { userId, connections: this.openSockets().length },
    });
    if (!wasOnline) this.ctx.waitUntil(this.cameOnline(userId));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The user opened a room socket: remembered so that log-out can reach it. */
  async noteRoom(roomId: string): Promise<void> {
    const now = Date.now();
    const rooms =
      (await this.ctx.storage.get<Record<string, number>>(ROOMS_KEY)) ?? {};
    for (const [id, at] of Object.entries(rooms))
      if (now - at > ROOM_MEMORY_MS) delete rooms[id];
    rooms[roomId] = now;
    await this.ctx.storage.put(ROOMS_KEY, rooms);
  }

  /** Log-out: every socket opened with that session closes now, here and in the user's recent rooms. */
  async endSession(sessionKey: string): Promise<void> {
    const sockets = this.ctx.getWebSockets(sessionTag(sessionKey));
    for (const ws of sockets) closeForSignOut(ws);
    const rooms = Object.keys(
      (await this.ctx.storage.get<Record<string, number>>(ROOMS_KEY)) ?? {},
    );
    await Promise.all(
      rooms.map((roomId) =>
        roomOf(this.env, roomId)
          .endSession(sessionKey)
          .catch(() => undefined),
      ),
    );
    if (sockets.length > 0) await this.afterSocketGone(sockets[0]);
  }

  /** Number of open sockets: more than zero means the user is online. */
  connectionCount(): number {
    return this.openSockets().length;
  }

  /** An event for this user from a lobby, a friend or a service: to every open tab. */
  push(event: ServerEvent): number {
    const sockets = this.openSockets();
    const frame = JSON.stringify(event);
    for (const ws of sockets) ws.send(frame);
    return sockets.length;
  }

  async webSocketMessage(
    ws: WebSocket,
    message: string | ArrayBuffer,
  ): Promise<void> {
    await answerClientFrame(ws, message, (event) =>
      this.handle(
        (ws.deserializeAttachment() as SocketAttachment).userId,
        event,
      ),
    );
  }

  private async handle(
    userId: number,
    event: ClientEvent,
  ): Promise<EventAnswer> {
    switch (event.event) {
      case "ping":
        return { ok: true };
      case "game_data":
      case "exit_game_room":
      case "end_game":
        return {
          ok: false,
          message: "Match events go on the room socket (/ws/room/{roomId})",
        };
      case "new_message": {
        const { to, content, msg_id } = event.data;
        if (to === userId)
          return { ok: false, message: "You cannot message yourself" };
        if (!content.trim())
          return { ok: false, message: "Empty messages are not sent" };
        const allowed = this.messageLimit.take();
        if (!allowed.ok)
          return { ok: false, message: tooFastMessage(allowed.retryAfterMs) };
        const check = await this.chatCheck(userId, to);
        const refusal = chatRefusal(check);
        if (refusal) return { ok: false, message: refusal.message };
        const sent = await conversationOf(this.env, userId, to).send({
          senderId: userId,
          recipientId: to,
          senderName: check.senderName,
          content,
          msgId: msg_id,
        });
        return sent.ok ? { ok: true } : sent;
      }
      case "typing_note": {
        // A typing note past the limit is dropped quietly: the indicator is already showing.
        if (!this.typingLimit.take().ok) return { ok: true };
        const check = await this.chatCheck(userId, event.data.to);
        if (chatRefusal(check)) return { ok: true };
        await conversationOf(this.env, userId, event.data.to).typing(
          userId,
          event.data.to,
          check.senderName,
        );
        return { ok: true };
      }
      case "message_status": {
        const seen = await conversationOf(
          this.env,
          userId,
          event.data.friendId,
        ).markSeen(userId, event.data.friendId, event.data.msg_id ?? null);
        return seen.ok ? { ok: true } : seen;
      }
      default:
        return assertNever(event);
    }
  }

  /** The sender's name, the recipient, and blocks either way: read from D1 at most once a minute per partner. */
  private chatCheck(userId: number, partnerId: number): Promise<ChatCheck> {
    const cached = this.chatChecks.get(partnerId);
    if (cached && Date.now() - cached.readAt < CHAT_CHECK_TTL_MS)
      return cached.check;
    const check = createSocialService(createDb(this.env.DB)).chatCheck(
      userId,
      partnerId,
    );
    const entry = { check, readAt: Date.now() };
    this.chatChecks.set(partnerId, entry);
    // A failed read is not kept: the next message reads again.
    check.catch(() => {
      if (this.chatChecks.get(partnerId) === entry)
        this.chatChecks.delete(partnerId);
    });
    return check;
  }

  /** Something a chat check read has changed (a block, an unblock, a new name): read it again next time. */
  forgetChatPeers(partnerIds: number[] | "all"): void {
    if (partnerIds === "all") this.chatChecks.clear();
    else for (const id of partnerIds) this.chatChecks.delete(id);
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

  private async afterSocketGone(gone: WebSocket) {
    if (this.openSockets().some((ws) => ws !== gone)) return;
    const userId = await this.ctx.storage.get<number>(USER_KEY);
    if (!userId) return;
    await this.announce(userId, false);
  }

  /** A conversation kept a message for this user while they were offline. */
  async notePending(friendId: number): Promise<void> {
    const pending = new Set(
      (await this.ctx.storage.get<number[]>(PENDING_KEY)) ?? [],
    );
    pending.add(friendId);
    await this.ctx.storage.put(PENDING_KEY, [...pending]);
    // Connected after all (a race with the socket opening): deliver now.
    const userId = await this.ctx.storage.get<number>(USER_KEY);
    if (userId && this.openSockets().length > 0)
      await this.deliverPending(userId);
  }

  private async deliverPending(userId: number) {
    const pending = (await this.ctx.storage.get<number[]>(PENDING_KEY)) ?? [];
    if (pending.length === 0) return;
    await this.ctx.storage.delete(PENDING_KEY);
    for (const friendId of pending)
      await conversationOf(this.env, userId, friendId).deliverPending(
        userId,
        friendId,
      );
  }

  private async cameOnline(userId: number) {
    await this.deliverPending(userId);
    await this.announce(userId, true);
  }

  /** SPEC.md §7 user-connection, to everyone who follows this user. */
  private async announce(userId: number, online: boolean) {
    const followers = await createMultiplayerService(
      createDb(this.env.DB),
    ).followerIds(userId);
    await Promise.all(
      followers.map((id) =>
        hubOf(this.env, id).push({
          event: "user-connection",
          data: { userId, online },
        }),
      ),
    );
  }

  private openSockets(): WebSocket[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === WebSocket.OPEN);
  }
}
