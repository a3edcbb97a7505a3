import {
  parseServerEvent,
  PING_FRAME,
  SIGNED_OUT_CLOSE_CODE,
} from "#contract/protocol";

/**
 * The browser side of a real-time socket (SPEC.md §7), free of any framework: the user presence socket (`/ws`) and,
 * during a match, the room socket (`/ws/room/{roomId}`, ADR 003) both use it, each typed by its own protocol's
 * client and server unions (`#contract/user-socket`, `#contract/room-socket`).
 *
 * - Connects at once; after a close or error that `close()` did not ask for it reconnects, waiting 1 s, 2 s, 4 s and
 *   then 5 s between attempts, with no limit on attempts. The wait starts again from 1 s after a successful open.
 * - An attempt that is not open within 20 s is abandoned (closed) and counts as a failed attempt.
 * - Every event sent gets a unique `id` and stays in an outbox until the server acks that id (an `ack` frame, or any
 *   event carrying it as `ack`) or answers it with an `error` carrying the id. Each (re)open resends the whole outbox
 *   in the order it was sent, so the server may see an event twice when only its ack was lost: the id lets it
 *   recognise the repeat.
 * - Except the kinds named in `unqueued`: those go only while the socket is open, without an id, so the server sends no
 *   ack for them, and are never resent: events that are stale by the next connection (a typing note).
 * - And the kinds named in `unanswered`: those go without an id too, so no ack comes, but they stay in the outbox, in
 *   order with the rest, until the server answers something sent after them (an event's ack or error, a ping's pong).
 * - A `ping` goes out every `pingIntervalMs` (25 s unless told) while open, unless since the last one was due frames
 *   other than keep-alives went both ways: the server has heard from this end and this end from the server, so a
 *   ping would tell neither anything (a busy chat sends none). `pong` and `ack` frames stay inside, every other
 *   well-formed server event goes to `onEvent`. Malformed frames are dropped.
 * - A link can die without a close (a phone losing its signal keeps the socket "open"): when nothing at all arrives
 *   within `pongTimeoutMs` of a ping, the socket counts as lost and the client reconnects as after a close.
 */

export type SocketStatus = "connecting" | "open" | "reconnecting" | "closed";

type WithoutId<E> = E extends unknown ? Omit<E, "id"> : never;

/** A client event as callers hand it over: the client adds the `id`. */
export type OutgoingEvent<ClientEvent> = WithoutId<ClientEvent>;

/** The minimum every protocol's events have. */
interface AnyEvent {
  event: string;
  data?: unknown;
}

export interface SocketClientOptions<ServerEvent extends AnyEvent> {
  /** Absolute ws: or wss: address, e.g. from `socketUrl(window.location)`. */
  url: string;
  /** The WebSocket class to use; tests pass a fake. Defaults to the global WebSocket. */
  WebSocketImpl?: typeof WebSocket;
  /** Every well-formed server event except `pong` and `ack`. */
  onEvent: (event: ServerEvent) => void;
  /** Called on every status change, starting with "connecting" while `createSocketClient` runs. */
  onStatus?: (status: SocketStatus) => void;
  /** The server closed the socket because its session ended: the client is closed for good, and says so here. */
  onSignedOut?: () => void;
  /** First wait before reconnecting; it doubles on each failed attempt. Default 1000. */
  minDelayMs?: number;
  /** Longest wait between attempts. Default 5000. */
  maxDelayMs?: number;
  /** An attempt not open after this long is abandoned and retried. Default 20000. */
  connectTimeoutMs?: number;
  /** Keep-alive ping period while open. Default 25000. */
  pingIntervalMs?: number;
  /** How long after a ping silence means a dead link. Default 10000. */
  pongTimeoutMs?: number;
  /** Event kinds sent only while open, with no id, no ack and no resend (see above). Default none. */
  unqueued?: ReadonlySet<string>;
  /** Event kinds sent with no id and no ack, kept until something sent after them is answered (see above). */
  unanswered?: ReadonlySet<string>;
}

export interface SocketClient<ClientEvent extends AnyEvent> {
  readonly status: SocketStatus;
  /**
   * Queues the event with a fresh id and sends it now if the socket is open (otherwise on the next open).
   * Returns that id; `ping` and the `unqueued` kinds are sent only if open, never queued, and return undefined, as
   * do the `unanswered` kinds (queued like the rest, without an id) and any send after `close()`.
   */
  send(event: OutgoingEvent<ClientEvent>): string | undefined;
  /** Closes the socket for good: no reconnect, timers stopped, outbox dropped. */
  close(): void;
}

const DEFAULT_MIN_DELAY_MS = 1_000;
const DEFAULT_MAX_DELAY_MS = 5_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;
const DEFAULT_PING_INTERVAL_MS = 25_000;
const DEFAULT_PONG_TIMEOUT_MS = 10_000;

