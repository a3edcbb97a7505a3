import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationView } from "#contract/coins";
import {
  RECEIPT_MAX_IDS,
  RECEIPT_SILENCE_MS,
  SILENT_CLOSE_CODE,
} from "#contract/user-socket";
import { conversationOf, hubOf } from "../../workers/durable-objects/hubs";
import type { UserHub } from "../../workers/durable-objects/UserHub";
import { storedStatuses } from "./conversation-rows";
import {
  connect,
  makeFriends,
  newPlayer,
  seed,
  type EventOf,
  type Player,
} from "./helpers";

beforeAll(seed);

let sequence = 0;
const msgId = () =>
  `dlv-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

async function friends(first: string, second: string) {
  const [ann, bob] = [await newPlayer(first), await newPlayer(second)];
  await makeFriends(ann, bob);
  return { ann, bob };
}

type Socket = Awaited<ReturnType<typeof connect>>;

/** `from` sends a message to `to` and waits for its ack: the Conversation has stored it and handed it over. */
async function say(from: Socket, to: Player, content: string, id = msgId()) {
  const eventId = `say-${id}`;
  from.send({
    event: "new_message",
    id: eventId,
    data: { to: to.userId, content, msg_id: id },
  });
  await from.take(
    (event) => event.event === "ack" && event.data.id === eventId,
    `the ack of ${content}`,
  );
  return id;
}

/** A round trip through the hub: whatever it sent this socket before is in the queue after this. */
async function sync(socket: Socket) {
  const id = `sync-${(sequence++).toString(36)}`;
  socket.send({ event: "ping", id });
  await socket.take(
    (event) => event.event === "ack" && event.data.id === id,
    "the ack of a ping",
  );
}

/** The tab acknowledges `from`'s messages `msgIds` and waits for the receipt's ack: the Conversation has stored it. */
async function acknowledge(socket: Socket, from: Player, msgIds: string[]) {
  const id = `rcpt-${(sequence++).toString(36)}`;
  socket.send({
    event: "messages_received",
    id,
    data: { friendId: from.userId, msg_ids: msgIds },
  });
  await socket.take(
    (event) => event.event === "ack" && event.data.id === id,
    "the receipt's ack",
  );
}

/** Stores `from`'s message to `to` as sent (0) without handing it to `to`'s hub, as when that hub cannot be reached. */
async function storeWithoutHandOver(
  from: Player,
  to: Player,
  msgId: string,
  content: string,
) {
  await runInDurableObject(
    conversationOf(env, from.userId, to.userId),
    (_conversation, state) => {
      state.storage.sql.exec(
        "insert into messages (msg_id, sender_id, recipient_id, content, sender_name, status, created_at) values (?, ?, ?, ?, ?, 0, ?)",
        msgId,
        from.userId,
        to.userId,
        content,
        from.name,
        Date.now(),
      );
    },
  );
}

async function receivedIds(socket: Socket, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++)
    ids.push((await socket.next("new_message")).data.msg_id);
  return ids;
}

const statusesOf = async (ann: Player, bob: Player) =>
  (await storedStatuses(ann.userId, bob.userId)).map(
    (message) => message.status,
  );

describe("delivered means the recipient's client has the message", () => {
  it("keeps a message sent (0) when the recipient's socket drops before acknowledging, sends it again on the next connection, and counts it delivered (1) only on the acknowledgement", async () => {
    const { ann, bob } = await friends("Drop Ann", "Drop Bob");
    const a = await connect(ann);
    const first = await connect(bob);
    const id = await say(a, bob, "Are you there?");
    expect((await first.next("new_message")).data).toMatchObject({
      msg_id: id,
      content: "Are you there?",
    });
    first.socket.close(1000, "gone");
    expect(await statusesOf(ann, bob)).toEqual([0]);

    const second = await connect(bob);
    const again = await second.next("new_message");
    expect(again.data).toMatchObject({ msg_id: id, status: 0 });
    expect(again.redelivered).toBe(true);
    await sync(second);
    expect(second.has("new_message")).toBe(false);
    expect(await statusesOf(ann, bob)).toEqual([0]);
    expect(a.has("new_message_delivery")).toBe(false);

    await acknowledge(second, ann, [id]);
    expect(await statusesOf(ann, bob)).toEqual([1]);
    expect((await a.next("new_message_delivery")).data).toMatchObject({
      msg_id: id,
      status: 1,
    });

    // Acknowledged: the next connection gets nothing again, and a second acknowledgement changes nothing.
    second.socket.close(1000, "gone");
    const third = await connect(bob);
    await sync(third);
    expect(third.has("new_message")).toBe(false);
    await acknowledge(third, ann, [id]);
    expect(await statusesOf(ann, bob)).toEqual([1]);
    expect(a.has("new_message_delivery")).toBe(false);
    for (const socket of [a, third]) socket.socket.close(1000, "done");
  });

  it("sends what was not acknowledged once per connection and in order, with live messages after it", async () => {
    const { ann, bob } = await friends("Order Ann", "Order Bob");
    const a = await connect(ann);
    const early: string[] = [];
    for (let index = 1; index <= 5; index++)
      early.push(await say(a, bob, `Early ${index}`));

    const b = await connect(bob);
    // Sent while the new connection may still be catching up with the first five.
    const late: string[] = [];
    for (let index = 1; index <= 3; index++)
      late.push(await say(a, bob, `Late ${index}`));
    expect(await receivedIds(b, 8)).toEqual([...early, ...late]);

    // A resend of a message (the sender's outbox after a reconnect) is stored once and not sent again on this
    // connection.
    await say(a, bob, "Late 3", late[2]);
    await sync(b);
    expect(b.has("new_message")).toBe(false);
    expect(await statusesOf(ann, bob)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);

    // Part acknowledged, then a new connection: only the rest comes again, in order.
    await acknowledge(b, ann, [early[0], early[1], late[0]]);
    expect(await statusesOf(ann, bob)).toEqual([1, 1, 0, 0, 0, 1, 0, 0]);
    // The sender hears 'delivered' up to the last message with none missing before it.
    expect((await a.next("new_message_delivery")).data).toMatchObject({
      msg_id: early[1],
      status: 1,
    });
    b.socket.close(1000, "gone");
    const next = await connect(bob);
    expect(await receivedIds(next, 5)).toEqual([
      early[2],
      early[3],
      early[4],
      late[1],
      late[2],
    ]);
    await sync(next);
    expect(next.has("new_message")).toBe(false);
    for (const socket of [a, next]) socket.socket.close(1000, "done");
  });

  it("gets a message to the new socket live when the old one died without closing, and takes its receipt, sent without an id as a tab sends it, with no frame back", async () => {
    const { ann, bob } = await friends("Reset Ann", "Reset Bob");
    const a = await connect(ann);
    // The old link is dead but the server still holds it open: whatever goes there is lost.
    const stale = await connect(bob);
    const fresh = await connect(bob);
    const id = await say(a, bob, "After the reset");
    expect((await fresh.next("new_message")).data.msg_id).toBe(id);
    const mark = fresh.frames.length;
    fresh.send({
      event: "messages_received",
      data: { friendId: ann.userId, msg_ids: [id] },
    });
    expect((await a.next("new_message_delivery")).data).toMatchObject({
      msg_id: id,
      status: 1,
    });
    expect(await statusesOf(ann, bob)).toEqual([1]);
    await sync(fresh);
    // Only the sync's own pong and ack came back.
    expect(framesAfter(fresh, mark).map((frame) => frame.event)).toEqual([
      "pong",
      "ack",
    ]);
    for (const socket of [a, stale, fresh]) socket.socket.close(1000, "done");
  });

  it("closes a socket whose tab stops acknowledging what it is sent while its pings still come, and the tab's next connection gets the message", async () => {
    const { ann, bob } = await friends("Deaf Ann", "Deaf Bob");
    const a = await connect(ann);
    const deaf = await connect(bob);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      deaf.socket.addEventListener("close", ({ code, reason }) =>
        resolve({ code, reason }),
      ),
    );
    // What the hub sends stops arriving (the tab never answers it); its pings go on.
    const id = await say(a, bob, "Hello? Anyone?");
    await deaf.next("new_message");
    const aged = () =>
      runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
        hub.age(RECEIPT_SILENCE_MS - 1_000),
      );
    const count = () =>
      runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
        hub.connectionCount(),
      );
    await aged();
    await deaf.barrier();
    await runDurableObjectAlarm(hubOf(env, bob.userId));
    expect(await count()).toBe(1);

    await aged();
    await deaf.barrier();
    await runDurableObjectAlarm(hubOf(env, bob.userId));
    expect(await closed).toEqual({
      code: SILENT_CLOSE_CODE,
      reason: "Nothing acknowledged",
    });
    expect(await count()).toBe(0);
    const again = await connect(bob);
    expect((await again.next("new_message")).data.msg_id).toBe(id);
  });

  it("gets a message whose hand-over failed to the open tab when the Conversation's alarm tells the hub, though a later one went first", async () => {
    const { ann, bob } = await friends("Late Ann", "Late Bob");
    const a = await connect(ann);
    const b = await connect(bob);
    await say(a, bob, "One");
    await b.next("new_message");
    // "Two" is stored, and its hand-over to Bob's hub fails (as when the hub cannot be reached): nothing reaches him.
    await storeWithoutHandOver(ann, bob, "late-two", "Two");
    await say(a, bob, "Three");
    expect((await b.next("new_message")).data.content).toBe("Three");
    // The Conversation's alarm tells Bob's hub of what it could not hand over.
    await runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
      hub.notePending(ann.userId),
    );
    const late = (await b.next("new_message")).data;
    expect(late).toMatchObject({ msg_id: "late-two", content: "Two" });
    expect(late.seq).toBeLessThan(3);
    // "One" and "Three" are on their way to being acknowledged: not sent again.
    await sync(b);
    expect(b.has("new_message")).toBe(false);
  });

  it("does not send a message again to the tab that acknowledged it while the Conversation has yet to store the acknowledgement", async () => {
    const { ann, bob } = await friends("Prompt Ann", "Prompt Bob");
    const a = await connect(ann);
    const b = await connect(bob);
    const one = await say(a, bob, "One");
    await b.next("new_message");
    await acknowledge(b, ann, [one]);
    // The hub has the receipt; the Conversation stores it later, in a batch. Until then it still lists "One", as
    // here, beside "Two", stored without a hand-over.
    await runInDurableObject(
      conversationOf(env, ann.userId, bob.userId),
      (_conversation, state) => {
        state.storage.sql.exec(
          "update messages set status = 0 where msg_id = ?",
          one,
        );
      },
    );
    await storeWithoutHandOver(ann, bob, "prompt-two", "Two");
    await runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
      hub.notePending(ann.userId),
    );
    expect((await b.next("new_message")).data.msg_id).toBe("prompt-two");
    await sync(b);
    expect(b.has("new_message")).toBe(false);
  });

  it("keeps a socket whose tab acknowledges what it is sent, however long it stays", async () => {
    const { ann, bob } = await friends("Keen Ann", "Keen Bob");
    const a = await connect(ann);
    const keen = await connect(bob);
    const id = await say(a, bob, "Still there?");
    await keen.next("new_message");
    await acknowledge(keen, ann, [id]);
    await runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
      hub.age(RECEIPT_SILENCE_MS * 3),
    );
    await keen.barrier();
    await runDurableObjectAlarm(hubOf(env, bob.userId));
    expect(
      await runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
        hub.connectionCount(),
      ),
    ).toBe(1);
  });

  it("raises to seen (2) only what was acknowledged, and the message the report names", async () => {
    const { ann, bob } = await friends("Seen Ann", "Seen Bob");
    const a = await connect(ann);
    const b = await connect(bob);
    const ids = [
      await say(a, bob, "One"),
      await say(a, bob, "Two"),
      await say(a, bob, "Three"),
    ];
    await receivedIds(b, 3);
    // Seen "all" before any acknowledgement: nothing was delivered, so nothing rises.
    b.send({
      event: "message_status",
      id: "all",
      data: { friendId: ann.userId, status: 2 },
    });
    await b.next("ack");
    expect(await statusesOf(ann, bob)).toEqual([0, 0, 0]);

    b.send({
      event: "messages_received",
      data: { friendId: ann.userId, msg_ids: [ids[0]] },
    });
    b.send({
      event: "message_status",
      id: "named",
      data: { friendId: ann.userId, msg_id: ids[2], status: 2 },
    });
    await b.take(
      (event) => event.event === "ack" && event.data.id === "named",
      "the ack of the report",
    );
    expect(await statusesOf(ann, bob)).toEqual([2, 0, 2]);
    for (const socket of [a, b]) socket.socket.close(1000, "done");
  });

  it("refuses malformed receipts and leaves messages to others alone", async () => {
    const { ann, bob } = await friends("Receipt Ann", "Receipt Bob");
    const a = await connect(ann);
    const id = await say(a, bob, "For Bob only");
    const tooMany = Array.from(
      { length: RECEIPT_MAX_IDS + 1 },
      (_, index) => `id-${String(index).padStart(4, "0")}`,
    );
    for (const data of [
      { friendId: bob.userId, msg_ids: tooMany },
      { friendId: bob.userId, msg_ids: [] },
      { friendId: bob.userId, msg_ids: ["no spaces allowed"] },
      { friendId: bob.userId, msg_ids: ["x".repeat(65)] },
      { friendId: -1, msg_ids: [id] },
    ]) {
      a.send({ event: "messages_received", id: "bad", data });
      const refused = await a.next("error");
      expect(refused.data.id).toBe("bad");
      expect(refused.data.message).toMatch(/^Malformed messages_received: /);
    }
    a.send({
      event: "notifications_received",
      id: "bad-note",
      data: { ids: [0] },
    });
    expect((await a.next("error")).data.id).toBe("bad-note");

    // Ann names her own message to Bob: only its recipient's client can make it delivered.
    a.send({
      event: "messages_received",
      id: "own",
      data: { friendId: bob.userId, msg_ids: [id] },
    });
    await a.next("ack");
    expect(await statusesOf(ann, bob)).toEqual([0]);
    a.socket.close(1000, "done");
  });
});

/** The events of the frames a socket got after the `mark`-th, as they came (not as a client reads them). */
const framesAfter = (socket: Socket, mark: number) =>
  socket.frames
    .slice(mark)
    .map((raw) => JSON.parse(raw) as { event: string; data?: { id?: string } });

describe("a chat message's frames (ADR 058)", () => {
  it("answers a new message with one frame to each of the sender's tabs: its echo, carrying the sending tab's ack", async () => {
    const { ann, bob } = await friends("Frame Ann", "Frame Bob");
    const [a, otherTab, b] = [
      await connect(ann),
      await connect(ann),
      await connect(bob),
    ];
    const mark = a.frames.length;
    const id = msgId();
    a.send({
      event: "new_message",
      id: "one-frame",
      data: { to: bob.userId, content: "One frame", msg_id: id },
    });
    const echo = await a.next("new_message");
    expect(echo.data).toMatchObject({ msg_id: id, content: "One frame" });
    expect(echo.ack).toBe("one-frame");
    expect((await otherTab.next("new_message")).data.msg_id).toBe(id);
    expect((await b.next("new_message")).data.msg_id).toBe(id);
    await sync(a);
    const answers = framesAfter(a, mark).filter(
      (frame) =>
        frame.data?.id === "one-frame" || frame.event === "new_message",
    );
    expect(answers.map((frame) => frame.event)).toEqual(["new_message"]);

    // A resend of a stored message has no echo: it gets its ack frame, as before.
    const resendMark = a.frames.length;
    a.send({
      event: "new_message",
      id: "resent",
      data: { to: bob.userId, content: "One frame", msg_id: id },
    });
    await a.take(
      (event) => event.event === "ack" && event.data.id === "resent",
      "the resend's ack",
    );
    expect(framesAfter(a, resendMark).map((frame) => frame.event)).toEqual([
      "ack",
    ]);
    for (const socket of [a, otherTab, b]) socket.socket.close(1000, "done");
  });
});

describe("notifications pushed on the user socket", () => {
  const challengeFrom = (
    to: Player,
    id: number,
  ): { event: "new_challenge"; data: NotificationView } => ({
    event: "new_challenge",
    data: {
      _id: id,
      type: "challenge",
      content: "Dee challenged you",
      user: to.userId,
      notification_data: { challengeId: id, gameId: 1 },
      read: false,
      created_dt: new Date().toISOString(),
    },
  });

  it("sends a notification pushed to an open tab again on each new connection until a client acknowledges it", async () => {
    const dee = await newPlayer("Note Dee");
    const push = (id: number, event: "new_challenge" | "notification") =>
      hubOf(env, dee.userId).push({ ...challengeFrom(dee, id), event });
    const first = await connect(dee);
    // Notification ids are the D1 rows'; any will do for the hub.
    await push(900_001, "new_challenge");
    expect((await first.next("new_challenge")).data._id).toBe(900_001);
    first.socket.close(1000, "gone");

    // One pushed while nobody is connected is not kept: the next page has it in its unread count and list.
    await push(900_002, "new_challenge");
    const second = await connect(dee);
    expect(await second.next("new_challenge")).toMatchObject({
      redelivered: true,
      data: { _id: 900_001 },
    });
    // Pushed while this connection is open: once.
    await push(900_003, "notification");
    expect((await second.next("notification")).data._id).toBe(900_003);
    await sync(second);
    expect(second.has("new_challenge") || second.has("notification")).toBe(
      false,
    );

    // Neither acknowledged yet: a second tab gets both, in the order they were made.
    const third = await connect(dee);
    const isNote = (event: { event: string }) =>
      event.event === "new_challenge" || event.event === "notification";
    const notes = [
      await third.take(isNote, "a notification"),
      await third.take(isNote, "another notification"),
    ] as Array<EventOf<"notification">>;
    expect(
      notes.map((event) => [event.event, event.data._id, event.redelivered]),
    ).toEqual([
      ["new_challenge", 900_001, true],
      ["notification", 900_003, true],
    ]);

    second.send({
      event: "notifications_received",
      id: "n1",
      data: { ids: [900_001] },
    });
    await second.next("ack");
    for (const socket of [second, third]) socket.socket.close(1000, "gone");
    const fourth = await connect(dee);
    expect((await fourth.next("notification")).data._id).toBe(900_003);
    await sync(fourth);
    expect(fourth.has("new_challenge") || fourth.has("notification")).toBe(
      false,
    );
    fourth.socket.close(1000, "done");
  });
});
