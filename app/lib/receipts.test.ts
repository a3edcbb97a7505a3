import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationView } from "#contract/coins";
import {
  RECEIPT_MAX_IDS,
  type UserClientEvent,
  type UserServerEvent,
} from "#contract/user-socket";
import { createReceipts } from "./receipts";
import { createSocketClient, type OutgoingEvent } from "./socket-client";

const VIEWER = 7;
const FRIEND = 9;

const message = (
  msgId: string,
  from = FRIEND,
  to = VIEWER,
  redelivered?: boolean,
): UserServerEvent => ({
  event: "new_message",
  data: {
    chat_id: `${Math.min(from, to)}-${Math.max(from, to)}`,
    msg_id: msgId,
    sender: from,
    sender_id: from,
    content: `text of ${msgId}`,
    status: 0,
    created_dt: "2026-01-01T00:00:00.000Z",
    seq: 1,
    user: to,
    friend_id: from,
    sender_name: "Friend",
  },
  ...(redelivered ? { redelivered } : {}),
});

const notification = (
  id: number,
  event: "new_challenge" | "notification" = "new_challenge",
): UserServerEvent => ({
  event,
  data: {
    _id: id,
    type: "challenge",
    content: "A challenge",
    user: VIEWER,
    notification_data: { challengeId: id, gameId: 1 },
    read: false,
    created_dt: "2026-01-01T00:00:00.000Z",
  } satisfies NotificationView,
});

let sent: Array<OutgoingEvent<UserClientEvent>>;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});

afterEach(() => {
  vi.useRealTimers();
});

const start = (options: { remember?: number } = {}) =>
  createReceipts({
    viewerId: VIEWER,
    send: (event) => sent.push(event),
    delayMs: 50,
    ...options,
  });

describe("createReceipts", () => {
  it("passes each message on once and acknowledges every copy, a batch per friend after the delay", () => {
    const receipts = start();
    expect(receipts.accept(message("m-0001"))).toBe(true);
    expect(receipts.accept(message("m-0002"))).toBe(true);
    expect(receipts.accept(message("m-0003", 11))).toBe(true);
    // Sent again after a reconnect: not shown twice.
    expect(receipts.accept(message("m-0001", FRIEND, VIEWER, true))).toBe(
      false,
    );
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      {
        event: "messages_received",
        data: { friendId: FRIEND, msg_ids: ["m-0001", "m-0002"] },
      },
      {
        event: "messages_received",
        data: { friendId: 11, msg_ids: ["m-0003"] },
      },
    ]);

    // A copy that comes after its acknowledgement went (which may be what was lost) is acknowledged again.
    sent = [];
    expect(receipts.accept(message("m-0002", FRIEND, VIEWER, true))).toBe(
      false,
    );
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      {
        event: "messages_received",
        data: { friendId: FRIEND, msg_ids: ["m-0002"] },
      },
    ]);
  });

  it("passes the viewer's own messages and other events on without acknowledging them", () => {
    const receipts = start();
    const echo = message("m-own", VIEWER, FRIEND);
    expect(receipts.accept(echo)).toBe(true);
    expect(receipts.accept(echo)).toBe(true);
    const others: UserServerEvent[] = [
      {
        event: "typing_note",
        data: { from: 9, to: 7, chat_id: "7-9", sender_name: "F" },
      },
      {
        event: "new_message_delivery",
        data: { chat_id: "7-9", msg_id: "m-own", status: 1 },
      },
      { event: "wallet_update", data: { wallet: 5 } },
      { event: "user-connection", data: { userId: 9, online: true } },
    ];
    for (const event of others) {
      expect(receipts.accept(event)).toBe(true);
      expect(receipts.accept(event)).toBe(true);
    }
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
  });

  it("passes each notification on once and acknowledges them together", () => {
    const receipts = start();
    expect(receipts.accept(notification(1))).toBe(true);
    expect(receipts.accept(notification(2, "notification"))).toBe(true);
    expect(receipts.accept(notification(1))).toBe(false);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      { event: "notifications_received", data: { ids: [1, 2] } },
    ]);
  });

  it("sends at once on flush, in frames of at most the server's limit", () => {
    const receipts = start();
    const ids = Array.from(
      { length: RECEIPT_MAX_IDS + 5 },
      (_, index) => `m-${String(index).padStart(4, "0")}`,
    );
    for (const id of ids) receipts.accept(message(id));
    receipts.flush();
    expect(sent.map((event) => event.event)).toEqual([
      "messages_received",
      "messages_received",
    ]);
    const named = sent.flatMap((event) =>
      event.event === "messages_received" ? event.data.msg_ids : [],
    );
    expect(named).toEqual(ids);
    expect(
      sent.every(
        (event) =>
          event.event === "messages_received" &&
          event.data.msg_ids.length <= RECEIPT_MAX_IDS,
      ),
    ).toBe(true);
    // Nothing is left for the timer.
    vi.advanceTimersByTime(50);
    expect(sent).toHaveLength(2);
  });

  it("forgets the oldest ids past what it remembers, and sends nothing once closed", () => {
    const receipts = start({ remember: 2 });
    receipts.accept(message("m-0001"));
    receipts.accept(message("m-0002"));
    receipts.accept(message("m-0003"));
    expect(receipts.accept(message("m-0003"))).toBe(false);
    expect(receipts.accept(message("m-0001"))).toBe(true);
    receipts.close();
    vi.advanceTimersByTime(50);
    receipts.flush();
    expect(sent).toEqual([]);
  });
});

describe("receipts with the socket client", () => {
  /** A WebSocket stand-in: records frames; the test opens it, delivers frames and breaks it. */
  class FakeWebSocket {
    static instances: FakeWebSocket[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    readonly sent: Array<{ event: string; id?: string; data?: unknown }> = [];
    constructor() {
      FakeWebSocket.instances.push(this);
    }
    send(frame: string) {
      this.sent.push(
        JSON.parse(frame) as { event: string; id?: string; data?: unknown },
      );
    }
    close() {}
  }

  it("shows a message re-sent after its acknowledgement was lost once, and acknowledges it on the new connection", () => {
    FakeWebSocket.instances = [];
    const shown: UserServerEvent[] = [];
    const client = createSocketClient<UserClientEvent, UserServerEvent>({
      url: "wss://playfeed.test/ws",
      WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
      minDelayMs: 10,
      onEvent: (event) => {
        if (receipts.accept(event)) shown.push(event);
      },
    });
    const receipts = createReceipts({
      viewerId: VIEWER,
      send: (event) => client.send(event),
      delayMs: 50,
    });
    const first = FakeWebSocket.instances[0];
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify(message("m-0001")) });
    vi.advanceTimersByTime(50);
    const receipt = first.sent.find(
      (frame) => frame.event === "messages_received",
    );
    expect(receipt?.data).toEqual({ friendId: FRIEND, msg_ids: ["m-0001"] });

    // The link drops before the server's ack of the receipt: the server sends the message again.
    first.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(10);
    const second = FakeWebSocket.instances[1];
    second.onopen?.();
    // The unacknowledged receipt goes again first, then the copy comes and is acknowledged too.
    expect(second.sent).toEqual([receipt]);
    second.onmessage?.({
      data: JSON.stringify(message("m-0001", FRIEND, VIEWER, true)),
    });
    vi.advanceTimersByTime(50);
    expect(
      second.sent.filter((frame) => frame.event === "messages_received"),
    ).toHaveLength(2);
    expect(shown.filter((event) => event.event === "new_message")).toHaveLength(
      1,
    );
    client.close();
  });
});
