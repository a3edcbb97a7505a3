import { DurableObject } from "cloudflare:workers";
import { assertNever, PING_FRAME, PONG_FRAME } from "#contract/protocol";
import type { UserClientEvent, UserServerEvent } from "#contract/user-socket";
import { ConnectionLedger, type ReceiptEvent } from "./connection-ledger";
import type { DeliveryEvent } from "./Conversation";
import { Inbox as InboxEntries, type InboxChange } from "./inbox";
import type { Inbox } from "#contract/inbox";
import { createDb } from "../db/client";
import { createMultiplayerService } from "../services/multiplayer";
import { pushFor, recipientOf, sendPush } from "./push-out";
import { chatRefusal } from "../services/social";
import { chatIdOf } from "#contract/chat";
import { ChatPeers } from "./hub-chat-peers";
import {
  closeForSignOut,
  conversationOf,
  hubOf,
  roomOf,
  sessionTag,
  trustedSessionKey,
  trustedUserId,
} from "./hubs";
import { SocketLiveness } from "./liveness";
import {
  CHAT_MESSAGE_LIMIT,
  TYPING_NOTE_LIMIT,
  WindowLimit,
  tooFastMessage,
} from "./frame-limits";
import {
  answerClientFrame,
  closeBack,
  parseUserFrame,
  sendEvent,
  type EventAnswer,
} from "./client-frames";
import { ChatLanes, waitIn } from "./hub-chat-lanes";
import { HubPresence } from "./hub-presence";
import { KeptNotifications, PendingFriends } from "./hub-kept";
import { ChatMute } from "./hub-mute";

interface SocketAttachment {
  userId: number;
  connectedAt: number;
  /** Names the connection in the ledger of what it has been sent. */
  connectionId: string;
}

type ChatEvent = Extract<UserServerEvent, { event: "new_message" }>;

const USER_KEY = "userId";
/** Room id → when this user last opened a room socket there: a log-out closes those sockets too. */
const ROOMS_KEY = "rooms";
/** A match is long over after this; older rooms are forgotten. */
const ROOM_MEMORY_MS = 60 * 60 * 1000;

/**
 * One per user: holds that user's sockets (one per browser tab) and sleeps while they are idle. It speaks the user
 * socket's protocol (`#contract/user-socket`): it carries a Lobby's news for a waiting player (paired, timed out),
 * chat and notifications to every tab, and tells followers when the user comes online or goes offline. A match's own
 * events do not pass through here: they go on the room socket, straight to the MatchRoom (ADR 003, 007).
 */
export class UserHub extends DurableObject<Env> {
  /** Whom the user may chat with, read when a socket opens: a message or typing note to a friend reads no D1. */
  private readonly peers = new ChatPeers(this.env, this.ctx.storage);
  private readonly messageLimit = new WindowLimit(
    CHAT_MESSAGE_LIMIT.limit,
    CHAT_MESSAGE_LIMIT.windowMs,
  );
  private readonly typingLimit = new WindowLimit(
    TYPING_NOTE_LIMIT.limit,
    TYPING_NOTE_LIMIT.windowMs,
  );
  /** What each connection has been sent of what clients acknowledge. */
  private readonly ledger = new ConnectionLedger();
  /** Friend → what goes to their Conversation next, batched; a receipt alone waits up to half a second. */
  private readonly lanes = new ChatLanes(this.env);
  private readonly pending = new PendingFriends(this.ctx.storage);
  private readonly mute = new ChatMute(this.env);
  private readonly notes = new KeptNotifications(this.ctx.storage);
  /** The chat inbox: one entry per friend, kept as messages and reports of seen pass through (ADR 028). */
  private readonly inbox = new InboxEntries(this.ctx.storage);
  /** When each socket was last heard from: a frame, or a ping the runtime answered (as in the MatchRoom). */
  private readonly liveness = new SocketLiveness(
    this.ctx,
    (ws) =>
      (ws.deserializeAttachment() as Partial<SocketAttachment> | null)
        ?.connectedAt ?? 0,
  );
  /** Presence and the #31 liveness rule: who is told online or offline, and when. */
  private readonly presence = new HubPresence({
    storage: this.ctx.storage,
    liveness: this.liveness,
    unansweredSince: (ws) => {
      const connectionId = connectionOf(ws);
      return connectionId ? this.ledger.awaitingSince(connectionId) : null;
    },
    openSockets: () => this.openSockets(),
    announce: (online) => this.announce(online),
    closed: (ws) => {
      const connectionId = connectionOf(ws);
      if (connectionId) this.ledger.closed(connectionId);
    },
    wake: () => this.schedule(),
    waitUntil: (promise) => this.ctx.waitUntil(promise),
  });

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

