import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomClientEvent } from "#contract/room-socket";
import type { UserClientEvent, UserServerEvent } from "#contract/user-socket";
import {
  createSocketClient,
  reconnectDelay,
  socketUrl,
  type SocketClientOptions,
  type SocketStatus,
} from "./socket-client";

/** A WebSocket stand-in: records what is sent; the test drives open, messages, errors and closes. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly sent: string[] = [];
  closed = false;
  /** Like a live server, answers each ping with a pong; a test sets false to model a link that died silently. */
  answersPings = true;
  closeCode: number | undefined;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.closed) throw new Error("send on a closed socket");
    this.sent.push(data);
    if (this.answersPings && data === '{"event":"ping"}')
      this.receiveJson({ event: "pong" });
  }

  close(code?: number): void {
    if (this.closed) return;
    this.closed = true;
    this.closeCode = code;
    this.onclose?.({ code: code ?? 1005 });
  }

  // Test controls.
  open(): void {
    this.onopen?.({});
  }
  receive(data: unknown): void {
    this.onmessage?.({ data });
  }
  receiveJson(value: unknown): void {
    this.receive(JSON.stringify(value));
  }
  /** The network drops the connection: an error, then a close. */
  fail(): void {
    this.onerror?.({});
    this.closed = true;
    this.onclose?.({ code: 1006 });
  }
  get frames(): Array<{ event: string; id?: string; data?: unknown }> {
    return this.sent.map(
      (frame) =>
        JSON.parse(frame) as { event: string; id?: string; data?: unknown },
    );
  }
}

const URL = "wss://playfeed.test/ws";
let events: UserServerEvent[];
let statuses: SocketStatus[];

function start(overrides: Partial<SocketClientOptions<UserServerEvent>> = {}) {
  // The transport is the same for both sockets: one client here sends either protocol's events.
  return createSocketClient<UserClientEvent | RoomClientEvent, UserServerEvent>(
    {
      url: URL,
      WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
      onEvent: (event) => events.push(event),
      onStatus: (status) => statuses.push(status),
      ...overrides,
    },
  );
}

const sockets = () => FakeWebSocket.instances;
const latest = () => FakeWebSocket.instances.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  events = [];
  statuses = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe("reconnectDelay", () => {
  it("starts at 1 s, doubles and stops growing at 5 s", () => {
    expect(
      [1, 2, 3, 4, 5, 6, 50, 5000].map((attempt) => reconnectDelay(attempt)),
    ).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000]);
    expect(reconnectDelay(3, 100, 10_000)).toBe(400);
  });
});

describe("socketUrl", () => {
  it("uses ws: or wss: to match the page, on the same host", () => {
    expect(socketUrl({ protocol: "https:", host: "playfeed.test" })).toBe(
      "wss://playfeed.test/ws",
    );
    expect(socketUrl({ protocol: "http:", host: "localhost:8787" })).toBe(
      "ws://localhost:8787/ws",
    );
  });
});