/** The wait before reconnect attempt `attempt` (1 for the first after a failure): min, 2·min, 4·min, ... capped at max. */
export function reconnectDelay(
  attempt: number,
  minDelayMs = DEFAULT_MIN_DELAY_MS,
  maxDelayMs = DEFAULT_MAX_DELAY_MS,
): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  return Math.min(minDelayMs * 2 ** exponent, maxDelayMs);
}

/** The socket address on the page's own origin: ws: for http:, wss: for https:. */
export function socketUrl(
  location: Pick<Location, "protocol" | "host">,
  path = "/ws",
): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

/** A random prefix per client, so ids stay unique across clients and page loads (crypto.randomUUID needs https). */
function randomPrefix(): string {
  const bytes = new Uint8Array(8);
  if (typeof globalThis.crypto?.getRandomValues === "function")
    globalThis.crypto.getRandomValues(bytes);
  else
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The `id` inside an ack's or error's data, if it is a string. */
function idIn(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const id = (data as { id?: unknown }).id;
  return typeof id === "string" ? id : undefined;
}

/**
 * The id of an event this end sent that `event` answers: an ack's or error's `data.id`, or the `ack` another event
 * carries (a chat message's echo, ADR 058), which is passed on as well.
 */
function settledBy(event: AnyEvent & { ack?: unknown }): string | undefined {
  if (event.event === "ack" || event.event === "error") return idIn(event.data);
  return typeof event.ack === "string" ? event.ack : undefined;
}

type Timer = ReturnType<typeof setTimeout>;

/** Whether frames other than keep-alives went each way since the last look (`busy`, which starts the count again). */
function createTraffic() {
  let sent = false;
  let heard = false;
  return {
    sent: () => void (sent = true),
    heard: () => void (heard = true),
    busy(): boolean {
      const both = sent && heard;
      sent = heard = false;
      return both;
    },
  };
}

/** Detaches and closes a socket we no longer want; whatever it reports later is ignored. */
function discard(ws: WebSocket, code?: number): void {
  ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
  try {
    if (code === undefined) ws.close();
    else ws.close(code);
  } catch {
    // Already closed, or closing a socket that never connected: nothing more to do.
  }
}

/**
 * Events sent and not yet acked, each framed with a unique id; a Map keeps the order they were sent in. The `unqueued`
 * kinds are framed without an id and not kept. The `unanswered` ones are framed without an id and kept until the
 * server is known to have them: it answered an event sent after them (an ack or an error for it), or a ping sent
 * after them. One socket delivers in order, so the answer proves the earlier frame arrived.
 */
function createOutbox(
  unqueued: ReadonlySet<string> = new Set(),
  unanswered: ReadonlySet<string> = new Set(),
) {
  /** Keyed by id; the kept `unanswered` frames by `~` and their sequence number instead, a key no ack names. */
  const frames = new Map<string, string>();
  const isUnanswered = (key: string) => key.startsWith("~");
  const unconfirmed = () => [...frames.keys()].filter(isUnanswered);
  /** For each ping not yet answered, the `unanswered` frames sent before it. */
  let pings: string[][] = [];
  const idPrefix = randomPrefix();
  let sequence = 0;
  const confirm = (keys: Iterable<string>) => {
    for (const key of keys) frames.delete(key);
  };
  return {
    add(event: AnyEvent): { id: string | undefined; frame: string } {
      sequence += 1;
      if (unqueued.has(event.event) || unanswered.has(event.event)) {
        const frame = JSON.stringify({ event: event.event, data: event.data });
        if (unanswered.has(event.event)) frames.set(`~${sequence}`, frame);
        return { id: undefined, frame };
      }
      const id = `${idPrefix}-${sequence.toString(36)}`;
      const frame = JSON.stringify({
        event: event.event,
        id,
        data: event.data,
      });
      frames.set(id, frame);
      return { id, frame };
    },
    frames: () => frames.values(),
    /** The server answered event `id`: it is done, and so is every `unanswered` frame sent before it. */
    settle(id: string) {
      if (!frames.has(id)) return;
      const before: string[] = [];
      for (const key of frames.keys()) {
        if (key === id) break;
        if (isUnanswered(key)) before.push(key);
      }
      confirm(before);
      frames.delete(id);
    },
    pinged: () => void pings.push(unconfirmed()),
    ponged: () => confirm(pings.shift() ?? []),
    /** A new connection: pings on the old one will not be answered. */
    reopened: () => void (pings = []),
    clear() {
      frames.clear();
      pings = [];
    },
  };
}

export function createSocketClient<
  ClientEvent extends AnyEvent,
  ServerEvent extends AnyEvent,
>(options: SocketClientOptions<ServerEvent>): SocketClient<ClientEvent> {
  const {
    url,
    onEvent,
    onStatus,
    connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
    pingIntervalMs = DEFAULT_PING_INTERVAL_MS,
    pongTimeoutMs = DEFAULT_PONG_TIMEOUT_MS,
  } = options;
  const WebSocketImpl = options.WebSocketImpl ?? globalThis.WebSocket;

  const outbox = createOutbox(options.unqueued, options.unanswered);
  const traffic = createTraffic();

  let status: SocketStatus = "closed";
  let stopped = false;
  let socket: WebSocket | null = null;
  /** Failed attempts since the last successful open. */
  let failures = 0;
  let reconnectTimer: Timer | undefined;
  let connectTimer: Timer | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Set when a ping goes out, cleared by anything arriving: if it fires, the link is dead. */
  let silenceTimer: Timer | undefined;

  function setStatus(next: SocketStatus): void {
    if (status === next) return;
    status = next;
    onStatus?.(next);
  }

  function clearTimers(): void {
    clearTimeout(reconnectTimer);
    clearTimeout(connectTimer);
    clearInterval(pingTimer);
    clearTimeout(silenceTimer);
    reconnectTimer = connectTimer = pingTimer = silenceTimer = undefined;
  }

  function transmit(frame: string): void {
    // A closing socket (the server ended the session) would only log an error; queued events go on the next open.
    if (!socket || socket.readyState >= 2) return;
    try {
      socket.send(frame);
      if (frame !== PING_FRAME) traffic.sent();
    } catch {
      // The socket is going away; queued events are resent on the next open.
    }
  }

  function connect(): void {
    reconnectTimer = undefined;
    setStatus("connecting");
    if (stopped) return; // onStatus closed the client
    let ws: WebSocket;
    try {
      ws = new WebSocketImpl(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    connectTimer = setTimeout(() => {
      if (socket === ws) lost(ws);
    }, connectTimeoutMs);
    ws.onopen = () => {
      if (socket === ws) opened();
    };
    ws.onmessage = (message: MessageEvent) => {
      if (socket === ws) received(message.data);
    };
    ws.onerror = () => {
      if (socket === ws) lost(ws);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      if (event.code === SIGNED_OUT_CLOSE_CODE) signedOut();
      else lost(ws);
    };
  }

  function opened(): void {
    clearTimeout(connectTimer);
    connectTimer = undefined;
    failures = 0;
    // Resend before announcing "open", so nothing sent from onStatus can overtake (or duplicate) the outbox.
    outbox.reopened();
    for (const frame of outbox.frames()) transmit(frame);
    traffic.busy();
    pingTimer = setInterval(() => traffic.busy() || ping(), pingIntervalMs);
    setStatus("open");
  }

  /** Any ping, the timer's or a caller's, expects something back within `pongTimeoutMs`. */
  function ping(): void {
    const ws = socket;
    silenceTimer ??= setTimeout(() => {
      if (ws && socket === ws) lost(ws);
    }, pongTimeoutMs);
    outbox.pinged();
    transmit(PING_FRAME);
  }

  function lost(ws: WebSocket): void {
    socket = null;
    clearTimers();
    discard(ws);
    scheduleReconnect();
  }

  /** Reconnecting would only be refused: the session is gone. */
  function signedOut(): void {
    client.close();
    options.onSignedOut?.();
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    failures += 1;
    // The timer first: an onStatus that calls close() then clears it.
    reconnectTimer = setTimeout(
      connect,
      // Unset bounds take reconnectDelay's defaults.
      reconnectDelay(failures, options.minDelayMs, options.maxDelayMs),
    );
    setStatus("reconnecting");
  }

  function received(raw: unknown): void {
    // Anything at all shows the link is alive.
    clearTimeout(silenceTimer);
    silenceTimer = undefined;
    const event = parseServerEvent<ServerEvent>(raw);
    if (!event) return;
    if (event.event === "pong") return outbox.ponged();
    traffic.heard();
    const id = settledBy(event);
    if (id !== undefined) outbox.settle(id);
    if (event.event !== "ack") onEvent(event);
  }

  const client: SocketClient<ClientEvent> = {
    get status() {
      return status;
    },
    send(event) {
      if (stopped) return undefined;
      if (event.event === "ping") {
        if (status === "open") ping();
        return undefined;
      }
      const { id, frame } = outbox.add(event);
      if (status === "open") transmit(frame);
      return id;
    },
    close() {
      if (stopped) return;
      stopped = true;
      clearTimers();
      const ws = socket;
      socket = null;
      if (ws) discard(ws, 1000);
      outbox.clear();
      setStatus("closed");
    },
  };

  connect();
  return client;
}
