import { describe, expect, it } from "vitest";
import {
  ACKNOWLEDGED_KEPT_MS,
  ConnectionLedger,
  type ReceiptEvent,
} from "./connection-ledger";

const chat = (friendId: number, seq: number): ReceiptEvent => ({
  event: "new_message",
  data: {
    chat_id: "1-2",
    msg_id: `m-${friendId}-${seq}`,
    sender: friendId,
    sender_id: friendId,
    content: "hi",
    status: 0,
    created_dt: "2026-01-01T00:00:00.000Z",
    seq,
    user: 1,
    friend_id: friendId,
    sender_name: "Friend",
  },
});

const note = (id: number): ReceiptEvent => ({
  event: "notification",
  data: {
    _id: id,
    type: "challenge",
    content: "note",
    user: 1,
    notification_data: { challengeId: 1, gameId: 1 },
    read: false,
    created_dt: "2026-01-01T00:00:00.000Z",
  },
});

describe("ConnectionLedger", () => {
  it("holds live events back while a connection catches up, then lets through only what the catch-up did not send", () => {
    const ledger = new ConnectionLedger();
    ledger.opened("c1");
    expect(ledger.catchingUp("c1")).toBe(true);
    // Live while catching up: they wait.
    expect(ledger.offer("c1", chat(2, 6))).toBe(false);
    expect(ledger.offer("c1", note(40))).toBe(false);
    expect(ledger.offer("c1", chat(2, 7))).toBe(false);
    // The catch-up re-sends what it read, the sixth included.
    for (const seq of [3, 5, 6])
      expect(ledger.offer("c1", chat(2, seq), true)).toBe(true);
    const waited = ledger.caughtUp("c1");
    expect(ledger.catchingUp("c1")).toBe(false);
    expect(waited.map((event) => event.event)).toEqual([
      "new_message",
      "notification",
      "new_message",
    ]);
    expect(waited.map((event) => ledger.offer("c1", event))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("never sends a friend's message twice on a connection, nor one that would overtake", () => {
    const ledger = new ConnectionLedger();
    ledger.opened("c1");
    ledger.caughtUp("c1");
    expect(ledger.offer("c1", chat(2, 4))).toBe(true);
    expect(ledger.offer("c1", chat(2, 4))).toBe(false);
    expect(ledger.offer("c1", chat(2, 3))).toBe(false);
    // Each friend and each connection counts on its own.
    expect(ledger.offer("c1", chat(5, 1))).toBe(true);
    ledger.opened("c2");
    expect(ledger.offer("c2", chat(2, 4), true)).toBe(true);
    expect(ledger.offer("c1", note(9))).toBe(true);
    expect(ledger.offer("c1", note(9))).toBe(false);
    expect(ledger.offer("c1", note(8))).toBe(true);
  });

  it("starts a new record for a connection it does not know (after the hub slept), and forgets closed ones", () => {
    const ledger = new ConnectionLedger();
    expect(ledger.offer("woken", chat(2, 10))).toBe(true);
    expect(ledger.offer("woken", chat(2, 10))).toBe(false);
    ledger.closed("woken");
    expect(ledger.catchingUp("woken")).toBe(false);
    expect(ledger.caughtUp("woken")).toEqual([]);
    expect(ledger.offer("woken", chat(2, 10))).toBe(true);
  });

  it("knows since when a connection has left something unacknowledged: the oldest event it was sent and did not answer", () => {
    const ledger = new ConnectionLedger();
    ledger.opened("c1");
    ledger.caughtUp("c1");
    expect(ledger.awaitingSince("c1")).toBeNull();
    expect(ledger.offer("c1", chat(2, 1), false, 1_000)).toBe(true);
    expect(ledger.offer("c1", note(7), false, 2_000)).toBe(true);
    expect(ledger.offer("c1", chat(2, 2), false, 3_000)).toBe(true);
    // A copy not sent again keeps its first time; one held back is not waited on.
    expect(ledger.offer("c1", chat(2, 1), false, 4_000)).toBe(false);
    expect(ledger.awaitingSince("c1")).toBe(1_000);
    // An acknowledgement of a later one says nothing of the first: it may be what never arrived.
    ledger.acknowledged("c1", "m", ["m-2-2"]);
    expect(ledger.awaitingSince("c1")).toBe(1_000);
    ledger.acknowledged("c1", "m", ["m-2-1"]);
    expect(ledger.awaitingSince("c1")).toBe(2_000);
    // A notification's id and a message's never stand for each other.
    ledger.acknowledged("c1", "m", ["7"]);
    expect(ledger.awaitingSince("c1")).toBe(2_000);
    ledger.acknowledged("c1", "n", [7]);
    expect(ledger.awaitingSince("c1")).toBeNull();
    // Another connection, and one closed, have nothing waiting.
    expect(ledger.awaitingSince("c2")).toBeNull();
    ledger.offer("c1", chat(2, 3), false, 5_000);
    ledger.closed("c1");
    expect(ledger.awaitingSince("c1")).toBeNull();
  });

  it("sends a message whose hand-over failed even below the position later ones reached, unless it waits on the connection unacknowledged", () => {
    const ledger = new ConnectionLedger();
    ledger.opened("c1");
    ledger.caughtUp("c1");
    expect(ledger.offer("c1", chat(2, 1))).toBe(true);
    // Message 2's hand-over failed; 3 went live. The Conversation's alarm then tells the hub of 2.
    expect(ledger.offer("c1", chat(2, 3))).toBe(true);
    expect(ledger.offer("c1", chat(2, 2))).toBe(false);
    expect(ledger.offerMissed("c1", chat(2, 2))).toBe(true);
    // Once sent, and while unacknowledged, not again; nor 1 and 3, on their way.
    expect(ledger.offerMissed("c1", chat(2, 2))).toBe(false);
    expect(ledger.offerMissed("c1", chat(2, 1))).toBe(false);
    expect(ledger.offerMissed("c1", chat(2, 3))).toBe(false);
    // The position stays where it was: a live message below it is still a repeat.
    expect(ledger.offer("c1", chat(2, 3))).toBe(false);
    expect(ledger.offer("c1", chat(2, 4))).toBe(true);
    // While a connection catches up, a missed message waits like a live one.
    ledger.opened("c2");
    expect(ledger.offerMissed("c2", chat(2, 2))).toBe(false);
    expect(ledger.caughtUp("c2")).toEqual([chat(2, 2)]);
  });

  it("does not send a missed message again to a connection that acknowledged it, while the Conversation may still list it", () => {
    const ledger = new ConnectionLedger();
    ledger.opened("c1");
    ledger.caughtUp("c1");
    expect(ledger.offer("c1", chat(2, 1), false, 1_000)).toBe(true);
    expect(ledger.offer("c1", chat(2, 2), false, 1_000)).toBe(true);
    // The tab acknowledges 1; the Conversation's alarm lists it before the acknowledgement is stored there.
    ledger.acknowledged("c1", "m", ["m-2-1"], 2_000);
    expect(ledger.offerMissed("c1", chat(2, 1), 2_500)).toBe(false);
    // An acknowledgement of what this connection was never sent proves nothing about it.
    ledger.acknowledged("c1", "m", ["m-2-9"], 2_000);
    expect(ledger.offerMissed("c1", chat(2, 9), 2_500)).toBe(true);
    // Long after, the acknowledgement is stored: a listing then is a message the tab lost, and it goes again.
    ledger.acknowledged("c1", "m", ["m-2-2"], 2_000 + ACKNOWLEDGED_KEPT_MS);
    expect(
      ledger.offerMissed("c1", chat(2, 1), 2_000 + ACKNOWLEDGED_KEPT_MS),
    ).toBe(true);
    expect(
      ledger.offerMissed("c1", chat(2, 2), 2_000 + ACKNOWLEDGED_KEPT_MS),
    ).toBe(false);
  });
});