    const hadSockets = this.openSockets().length > 0;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [sessionTag(sessionKey)]);
    const connectionId = crypto.randomUUID();
    const connectedAt = Date.now();
    server.serializeAttachment({
      userId,
      connectedAt,
      connectionId,
    } satisfies SocketAttachment);
    this.liveness.heard(server, connectedAt);
    this.ledger.opened(connectionId);
    this.mute.load(userId);
    this.peers.load(userId);
    // Written once: a hub only ever belongs to one user, so later connections need no storage write.
    if ((await this.ctx.storage.get<number>(USER_KEY)) !== userId)
      await this.ctx.storage.put(USER_KEY, userId);
    sendEvent(server, {
      event: "connected",
      data: { userId, connections: this.openSockets().length },
    });
    this.ctx.waitUntil(this.catchUp(server, connectionId, userId));
    await this.presence.cameOnline(hadSockets);
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
    if (sockets.length > 0) await this.presence.socketGone(sockets[0]);
  }

  /** A moderator muted this user from chat until then (null: the mute is lifted); the reason is shown to them. */
  chatMuted(until: number | null, reason: string): void {
    this.mute.set(until, reason);
  }

  /** Number of open sockets: more than zero means the user is online. */
  connectionCount(): number {
    return this.openSockets().length;
  }

  /**
   * An event for this user from a lobby, a friend or a service: to every open tab. A notification pushed to an open
   * tab is also kept until a client acknowledges it, and sent again on each new connection until then. One pushed
   * while no tab is open is not: the next page shows it in the unread count and the list, without a popup.
   */
  async push(event: UserServerEvent): Promise<number> {
    if (this.openSockets().length === 0) this.pushOut(event);
    if (event.event === "new_challenge" || event.event === "notification") {
      if (this.openSockets().length === 0) return 0;
      await this.notes.keep(event);
      return this.sendReceipted(event);
    }
    const sockets = this.openSockets();
    const frame = JSON.stringify(event);
    for (const ws of sockets) ws.send(frame);
    return sockets.length;
  }

  /**
   * From the conversation with `friendId`, in one call: their new messages to this user, in the order it stored
   * them, and how far this user's messages to them are delivered or seen.
   */
  async deliverChat(
    friendId: number,
    events: ChatEvent[],
    progress: DeliveryEvent[],
  ): Promise<void> {
    if (events.length > 0) {
      const newest = events.at(-1);
      if (newest && this.openSockets().length === 0) this.pushOut(newest);
      await this.pending.handedOverFrom(friendId);
      const inbox = await this.inbox.received(
        friendId,
        events.map((event) => event.data),
      );
      // The inbox's change rides the batch's last message: no frame of its own (ADR 049).
      events.forEach((event, index) =>
        this.sendReceipted(
          inbox && index === events.length - 1 ? { ...event, inbox } : event,
        ),
      );
    }
    if (progress.length > 0) {
      const sockets = this.openSockets();
      for (const event of progress) {
        const frame = JSON.stringify(event);
        for (const ws of sockets) ws.send(frame);
      }
    }
  }

  /**
   * The user has no tab open: the event goes to their devices as a Web Push, if it is a kind that is (ADR 029). In
   * the background: the event's own path neither waits for it nor fails with it.
   */
  private pushOut(event: UserServerEvent): void {
    const outgoing = pushFor(event);
    if (!outgoing) return;
    const recipient = recipientOf(event);
    this.ctx.waitUntil(
      (recipient
        ? Promise.resolve(recipient)
        : this.ctx.storage.get<number>(USER_KEY)
      )
        .then((userId) =>
          userId ? sendPush(this.env, userId, outgoing) : undefined,
        )
        .catch((error: unknown) => console.error("a push failed", error)),
    );
  }

  /** Sends to each open tab that has not had it, in order behind any catch-up of that tab. */
  private sendReceipted(event: ReceiptEvent): number {
    const sockets = this.openSockets();
    for (const ws of sockets) {
      const connectionId = connectionOf(ws);
      if (!connectionId || this.ledger.offer(connectionId, event))
        sendEvent(ws, event);
    }
    return sockets.length;
  }

  /**
   * A new connection gets everything its user's clients have not acknowledged: kept notifications, then each
   * pending friend's messages in order. Live events for it wait meanwhile, and go after.
   */
  private async catchUp(ws: WebSocket, connectionId: string, userId: number) {
    try {
      for (const event of await this.notes.kept())
        if (this.ledger.offer(connectionId, event, true))
          sendEvent(ws, { ...event, redelivered: true });
      for (const friendId of await this.pending.all())
        await this.resendChat(ws, connectionId, userId, friendId, true);
    } catch (error) {
      // Whatever was not sent stays unacknowledged, and goes on the next connection.
      console.error("catching a connection up failed", error);
    } finally {
      for (const event of this.ledger.caughtUp(connectionId))
        if (this.ledger.offer(connectionId, event)) sendEvent(ws, event);
      // Closed while catching up: its close has come and gone, so its record is dropped here.
      if (ws.readyState !== WebSocket.OPEN) this.ledger.closed(connectionId);
    }
  }

  /** Sends `friendId`'s unacknowledged messages this connection has not had; forgets the friend if there are none. */
  private async resendChat(
    ws: WebSocket,
    connectionId: string,
    userId: number,
    friendId: number,
    catchingUp: boolean,
  ) {
    const handedOver = this.pending.handOvers(friendId);
    const conversation = conversationOf(this.env, userId, friendId);
    let after = 0;
    let any = false;
    for (;;) {
      const page = await conversation.unacked(userId, friendId, after);
      // Messages the hub was never handed (its hand-over failed) reach the inbox here; others count once.
      await this.tellInbox(
        this.inbox.received(
          friendId,
          page.map((event) => event.data),
        ),
      );
      for (const event of page) {
        any = true;
        const offered = catchingUp
          ? this.ledger.offer(connectionId, event, true)
          : this.ledger.offerMissed(connectionId, event);
        if (offered) sendEvent(ws, { ...event, redelivered: true });
      }
      const last = page.at(-1);
      if (!last || last.data.seq === undefined) break;
      after = last.data.seq;
    }
    if (!any) await this.pending.forget(friendId, handedOver);
  }

  async webSocketMessage(
    ws: WebSocket,
    message: string | ArrayBuffer,
  ): Promise<void> {
    this.liveness.heard(ws);
    const parsed = parseUserFrame(message);
    // Read once per frame: the user it speaks for, and the connection a receipt clears (none on an old socket).
    const { userId, connectionId } =
      ws.deserializeAttachment() as Partial<SocketAttachment> &
        Pick<SocketAttachment, "userId">;
    // A receipt shows what the hub sent reaches this tab (HubPresence closes a socket whose receipts stop).
    if (parsed.ok && connectionId) {
      const { event } = parsed;
      if (event.event === "messages_received")
        this.ledger.acknowledged(connectionId, "m", event.data.msg_ids);
      else if (event.event === "notifications_received")
        this.ledger.acknowledged(connectionId, "n", event.data.ids);
    }
    await answerClientFrame(ws, parsed, (event) => this.handle(userId, event));
  }

  private async handle(
    userId: number,
    event: UserClientEvent,
  ): Promise<EventAnswer> {
    switch (event.event) {
      case "ping":
        return { ok: true };
      case "new_message": {
        const { to, content, msg_id } = event.data;
        if (to === userId)
          return { ok: false, message: "You cannot message yourself" };
        if (!content.trim())
          return { ok: false, message: "Empty messages are not sent" };
        const muted = await this.mute.refusal();
        if (muted) return { ok: false, message: muted };
        const allowed = this.messageLimit.take();
        if (!allowed.ok)
          return { ok: false, message: tooFastMessage(allowed.retryAfterMs) };
        const { senderName, refusal } = await this.peers.permission(userId, to);
        if (refusal) return { ok: false, message: refusal };
        const sent = await this.lanes.inLane(userId, to, (lane) => {
          lane.userName = senderName;
          return waitIn(lane.messages, { msgId: msg_id, content });
        });
        if (!sent.ok) return sent;
        if (!sent.value.fresh) return { ok: true };
        // Every tab of the sender sees it stored (the sending one takes its place, seq and time from it, and its
        // ack: one frame, not an echo and an ack, ADR 058).
        const { fresh: _fresh, ...message } = sent.value;
        const inbox = await this.inbox.sent(to, message);
        const echo = JSON.stringify({
          event: "new_message",
          data: {
            ...message,
            user: to,
            friend_id: to,
            sender_name: senderName,
          },
          ...(inbox ? { inbox } : {}),
          ...(event.id ? { ack: event.id } : {}),
        } satisfies ChatEvent);
        for (const ws of this.openSockets()) ws.send(echo);
        return { ok: true, acknowledged: true };
      }
      case "typing_note": {
        // A typing note past the limit is dropped quietly: the indicator is already showing.
        if (!this.typingLimit.take().ok) return { ok: true };
        // Nothing stored and nothing read: straight to the partner's hub (SPEC.md §4 typing).
        const { to } = event.data;
        const peer = await this.peers.allowed(userId, to);
        if (!peer) return { ok: true };
        await hubOf(this.env, to).push({
          event: "typing_note",
          data: {
            from: userId,
            to,
            chat_id: chatIdOf(userId, to),
            sender_name: peer.senderName,
          },
        });
        return { ok: true };
      }
      case "message_status": {
        const { friendId, msg_id } = event.data;
        const seen = await this.lanes.inLane(userId, friendId, (lane) =>
          waitIn(lane.seen, { msgId: msg_id ?? null }),
        );
        if (!seen.ok) return seen;
        await this.tellInbox(
          this.inbox.seen(friendId, seen.value.count, seen.value.upToSeq),
        );
        return { ok: true };
      }
      case "messages_received": {
        const { friendId, msg_ids } = event.data;
        // Answered once stored. The friend stays pending until a new connection finds nothing unacknowledged.
        await this.lanes.inLane(userId, friendId, (lane) =>
          waitIn(lane.received, { msgIds: msg_ids }),
        );
        return { ok: true };
      }
      case "notifications_received":
        await this.notes.acknowledged(event.data.ids);
        return { ok: true };
      default:
        return assertNever(event);
    }
  }

  /**
   * Something about these chat partners changed (a follow, an unfollow, a block, an unblock; "all": the user's own
   * name): the hub reads them again now, and the inbox hides or shows again those partners' entries.
   */
  async forgetChatPeers(
    partnerIds: number[] | "all",
    userId?: number,
  ): Promise<void> {
    const user = userId ?? (await this.ctx.storage.get<number>(USER_KEY));
    if (!user) return;
    const checks = await this.peers.changed(user, partnerIds);
    for (const partnerId of await this.inbox.known([...checks.keys()]))
      await this.tellInbox(
        this.inbox.setHidden(
          partnerId,
          chatRefusal(checks.get(partnerId)!) !== null,
        ),
      );
  }

  /** The inbox (/social's Messages tab): entries newest first and the unread messages of all. */
  async inboxView(): Promise<Inbox> {
    return this.inbox.view();
  }

  /** The unread messages of the inbox (the badge on Social). */
  async unreadMessages(): Promise<number> {
    return this.inbox.unread();
  }

  /** An inbox change goes to every open tab (`inbox_update`). */
  private async tellInbox(change: Promise<InboxChange | null>) {
    const changed = await change;
    if (!changed) return;
    const frame = JSON.stringify({
      event: "inbox_update",
      data: changed,
    } satisfies UserServerEvent);
    for (const ws of this.openSockets()) ws.send(frame);
  }

  async webSocketClose(
    ws: WebSocket,
    code: number,
    reason: string,
  ): Promise<void> {
    closeBack(ws, code, reason);
    await this.presence.socketGone(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.presence.socketGone(ws);
  }

  /** The hub's one alarm, for presence: it looks at silent sockets and a due "offline" (`HubPresence.sweep`). */
  async alarm(): Promise<void> {
    await this.presence.sweep(Date.now());
    await this.schedule();
  }

  /** The next alarm: the earliest of presence's times; none when nothing is due. */
  private async schedule() {
    const times = await this.presence.dueTimes();
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }

  /** Whether followers were last told this user is online: the friends list says the same as the live dots. */
  async isOnline(): Promise<boolean> {
    return this.presence.isOnline();
  }

  /** Whether a socket of this user is open and was heard from, or the user seen, within `ms`: see HubPresence. */
  heardWithin(ms: number, lastSeenAgo?: number): boolean {
    return this.presence.heardWithin(ms, lastSeenAgo);
  }

  /**
   * For tests: as if `ms` had passed since each socket was last heard from, since the last one went and since what
   * each connection has not acknowledged was sent.
   */
  async age(ms: number): Promise<void> {
    await this.presence.age(ms);
    this.ledger.age(ms);
  }

  /**
   * A conversation has messages for this user that it could not hand over (`Conversation.alarm`): open tabs get
   * what they can take in order now, the rest goes on the next connection.
   */
  async notePending(friendId: number): Promise<void> {
    await this.pending.handedOverFrom(friendId);
    const userId = await this.ctx.storage.get<number>(USER_KEY);
    if (!userId) return;
    for (const ws of this.openSockets()) {
      const connectionId = connectionOf(ws);
      // A tab still catching up reads this friend's messages itself.
      if (connectionId && !this.ledger.catchingUp(connectionId))
        await this.resendChat(ws, connectionId, userId, friendId, false);
    }
  }

  /** SPEC.md §7 user-connection, to everyone who follows this user. */
  private async announce(online: boolean) {
    const userId = await this.ctx.storage.get<number>(USER_KEY);
    if (!userId) return;
    const followers = await createMultiplayerService(
      createDb(this.env.DB),
      this.env.MEDIA,
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

/** The connection's name in the ledger (none on a socket accepted before connections had one). */
const connectionOf = (ws: WebSocket): string | null =>
  (ws.deserializeAttachment() as Partial<SocketAttachment> | null)
    ?.connectionId ?? null;
