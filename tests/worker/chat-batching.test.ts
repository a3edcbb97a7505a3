import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { conversationOf } from "../../workers/durable-objects/hubs";
import { storedStatuses } from "./conversation-rows";
import {
  connect,
  getJson,
  makeFriends,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

const auth = (player: Player): RequestInit => ({
  headers: { Authorization: `Bearer ${player.token}` },
});

/** Below the per-user message limit (60 in 30 s), so every one is stored. */
const EACH = 50;

let sequence = 0;
const msgId = (who: string) =>
  `bat-${who}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

async function friends(first: string, second: string) {
  const [ann, bob] = [await newPlayer(first), await newPlayer(second)];
  await makeFriends(ann, bob);
  return { ann, bob };
}

type Socket = Awaited<ReturnType<typeof connect>>;

/** The next `count` chat messages this socket got from `sender`, as ids, in the order they came. */
async function messagesFrom(socket: Socket, sender: Player, count: number) {
  const ids: string[] = [];
  while (ids.length < count) {
    const event = await socket.take(
      (event) =>
        event.event === "new_message" && event.data.sender_id === sender.userId,
      `a message from ${sender.name}`,
    );
    if (event.event === "new_message") ids.push(event.data.msg_id);
  }
  return ids;
}

async function acks(socket: Socket, ids: string[]) {
  for (const id of ids)
    await socket.take(
      (event) => event.event === "ack" && event.data.id === id,
      `the ack of ${id}`,
    );
}

/** Waits until the stored statuses satisfy `done` (the receipts go in batches too). */
async function statusesUntil(
  ann: Player,
  bob: Player,
  done: (statuses: number[]) => boolean,
) {
  let statuses: number[] = [];
  await vi
    .waitFor(
      async () => {
        statuses = (await storedStatuses(ann.userId, bob.userId)).map(
          (row) => row.status,
        );
        if (!done(statuses)) throw new Error("not yet");
      },
      { timeout: 5_000, interval: 50 },
    )
    // The caller's assertion says what the statuses were instead.
    .catch(() => {});
  return statuses;
}

describe("messages sent in batches", () => {
  it("stores and delivers many messages sent at once from both sides exactly once and in each sender's order", async () => {
    const { ann, bob } = await friends("Batch Ann", "Batch Bob");
    const a = await connect(ann);
    const b = await connect(bob);
    const fromAnn = Array.from({ length: EACH }, () => msgId("ann"));
    const fromBob = Array.from({ length: EACH }, () => msgId("bob"));
    // All frames in one turn, interleaved: the hubs gather what comes while their previous call is on its way.
    for (let index = 0; index < EACH; index++) {
      a.send({
        event: "new_message",
        id: fromAnn[index],
        data: {
          to: bob.userId,
          content: `ann ${index}`,
          msg_id: fromAnn[index],
        },
      });
      b.send({
        event: "new_message",
        id: fromBob[index],
        data: {
          to: ann.userId,
          content: `bob ${index}`,
          msg_id: fromBob[index],
        },
      });
    }
    await acks(a, fromAnn);
    await acks(b, fromBob);

    // Live: each recipient got the other's messages once and in order, and each sender its own echoes in order.
    expect(await messagesFrom(b, ann, EACH)).toEqual(fromAnn);
    expect(await messagesFrom(a, bob, EACH)).toEqual(fromBob);
    expect(await messagesFrom(a, ann, EACH)).toEqual(fromAnn);
    expect(await messagesFrom(b, bob, EACH)).toEqual(fromBob);
    expect(a.has("new_message")).toBe(false);
    expect(b.has("new_message")).toBe(false);

    // Stored: every message once, each sender's in the order sent, with positions that only rise.
    const history = await getJson<{
      messages: Array<{ msg_id: string; sender: number; seq: number }>;
    }>(`/api/chat/${ann.userId}/${bob.userId}?limit=100`, auth(ann));
    const stored = history.body.messages;
    expect(stored).toHaveLength(2 * EACH);
    expect(new Set(stored.map((m) => m.msg_id)).size).toBe(2 * EACH);
    expect(
      stored.filter((m) => m.sender === ann.userId).map((m) => m.msg_id),
    ).toEqual(fromAnn);
    expect(
      stored.filter((m) => m.sender === bob.userId).map((m) => m.msg_id),
    ).toEqual(fromBob);
    const seqs = stored.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(await statusesUntil(ann, bob, () => true)).toEqual(
      Array(2 * EACH).fill(0),
    );

    // Receipts from both sides, all at once, with a message riding along on one side only.
    b.send({
      event: "messages_received",
      data: { friendId: ann.userId, msg_ids: fromAnn },
    });
    const last = msgId("bob");
    b.send({
      event: "new_message",
      id: last,
      data: { to: ann.userId, content: "all read", msg_id: last },
    });
    a.send({
      event: "messages_received",
      data: { friendId: bob.userId, msg_ids: fromBob },
    });
    await acks(b, [last]);
    expect(await messagesFrom(a, bob, 1)).toEqual([last]);
    // Ann's ride with Bob's message; Bob's go alone after a short hold.
    expect((await a.next("new_message_delivery")).data).toMatchObject({
      msg_id: fromAnn.at(-1),
      status: 1,
    });
    expect((await b.next("new_message_delivery")).data).toMatchObject({
      msg_id: fromBob.at(-1),
      status: 1,
    });
    expect(
      await statusesUntil(ann, bob, (statuses) =>
        statuses.slice(0, -1).every((status) => status === 1),
      ),
    ).toEqual([...Array<number>(2 * EACH).fill(1), 0]);
    a.socket.close(1000, "done");
    b.socket.close(1000, "done");
  });

  it("answers each message of one batch on its own: a repeat in the batch or of a stored one is kept once, a refusal leaves the others", async () => {
    const { ann, bob } = await friends("Repeat Ann", "Repeat Bob");
    const [first, second, third] = [msgId("r"), msgId("r"), msgId("r")];
    const conversation = conversationOf(env, ann.userId, bob.userId);
    const exchange = (messages: { msgId: string; content: string }[]) =>
      conversation.exchange({
        userId: ann.userId,
        friendId: bob.userId,
        userName: ann.name,
        messages,
        received: [],
        seen: [],
      });
    const answer = await exchange([
      { msgId: first, content: "one" },
      { msgId: second, content: "   " },
      { msgId: first, content: "one again" },
      { msgId: third, content: "three" },
    ]);
    expect(answer.sent.map((sent) => sent.ok)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const [one, refused, repeat, three] = answer.sent;
    expect(refused).toEqual({
      ok: false,
      message: "Empty messages are not sent",
    });
    if (!one.ok || !repeat.ok || !three.ok) throw new Error("refused");
    expect(one.value).toMatchObject({ content: "one", fresh: true });
    expect(repeat.value).toMatchObject({
      content: "one",
      fresh: false,
      seq: one.value.seq,
    });
    expect(three.value.seq).toBeGreaterThan(one.value.seq);

    // Sent again in a later batch (a client that lost the ack): stored once still.
    const again = await exchange([{ msgId: third, content: "three" }]);
    expect(again.sent[0]).toMatchObject({
      ok: true,
      value: { fresh: false, seq: three.value.seq },
    });
    expect(
      (await storedStatuses(ann.userId, bob.userId)).map((row) => row.msg_id),
    ).toEqual([first, third]);

    // Bob's id cannot be taken over by Ann.
    const bobs = await conversation.exchange({
      userId: bob.userId,
      friendId: ann.userId,
      userName: bob.name,
      messages: [{ msgId: first, content: "mine" }],
      received: [],
      seen: [],
    });
    expect(bobs.sent[0]).toEqual({
      ok: false,
      message: "That message id is taken",
    });
  });
});
