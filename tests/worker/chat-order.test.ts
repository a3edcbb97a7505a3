import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "#contract/protocol";
import {
  chatReducer,
  initialChatState,
  type ChatAction,
} from "../../app/state/chat";
import {
  connect,
  getJson,
  makeFriends,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

const EACH = 8;
let sequence = 0;
const msgId = (who: string) =>
  `ord-${who}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

type Socket = Awaited<ReturnType<typeof connect>>;

/** What one player's chat screen shows: their own messages at once, then every new_message as the socket brought it. */
async function screenOf(
  player: Player,
  friend: Player,
  socket: Socket,
  written: string[],
  total: number,
) {
  const actions: ChatAction[] = written.map((id) => ({
    type: "sent",
    message: {
      msg_id: id,
      sender: player.userId,
      content: id,
      status: 0,
      created_dt: new Date().toISOString(),
    },
  }));
  const heard: ChatMessage[] = [];
  while (heard.length < total) {
    const event = await socket.take(
      (event) => event.event === "new_message",
      `message ${heard.length + 1} of ${total}`,
    );
    if (event.event === "new_message") heard.push(event.data);
  }
  const state = [
    ...actions,
    ...heard.map((message): ChatAction => ({ type: "received", message })),
  ].reduce(
    chatReducer,
    initialChatState({ viewerId: player.userId, friendId: friend.userId }),
  );
  return { order: state.messages.map((entry) => entry.msg_id), heard };
}

describe("chat order (issue #31 item 9)", () => {
  it("gives two interleaving senders' screens the stored order, live and after a reload", async () => {
    const [ann, bob] = [
      await newPlayer("Order Ann"),
      await newPlayer("Order Bob"),
    ];
    await makeFriends(ann, bob);
    const [a, b] = [await connect(ann), await connect(bob)];
    const fromAnn: string[] = [];
    const fromBob: string[] = [];
    // Both type at once: each frame leaves before the other side's earlier ones are stored.
    for (let index = 0; index < EACH; index++) {
      const [mine, theirs] = [msgId("ann"), msgId("bob")];
      fromAnn.push(mine);
      fromBob.push(theirs);
      a.send({
        event: "new_message",
        id: mine,
        data: { to: bob.userId, content: mine, msg_id: mine },
      });
      if (index % 3 === 0) await a.next("ack");
      b.send({
        event: "new_message",
        id: theirs,
        data: { to: ann.userId, content: theirs, msg_id: theirs },
      });
    }

    const annScreen = await screenOf(ann, bob, a, fromAnn, 2 * EACH);
    const bobScreen = await screenOf(bob, ann, b, fromBob, 2 * EACH);
    const history = await getJson<{ messages: ChatMessage[] }>(
      `/api/chat/${ann.userId}/${bob.userId}?limit=100`,
      { headers: { Authorization: `Bearer ${ann.token}` } },
    );
    const stored = history.body.messages;
    const storedOrder = stored.map((message) => message.msg_id);
    expect(storedOrder).toHaveLength(2 * EACH);
    // The two senders really interleaved: the stored order is neither all of Ann's first nor all of Bob's.
    expect(storedOrder).not.toEqual([...fromAnn, ...fromBob]);
    expect(storedOrder).not.toEqual([...fromBob, ...fromAnn]);

    // Every copy of a message (the sender's echo, the recipient's, the history) names the place it was stored at.
    const placeOf = new Map(
      stored.map((message) => [message.msg_id, message.seq]),
    );
    for (const message of [...annScreen.heard, ...bobScreen.heard])
      expect(message.seq).toBe(placeOf.get(message.msg_id));
    expect(new Set(placeOf.values()).size).toBe(2 * EACH);

    expect(annScreen.order).toEqual(storedOrder);
    expect(bobScreen.order).toEqual(storedOrder);
    a.socket.close(1000, "done");
    b.socket.close(1000, "done");
  });
});