describe("createSocketClient", () => {
  it("connects at once and reports connecting, then open", () => {
    const client = start();
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toBe(URL);
    expect(client.status).toBe("connecting");
    latest().open();
    expect(client.status).toBe("open");
    expect(statuses).toEqual(["connecting", "open"]);
    client.close();
  });

  it("passes server events on, but not pong or ack", () => {
    const client = start();
    latest().open();
    latest().receiveJson({
      event: "connected",
      data: { userId: 7, connections: 1 },
    });
    latest().receiveJson({ event: "pong" });
    latest().receiveJson({ event: "ack", data: { id: "nothing-pending" } });
    latest().receiveJson({
      event: "user-connection",
      data: { userId: 9, online: true },
    });
    expect(events).toEqual([
      { event: "connected", data: { userId: 7, connections: 1 } },
      { event: "user-connection", data: { userId: 9, online: true } },
    ]);
    client.close();
  });

  it("ignores malformed frames", () => {
    const client = start();
    latest().open();
    latest().receive("not json");
    latest().receive("{");
    latest().receive("42");
    latest().receive("null");
    latest().receiveJson({ data: { no: "event name" } });
    latest().receiveJson({ event: 5 });
    latest().receiveJson({ event: "ack" });
    latest().receive(new ArrayBuffer(4));
    expect(events).toEqual([]);
    expect(client.status).toBe("open");
    latest().receiveJson({
      event: "room_timeout",
      data: { roomId: "room-0001", gameId: 3 },
    });
    expect(events).toEqual([
      { event: "room_timeout", data: { roomId: "room-0001", gameId: 3 } },
    ]);
    client.close();
  });

  describe("reconnecting", () => {
    /** Fails the current attempt and checks the next one comes exactly `delay` ms later. */
    function failAndExpectRetryAfter(delay: number) {
      const count = sockets().length;
      latest().fail();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets()).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets()).toHaveLength(count + 1);
    }

    it("waits 1 s, then longer, capped at 5 s, and keeps trying beyond 10 attempts", () => {
      const client = start();
      latest().open();
      for (const delay of [
        1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000,
        5000, 5000, 5000,
      ]) {
        failAndExpectRetryAfter(delay);
      }
      expect(sockets()).toHaveLength(16);
      expect(sockets().every((socket) => socket.url === URL)).toBe(true);
      expect(client.status).toBe("connecting");
      client.close();
    });

    it("also retries when the very first attempt fails", () => {
      const client = start();
      failAndExpectRetryAfter(1000);
      failAndExpectRetryAfter(2000);
      client.close();
    });

    it("starts again from 1 s after a successful open", () => {
      const client = start();
      latest().open();
      failAndExpectRetryAfter(1000);
      failAndExpectRetryAfter(2000);
      failAndExpectRetryAfter(4000);
      latest().open();
      failAndExpectRetryAfter(1000);
      client.close();
    });

    it("reports reconnecting while waiting and connecting during each attempt", () => {
      const client = start();
      latest().open();
      latest().fail();
      expect(client.status).toBe("reconnecting");
      vi.advanceTimersByTime(1000);
      expect(client.status).toBe("connecting");
      latest().fail();
      expect(client.status).toBe("reconnecting");
      vi.advanceTimersByTime(2000);
      latest().open();
      expect(statuses).toEqual([
        "connecting",
        "open",
        "reconnecting",
        "connecting",
        "reconnecting",
        "connecting",
        "open",
      ]);
      client.close();
      expect(statuses.at(-1)).toBe("closed");
    });

    it("counts an error followed by a close as one failure", () => {
      const client = start();
      latest().open();
      const socket = latest();
      socket.onerror?.({});
      socket.onclose?.({ code: 1006 });
      vi.advanceTimersByTime(1000);
      expect(sockets()).toHaveLength(2);
      latest().open();
      vi.advanceTimersByTime(60_000);
      expect(sockets()).toHaveLength(2);
      client.close();
    });

    it("abandons an attempt that is not open within 20 s and retries", () => {
      const client = start();
      const first = latest();
      vi.advanceTimersByTime(19_999);
      expect(first.closed).toBe(false);
      expect(client.status).toBe("connecting");
      vi.advanceTimersByTime(1);
      expect(first.closed).toBe(true);
      expect(client.status).toBe("reconnecting");
      vi.advanceTimersByTime(1000);
      expect(sockets()).toHaveLength(2);
      // The abandoned socket opening late changes nothing.
      first.open();
      expect(client.status).toBe("connecting");
      // Each stuck attempt times out in turn.
      vi.advanceTimersByTime(20_000 + 2000);
      expect(sockets()).toHaveLength(3);
      latest().open();
      expect(client.status).toBe("open");
      client.close();
    });

    it("does not time out a socket that opened", () => {
      const client = start();
      latest().open();
      vi.advanceTimersByTime(120_000);
      expect(sockets()).toHaveLength(1);
      expect(latest().closed).toBe(false);
      expect(client.status).toBe("open");
      client.close();
    });

    it("honours the timing options", () => {
      const client = start({
        minDelayMs: 10,
        maxDelayMs: 30,
        connectTimeoutMs: 100,
      });
      vi.advanceTimersByTime(100);
      expect(latest().closed).toBe(true);
      vi.advanceTimersByTime(10);
      expect(sockets()).toHaveLength(2);
      latest().fail();
      vi.advanceTimersByTime(20);
      expect(sockets()).toHaveLength(3);
      latest().fail();
      vi.advanceTimersByTime(30);
      expect(sockets()).toHaveLength(4);
      client.close();
    });
  });

  describe("outbox", () => {
    const gameData = (score: number) => ({
      event: "game_data" as const,
      data: { score },
    });

    it("gives every event a unique id and sends it at once when open", () => {
      const client = start();
      latest().open();
      const first = client.send(gameData(1));
      const second = client.send(gameData(2));
      expect(first).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      expect(first!.length).toBeLessThanOrEqual(64);
      expect(latest().frames).toEqual([
        {
          event: "game_data",
          id: first,
          data: { score: 1 },
        },
        {
          event: "game_data",
          id: second,
          data: { score: 2 },
        },
      ]);
      client.close();
    });

    it("holds events sent before the socket opens and sends them, in order, on open", () => {
      const client = start();
      const ids = [
        client.send(gameData(1)),
        client.send(gameData(2)),
        client.send(gameData(3)),
      ];
      expect(latest().sent).toEqual([]);
      latest().open();
      expect(latest().frames.map((frame) => frame.id)).toEqual(ids);
      client.close();
    });

    it("resends every un-acked event in order after a reconnect, and drops acked ones", () => {
      const client = start();
      latest().open();
      const [a, b, c] = [
        client.send(gameData(1)),
        client.send(gameData(2)),
        client.send(gameData(3)),
      ];
      latest().receiveJson({ event: "ack", data: { id: b } });
      latest().fail();
      const d = client.send(gameData(4)); // sent while down: waits for the next open
      vi.advanceTimersByTime(1000);
      expect(latest().sent).toEqual([]);
      latest().open();
      expect(latest().frames.map((frame) => frame.id)).toEqual([a, c, d]);
      expect(
        latest().frames.map((frame) => (frame.data as { score: number }).score),
      ).toEqual([1, 3, 4]);

      // Acked now: the next reconnect resends only what is still pending.
      latest().receiveJson({ event: "ack", data: { id: a } });
      latest().receiveJson({ event: "ack", data: { id: d } });
      latest().fail();
      vi.advanceTimersByTime(1000);
      latest().open();
      expect(latest().frames.map((frame) => frame.id)).toEqual([c]);

      latest().receiveJson({ event: "ack", data: { id: c } });
      latest().fail();
      vi.advanceTimersByTime(1000);
      latest().open();
      expect(latest().sent).toEqual([]);
      expect(events).toEqual([]);
      client.close();
    });

    it("sends nothing twice when onStatus sends as the socket opens", () => {
      const client = start({
        onStatus: (status) => {
          if (status === "open") client.send(gameData(9));
        },
      });
      const queued = client.send(gameData(1));
      latest().open();
      expect(
        latest().frames.map((frame) => (frame.data as { score: number }).score),
      ).toEqual([1, 9]);
      expect(latest().frames[0].id).toBe(queued);
      client.close();
    });

    it("lets an error carrying an id settle that event, and passes the error on", () => {
      const client = start();
      latest().open();
      const [a, b] = [client.send(gameData(1)), client.send(gameData(2))];
      latest().receiveJson({
        event: "error",
        data: { message: "Unknown or malformed event: game_data", id: a },
      });
      latest().receiveJson({
        event: "error",
        data: { message: "Messages need an event name" },
      });
      expect(events).toEqual([
        {
          event: "error",
          data: { message: "Unknown or malformed event: game_data", id: a },
        },
        { event: "error", data: { message: "Messages need an event name" } },
      ]);
      latest().fail();
      vi.advanceTimersByTime(1000);
      latest().open();
      expect(latest().frames.map((frame) => frame.id)).toEqual([b]);
      client.close();
    });

    it("lets an event carrying an ack settle that event, and passes the event on (a chat echo, ADR 058)", () => {
      const client = start();
      latest().open();
      const [a, b] = [client.send(gameData(1)), client.send(gameData(2))];
      const echo = {
        event: "new_message",
        data: { msg_id: "m1", content: "hi" },
        ack: a,
      };
      latest().receiveJson(echo);
      // Not an id of this tab's (another tab's echo), or not a string: nothing settles.
      latest().receiveJson({ ...echo, ack: "another-tabs-id" });
      latest().receiveJson({ ...echo, ack: 42 });
      expect(events).toEqual([
        echo,
        { ...echo, ack: "another-tabs-id" },
        { ...echo, ack: 42 },
      ]);
      latest().fail();
      vi.advanceTimersByTime(1000);
      latest().open();
      expect(latest().frames.map((frame) => frame.id)).toEqual([b]);
      client.close();
    });

    it("never queues a ping", () => {
      const client = start();
      expect(client.send({ event: "ping" })).toBeUndefined();
      latest().open();
      expect(latest().sent).toEqual([]);
      client.send({ event: "ping" });
      expect(latest().sent).toEqual(['{"event":"ping"}']);
      latest().fail();
      vi.advanceTimersByTime(1000);
      latest().open();
      expect(latest().sent).toEqual([]);
      client.close();
    });

    it("sends the unqueued kinds only while open, without an id, and never again", () => {
      const note = { event: "typing_note" as const, data: { to: 2 } };
      const client = start({ unqueued: new Set(["typing_note"]) });
      // Before the first open: dropped, not held for it.
      expect(client.send(note)).toBeUndefined();
      latest().open();
      expect(latest().sent).toEqual([]);

      expect(client.send(note)).toBeUndefined();
      const queued = client.send(gameData(1));
      expect(latest().frames).toEqual([
        { event: "typing_note", data: note.data },
        { event: "game_data", id: queued, data: { score: 1 } },
      ]);

      // No ack comes for it, and a reconnection resends only the queued event.
      latest().fail();
      vi.advanceTimersByTime(1000);
      expect(client.send(note)).toBeUndefined(); // while reconnecting: dropped
      latest().open();
      expect(latest().frames).toEqual([
        { event: "game_data", id: queued, data: { score: 1 } },
      ]);
      client.close();
    });

    it("sends the unanswered kinds without an id, in order with the queued ones, until something sent after them is answered", () => {
      const receipt = (msgId: string) => ({
        event: "messages_received" as const,
        data: { friendId: 2, msg_ids: [msgId] },
      });
      const frameOf = (msgId: string) => ({
        event: "messages_received",
        data: receipt(msgId).data,
      });
      const reconnect = () => {
        latest().fail();
        vi.advanceTimersByTime(1000);
        latest().open();
      };
      const client = start({ unanswered: new Set(["messages_received"]) });
      // Before the first open (a page acknowledging what its loader brought): kept, in order with a queued report.
      expect(client.send(receipt("loaded-1"))).toBeUndefined();
      const report = client.send(gameData(1));
      latest().open();
      expect(latest().frames).toEqual([
        frameOf("loaded-1"),
        { event: "game_data", id: report, data: { score: 1 } },
      ]);

      // While open, at once; then a later one, after the report. The link dies with nothing answered: both go again,
      // each in its place.
      client.send(receipt("live-1"));
      expect(latest().frames.at(-1)).toEqual(frameOf("live-1"));
      reconnect();
      expect(latest().frames).toEqual([
        frameOf("loaded-1"),
        { event: "game_data", id: report, data: { score: 1 } },
        frameOf("live-1"),
      ]);

      // The report's ack shows the server had what went before it, not what went after.
      latest().receiveJson({ event: "ack", data: { id: report } });
      reconnect();
      expect(latest().frames).toEqual([frameOf("live-1")]);

      // A pong answers a ping sent after it.
      latest().answersPings = false;
      vi.advanceTimersByTime(25_000);
      expect(latest().sent.at(-1)).toBe('{"event":"ping"}');
      client.send(receipt("after-ping"));
      latest().receiveJson({ event: "pong" });
      reconnect();
      expect(latest().frames).toEqual([frameOf("after-ping")]);
      client.close();
    });
  });

  describe("keep-alive", () => {
    it("pings every 25 s while open, without an id", () => {
      const client = start();
      vi.advanceTimersByTime(19_000);
      latest().open();
      vi.advanceTimersByTime(24_999);
      expect(latest().sent).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(latest().sent).toEqual(['{"event":"ping"}']);
      for (let i = 0; i < 2; i++) {
        latest().receiveJson({ event: "pong" });
        vi.advanceTimersByTime(25_000);
      }
      expect(latest().sent).toEqual([
        '{"event":"ping"}',
        '{"event":"ping"}',
        '{"event":"ping"}',
      ]);
      latest().receiveJson({ event: "pong" });
      expect(events).toEqual([]);
      expect(sockets()).toHaveLength(1);
      client.close();
    });

    it("sends no ping while other frames go both ways, pings once they stop, and still finds a link that died", () => {
      const client = start({ pingIntervalMs: 3_000, pongTimeoutMs: 3_000 });
      latest().open();
      const pings = () =>
        latest().sent.filter((frame) => frame === '{"event":"ping"}').length;
      const note = { event: "typing_note" as const, data: { to: 2 } };
      const heard = () =>
        latest().receiveJson({
          event: "typing_note",
          data: { from: 2, to: 1, chat_id: "1_2", sender_name: "Bea" },
        });

      // A busy chat: in every interval the tab sends something and hears something.
      for (let i = 0; i < 4; i++) {
        client.send(note);
        heard();
        vi.advanceTimersByTime(3_000);
      }
      expect(pings()).toBe(0);
      // One way only proves nothing: sending without hearing, or hearing without sending.
      client.send(note);
      vi.advanceTimersByTime(3_000);
      expect(pings()).toBe(1);
      heard();
      vi.advanceTimersByTime(3_000);
      expect(pings()).toBe(2);
      // Pongs and pings are not traffic: a quiet link pings every interval.
      vi.advanceTimersByTime(6_000);
      expect(pings()).toBe(4);

      // Busy, then the link dies without a close: the first interval with nothing heard pings, and nothing answers.
      client.send(note);
      heard();
      latest().answersPings = false;
      vi.advanceTimersByTime(3_000);
      expect(pings()).toBe(4);
      vi.advanceTimersByTime(3_000);
      expect(pings()).toBe(5);
      expect(statuses.at(-1)).toBe("open");
      vi.advanceTimersByTime(3_000);
      expect(statuses.at(-1)).toBe("reconnecting");
      client.close();
    });

    it("treats a ping that nothing answers as a dead link: reconnecting, then a fresh socket", () => {
      const client = start({ pingIntervalMs: 2_000, pongTimeoutMs: 3_000 });
      latest().open();
      const dead = latest();
      dead.answersPings = false;
      vi.advanceTimersByTime(2_000);
      expect(dead.sent).toEqual(['{"event":"ping"}']);
      // Any frame shows the link is alive, not only a pong.
      dead.receiveJson({
        event: "connected",
        data: { userId: 1, connections: 1 },
      });
      vi.advanceTimersByTime(2_000);
      vi.advanceTimersByTime(2_999);
      expect(statuses.at(-1)).toBe("open");
      // The network went away without a close: the second ping is never answered.
      vi.advanceTimersByTime(1);
      expect(dead.closed).toBe(true);
      expect(statuses.at(-1)).toBe("reconnecting");
      vi.advanceTimersByTime(1_000);
      expect(sockets()).toHaveLength(2);
      latest().open();
      expect(statuses.at(-1)).toBe("open");
      client.close();
    });

    it("treats a caller's ping that nothing answers as a dead link too (the waiting page's pings)", () => {
      const client = start({ pingIntervalMs: 60_000, pongTimeoutMs: 3_000 });
      latest().open();
      const dead = latest();
      dead.answersPings = false;
      client.send({ event: "ping" });
      vi.advanceTimersByTime(2_999);
      expect(statuses.at(-1)).toBe("open");
      vi.advanceTimersByTime(1);
      expect(dead.closed).toBe(true);
      expect(statuses.at(-1)).toBe("reconnecting");
      client.close();
    });

    it("stops pinging while disconnected and starts afresh on reopen", () => {
      const client = start({ pingIntervalMs: 10_000 });
      latest().open();
      const first = latest();
      vi.advanceTimersByTime(10_000);
      expect(first.sent).toHaveLength(1);
      first.fail();
      vi.advanceTimersByTime(1000);
      const second = latest();
      vi.advanceTimersByTime(15_000);
      expect(second.sent).toEqual([]); // still connecting: no pings
      expect(first.sent).toHaveLength(1);
      second.open();
      vi.advanceTimersByTime(10_000);
      expect(second.sent).toEqual(['{"event":"ping"}']);
      client.close();
    });
  });

  describe("close()", () => {
    it("closes the socket, reports closed and never reconnects", () => {
      const client = start();
      latest().open();
      const socket = latest();
      client.close();
      expect(socket.closed).toBe(true);
      expect(socket.closeCode).toBe(1000);
      expect(client.status).toBe("closed");
      expect(statuses).toEqual(["connecting", "open", "closed"]);
      socket.fail();
      vi.advanceTimersByTime(600_000);
      expect(sockets()).toHaveLength(1);
      expect(statuses.at(-1)).toBe("closed");
      expect(vi.getTimerCount()).toBe(0);
    });

    it("cancels a pending reconnect", () => {
      const client = start();
      latest().open();
      latest().fail();
      client.close();
      vi.advanceTimersByTime(600_000);
      expect(sockets()).toHaveLength(1);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("abandons an attempt still connecting", () => {
      const client = start();
      client.close();
      expect(latest().closed).toBe(true);
      latest().open();
      expect(client.status).toBe("closed");
      vi.advanceTimersByTime(600_000);
      expect(sockets()).toHaveLength(1);
    });

    it("makes send a no-op and can be called twice", () => {
      const client = start();
      latest().open();
      client.close();
      client.close();
      expect(
        client.send({
          event: "game_data",
          data: { score: 1 },
        }),
      ).toBeUndefined();
      expect(latest().sent).toEqual([]);
      expect(statuses).toEqual(["connecting", "open", "closed"]);
    });

    it("stops a client closed from its own status callback", () => {
      const client = start({
        onStatus: (status) => {
          statuses.push(status);
          if (status === "reconnecting") client.close();
        },
      });
      latest().fail();
      vi.advanceTimersByTime(600_000);
      expect(sockets()).toHaveLength(1);
      expect(client.status).toBe("closed");
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it("retries when the WebSocket constructor throws", () => {
    let calls = 0;
    class Throwing extends FakeWebSocket {
      constructor(url: string) {
        calls += 1;
        if (calls === 1) throw new SyntaxError("bad url");
        super(url);
      }
    }
    const client = start({
      WebSocketImpl: Throwing as unknown as typeof WebSocket,
    });
    expect(client.status).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    expect(sockets()).toHaveLength(1);
    latest().open();
    expect(client.status).toBe("open");
    client.close();
  });
});

describe("a session that ended", () => {
  it("stops for good when the server closes with the signed-out code, and says so", () => {
    let signedOut = 0;
    const client = start({ onSignedOut: () => signedOut++ });
    latest().open();
    client.send({ event: "typing_note", data: { to: 2 } });
    latest().close(4001);
    expect(signedOut).toBe(1);
    expect(client.status).toBe("closed");
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(1);
    expect(
      client.send({ event: "typing_note", data: { to: 2 } }),
    ).toBeUndefined();
  });

  it("still reconnects after any other close", () => {
    const client = start();
    latest().open();
    latest().close(1011);
    vi.advanceTimersByTime(1_000);
    expect(sockets()).toHaveLength(2);
    client.close();
  });
});
