import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { InboxUpdate } from "#contract/inbox";
import { hubOf } from "../../workers/durable-objects/hubs";
import { INBOX_FLUSH_MS } from "../../workers/durable-objects/inbox";
import {
  connect,
  getJson,
  json,
  makeFriends,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

type Socket = Awaited<ReturnType<typeof connect>>;

let sequence = 0;
const msgId = () =>
  `inb-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/** Sends a message and waits for its ack: by then the friend's hub has it (ADR 023). Answers its id. */
async function say(socket: Socket, to: Player, content: string, id = msgId()) {
  socket.send({
    event: "new_message",
    id,
    data: { to: to.userId, content, msg_id: id },
  });
  await socket.take(
    (event) => event.event === "ack" && event.data.id === id,
    `the ack of ${id}`,
  );
  return id;
}

/** New players "<prefix> Ann", "<prefix> Bob" …: Ann and each of the others follow each other. Ann comes first. */
async function annAndFriends(prefix: string, ...others: string[]) {
  const players = [await newPlayer(`${prefix} Ann`)];
  for (const name of others) players.push(await newPlayer(`${prefix} ${name}`));
  for (const friend of players.slice(1)) await makeFriends(players[0], friend);
  return players;
}

/** A socket for each player, opened one after the other. */
async function connectAll(players: Player[]) {
  const sockets: Socket[] = [];
  for (const player of players) sockets.push(await connect(player));
  return sockets;
}

const inboxOf = (player: Player) => hubOf(env, player.userId).inboxView();

/** The player's client has the friend's messages and has seen them up to `upTo`: both frames go in one exchange. */
async function see(socket: Socket, friend: Player, ids: string[]) {
  socket.send({
    event: "messages_received",
    id: "received",
    data: { friendId: friend.userId, msg_ids: ids },
  });
  socket.send({
    event: "message_status",
    id: "seen",
    data: { friendId: friend.userId, msg_id: ids.at(-1), status: 2 },
  });
  for (const id of ["received", "seen"])
    await socket.take(
      (event) => event.event === "ack" && event.data.id === id,
      `the ack of ${id}`,
    );
}

describe("the chat inbox", () => {
  it("keeps one entry per friend, newest first, counting the friend's unseen messages and not the user's own", async () => {
    const [ann, bob, cid] = await annAndFriends("Inbox", "Bob", "Cid");
    const [a, b, c] = await connectAll([ann, bob, cid]);
    expect(await inboxOf(ann)).toEqual({ entries: [], unread: 0 });

    const fromBob = [await say(b, ann, "hi Ann"), await say(b, ann, "there?")];
    // A resend of a stored message (same id, after a reconnect) counts once.
    await say(b, ann, "there?", fromBob[1]);
    await say(c, ann, "  game\n tonight?  ");
    let inbox = await inboxOf(ann);
    expect(inbox.unread).toBe(3);
    expect(inbox.entries.map((entry) => entry.friendId)).toEqual([
      cid.userId,
      bob.userId,
    ]);
    expect(inbox.entries[0]).toMatchObject({
      preview: "game tonight?",
      fromMe: false,
      unread: 1,
    });
    expect(inbox.entries[1]).toMatchObject({ preview: "there?", unread: 2 });
    expect(Date.parse(inbox.entries[0].at)).toBeGreaterThan(0);

    // Ann's answer to Bob is the last message of that chat and moves it to the top; it counts for nobody.
    await say(a, bob, "yes!");
    inbox = await inboxOf(ann);
    expect(inbox.entries.map((entry) => entry.friendId)).toEqual([
      bob.userId,
      cid.userId,
    ]);
    expect(inbox.entries[0]).toMatchObject({
      preview: "yes!",
      fromMe: true,
      unread: 2,
    });
    expect(inbox.unread).toBe(3);
    // Bob's own inbox has Ann's answer unread and his messages as sent.
    expect((await inboxOf(bob)).entries).toMatchObject([
      { friendId: ann.userId, preview: "yes!", fromMe: false, unread: 1 },
    ]);
    for (const socket of [a, b, c]) socket.socket.close();
  });

  it("clears a chat's count when it is seen, in every tab, and keeps counts across a restart of the hub", async () => {
    const [ann, bob] = await annAndFriends("Seen", "Bob");
    const b = await connect(bob);
    const ids = [
      await say(b, ann, "one"),
      await say(b, ann, "two"),
      await say(b, ann, "three"),
    ];
    // Ann was not online: the hub counted them all the same.
    expect(await hubOf(env, ann.userId).unreadMessages()).toBe(3);

    // The hub writes its inbox within INBOX_FLUSH_MS of a change; a restart then empties its memory, not its storage.
    await expect
      .poll(
        () =>
          runInDurableObject(hubOf(env, ann.userId), (_instance, state) =>
            state.storage.get<{ unread: number }>(`inbox:${bob.userId}`),
          ),
        { timeout: INBOX_FLUSH_MS + 2_000, interval: 100 },
      )
      .toMatchObject({ unread: 3 });
    await runInDurableObject(hubOf(env, ann.userId), (_instance, state) =>
      state.abort("restart"),
    ).catch(() => undefined);
    expect((await inboxOf(ann)).entries).toMatchObject([
      { friendId: bob.userId, preview: "three", unread: 3 },
    ]);

    const [tab, otherTab] = [await connect(ann), await connect(ann)];
    // Seen up to the second: one is left.
    await see(tab, bob, ids.slice(0, 2));
    expect(await hubOf(env, ann.userId).unreadMessages()).toBe(1);
    const update = await otherTab.take(
      (event) => event.event === "inbox_update" && event.data.unread === 1,
      "the count of one left",
    );
    expect(update).toMatchObject({
      data: { friendId: bob.userId, entry: { unread: 1 } },
    });
    await see(tab, bob, ids);
    expect(await inboxOf(ann)).toMatchObject({
      unread: 0,
      entries: [{ friendId: bob.userId, unread: 0 }],
    });
    await otherTab.take(
      (event) => event.event === "inbox_update" && event.data.unread === 0,
      "the count cleared in the other tab",
    );
    // Seen again: nothing to clear, and the count stays at 0.
    await see(tab, bob, ids);
    expect(await hubOf(env, ann.userId).unreadMessages()).toBe(0);
    for (const socket of [b, tab, otherTab]) socket.socket.close();
  });

  it("hides a blocked or unfollowed friend's entry and its count, and shows it again when they are friends again", async () => {
    const [ann, bob, cid] = await annAndFriends("Hide", "Bob", "Cid");
    const [a, b, c] = await connectAll([ann, bob, cid]);
    await say(b, ann, "from Bob");
    await say(c, ann, "from Cid");
    expect((await inboxOf(ann)).unread).toBe(2);

    const blocked = await getJson(
      "/api/social/block",
      json("POST", { user_id: bob.userId }, ann.token),
    );
    expect(blocked.status).toBe(200);
    expect(await inboxOf(ann)).toMatchObject({
      unread: 1,
      entries: [{ friendId: cid.userId }],
    });
    expect(
      (
        await a.take(
          (event) =>
            event.event === "inbox_update" &&
            event.data.friendId === bob.userId &&
            event.data.entry === null,
          "Bob's entry hidden",
        )
      ).data,
    ).toMatchObject({ unread: 1 });

    // Cid stops following Ann: no chat, no entry, in either inbox.
    const unfollowed = await getJson(`/api/social/unfriend/${ann.userId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${cid.token}` },
    });
    expect(unfollowed.status).toBe(200);
    expect(await inboxOf(ann)).toEqual({ entries: [], unread: 0 });
    expect((await inboxOf(cid)).entries).toEqual([]);

    // Friends again: the entry is back with its count.
    await makeFriends(ann, cid);
    expect(await inboxOf(ann)).toMatchObject({
      unread: 1,
      entries: [{ friendId: cid.userId, preview: "from Cid", unread: 1 }],
    });
    for (const socket of [a, b, c]) socket.socket.close();
  });

  it("carries each message's inbox change in the message frame itself, to both players' tabs, with no frame of its own", async () => {
    const [ann, bob] = await annAndFriends("Rides", "Bob");
    const [a, b, otherTab] = await connectAll([ann, bob, ann]);
    const first = await say(b, ann, "first");
    const second = await say(b, ann, "second");
    const frameOf = async (socket: Socket, id: string) =>
      (await socket.take(
        (event) => event.event === "new_message" && event.data.msg_id === id,
        `the message ${id}`,
      )) as { inbox?: InboxUpdate };

    for (const tab of [a, otherTab]) {
      await frameOf(tab, first);
      expect(
        (await frameOf(tab, second)).inbox,
        "the recipient's count, with the message",
      ).toMatchObject({
        friendId: bob.userId,
        entry: { preview: "second", fromMe: false, unread: 2 },
        unread: 2,
      });
    }
    // The sender's echo carries the sender's own inbox: their message last, nothing unread.
    expect((await frameOf(b, second)).inbox).toMatchObject({
      friendId: ann.userId,
      entry: { preview: "second", fromMe: true },
      unread: 0,
    });

    const reply = await say(a, bob, "hello Bob");
    expect((await frameOf(otherTab, reply)).inbox).toMatchObject({
      friendId: bob.userId,
      entry: { preview: "hello Bob", fromMe: true, unread: 2 },
      unread: 2,
    });
    for (const socket of [a, b, otherTab]) await socket.barrier();
    for (const socket of [a, b, otherTab])
      expect(socket.has("inbox_update"), "a message's own frame").toBe(false);
    for (const socket of [a, b, otherTab]) socket.socket.close();
  });
});
