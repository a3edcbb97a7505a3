import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { OFFLINE_GRACE_MS } from "#contract/user-socket";
import { hubOf } from "../../workers/durable-objects/hubs";
import type { UserHub } from "../../workers/durable-objects/UserHub";
import type { HistoryPage } from "#contract/chat";
import type { BlockedPerson } from "#contract/social";
import type { ApiErrorBody, Friend } from "#contract/types";
import {
  connect,
  getJson,
  json,
  makeFriends,
  newPlayer,
  request,
  seed,
  validSignUp,
  type Player,
} from "./helpers";

beforeAll(seed);

const auth = (player: Player): RequestInit => ({
  headers: { Authorization: `Bearer ${player.token}` },
});
const follow = (player: Player, to: number) =>
  getJson<ApiErrorBody>(
    "/api/social/follow",
    json("POST", { from: player.userId, to }, player.token),
  );
const history = (player: Player, friendId: number, query = "") =>
  getJson<HistoryPage>(
    `/api/chat/${player.userId}/${friendId}${query}`,
    auth(player),
  );
let sequence = 0;
const msgId = () =>
  `msg-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

describe("Find People and friends", () => {
  it("finds other players with a name and a (private) address by name prefix, a page at a time, and only for the caller", async () => {
    const me = await newPlayer("Finder Fay");
    const values = Array.from(
      { length: 23 },
      (_, i) =>
        `('zed${i}@example.com', 'Zedd Person ${String(i).padStart(2, "0")}', 'Zedd', '1 Main St')`,
    );
    await env.DB.prepare(
      `insert into users (email, name, first_name, address) values ${values.join(", ")}`,
    ).run();
    await env.DB.prepare(
      "insert into users (email, name, first_name, address) values ('noaddr@example.com', 'Zedd No Address', 'Zedd', null)",
    ).run();

    const first = await getJson<{ people: Friend[]; has_more: boolean }>(
      `/api/social/find/${me.userId}?q=zedd`,
      auth(me),
    );
    expect(first.status).toBe(200);
    expect(first.body.people).toHaveLength(20);
    expect(first.body.has_more).toBe(true);
    expect(first.body.people[0]).toMatchObject({
      name: "Zedd Person 00",
      followStatus: false,
      follows_back: false,
    });
    // Only its owner sees an address.
    expect(first.body.people[0]).not.toHaveProperty("address");
    const second = await getJson<{ people: Friend[]; has_more: boolean }>(
      `/api/social/find/${me.userId}?q=zedd&page=1`,
      auth(me),
    );
    expect(second.body.people.map((person) => person.name)).toEqual([
      "Zedd Person 20",
      "Zedd Person 21",
      "Zedd Person 22",
    ]);
    expect(second.body.has_more).toBe(false);
    // Wildcards are searched for, not used.
    expect(
      (
        await getJson<{ people: Friend[] }>(
          `/api/social/find/${me.userId}?q=%25`,
          auth(me),
        )
      ).body.people,
    ).toEqual([]);

    const other = await newPlayer("Other Otto");
    expect(
      (await getJson(`/api/social/find/${other.userId}`, auth(me))).status,
    ).toBe(403);
    expect((await getJson(`/api/social/find/${me.userId}`)).status).toBe(401);
    expect(
      (await getJson(`/api/social/find/${me.userId}?page=-1`, auth(me))).status,
    ).toBe(400);
  });

  it("follows (Following), lists friends with who is online, and unfriends", async () => {
    const [me, pal] = [
      await newPlayer("Follow Fran"),
      await newPlayer("Pal Pia"),
    ];
    expect(
      (await getJson<Friend[]>(`/api/social/friends/${me.userId}`, auth(me)))
        .body,
    ).toEqual([]);
    const followed = await follow(me, pal.userId);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({
      from: me.userId,
      to: pal.userId,
      followStatus: true,
    });
    expect((await follow(me, pal.userId)).status).toBe(200); // twice is still once

    let friends = (
      await getJson<Friend[]>(`/api/social/friends/${me.userId}`, auth(me))
    ).body;
    expect(friends).toEqual([
      expect.objectContaining({
        _id: pal.userId,
        name: "Pal Pia",
        is_online: false,
        social_id: pal.userId,
        followStatus: true,
      }),
    ]);
    const palSocket = await connect(pal);
    friends = (
      await getJson<Friend[]>(`/api/social/friends/${me.userId}`, auth(me))
    ).body;
    expect(friends[0].is_online).toBe(true);
    palSocket.socket.close(1000, "bye");

    expect(
      (
        await getJson(
          `/api/social/follow`,
          json("POST", { from: pal.userId, to: me.userId }, me.token),
        )
      ).status,
    ).toBe(403);
    expect((await follow(me, me.userId)).body.error.message).toBe(
      "You cannot follow yourself",
    );
    expect((await follow(me, 999999)).status).toBe(404);

    const removed = await getJson(`/api/social/unfriend/${pal.userId}`, {
      method: "DELETE",
      ...auth(me),
    });
    expect(removed.body).toEqual({
      social_id: pal.userId,
      followStatus: false,
    });
    expect(
      (
        await getJson(`/api/social/unfriend/${pal.userId}`, {
          method: "DELETE",
          ...auth(me),
        })
      ).status,
    ).toBe(404);
    expect(
      (await getJson<Friend[]>(`/api/social/friends/${me.userId}`, auth(me)))
        .body,
    ).toEqual([]);
  });

  it("makes the inviter and a player who signs up through the invite link friends", async () => {
    const host = await newPlayer("Host Hal");
    const invite = await getJson<{ code: string; url: string }>(
      "/api/social/invite",
      auth(host),
    );
    expect(invite.body.url).toBe(
      `https://playfeed.test/invite/${invite.body.code}`,
    );
    // The public invite page names the host and signs up with the code; its card is the site's invite card.
    const page = await request(`/invite/${invite.body.code}`, {
      headers: { Accept: "text/html" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Host Hal invited you to Playfeed");
    expect(html).toContain(`/registration?invite=${invite.body.code}`);
    expect(html).toContain(
      '<meta property="og:image" content="https://playfeed.test/cards/invite.png"/>',
    );
    const unknown = await request("/invite/zzzzzzzzzz", {
      headers: { Accept: "text/html" },
    });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
    expect(
      (await getJson<{ code: string }>("/api/social/invite", auth(host))).body
        .code,
    ).toBe(invite.body.code);
    const guest = await getJson<{ user: { _id: number }; token: string }>(
      "/api/user",
      json(
        "POST",
        validSignUp({ name: "Guest Gia", invite: invite.body.code }),
      ),
    );
    expect(guest.status).toBe(201);
    const hostFriends = (
      await getJson<Friend[]>(`/api/social/friends/${host.userId}`, auth(host))
    ).body;
    expect(hostFriends.map((friend) => friend.name)).toEqual(["Guest Gia"]);
    const guestPlayer = {
      token: guest.body.token,
      userId: guest.body.user._id,
      name: "Guest Gia",
    };
    expect(
      (
        await getJson<Friend[]>(
          `/api/social/friends/${guestPlayer.userId}`,
          auth(guestPlayer),
        )
      ).body.map((f) => f.name),
    ).toEqual(["Host Hal"]);
  });
});

describe("chat over the socket, kept in the Conversation Durable Object", () => {
  it("delivers live, reports delivered then seen to the sender, shows typing, and keeps the history", async () => {
    const [ann, bob] = [
      await newPlayer("Chat Ann"),
      await newPlayer("Chat Bob"),
    ];
    await makeFriends(ann, bob);
    const [a, b] = [await connect(ann), await connect(bob)];

    a.send({ event: "typing_note", data: { to: bob.userId } });
    expect((await b.next("typing_note")).data).toMatchObject({
      from: ann.userId,
      to: bob.userId,
      sender_name: "Chat Ann",
    });

    const first = msgId();
    a.send({
      event: "new_message",
      id: "e1",
      data: { to: bob.userId, content: "  Hi Bob!  ", msg_id: first },
    });
    const received = await b.next("new_message");
    expect(received.data).toMatchObject({
      msg_id: first,
      content: "Hi Bob!",
      sender_id: ann.userId,
      user: bob.userId,
      friend_id: ann.userId,
      sender_name: "Chat Ann",
    });
    expect((await a.next("ack")).data).toEqual({ id: "e1" });
    // Delivered only once Bob's client says it has it.
    b.send({
      event: "messages_received",
      data: { friendId: ann.userId, msg_ids: [first] },
    });
    expect((await a.next("new_message_delivery")).data).toEqual({
      chat_id: received.data.chat_id,
      msg_id: first,
      status: 1,
    });

    b.send({
      event: "message_status",
      data: { friendId: ann.userId, msg_id: first, status: 2 },
    });
    expect((await a.next("new_message_delivery")).data).toEqual({
      chat_id: received.data.chat_id,
      msg_id: first,
      status: 2,
    });

    // The same message sent again (a resend after a reconnect) is stored once.
    a.send({
      event: "new_message",
      data: { to: bob.userId, content: "Hi Bob!", msg_id: first },
    });
    a.send({
      event: "new_message",
      id: "e2",
      data: { to: bob.userId, content: "   ", msg_id: msgId() },
    });
    expect((await a.next("error")).data).toEqual({
      message: "Empty messages are not sent",
      id: "e2",
    });

    const log = await history(bob, ann.userId);
    expect(
      log.body.messages.map((message) => [
        message.content,
        message.sender,
        message.status,
      ]),
    ).toEqual([["Hi Bob!", ann.userId, 2]]);
    expect(log.body.messages[0].created_dt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("keeps messages for someone offline and delivers them in order when they connect", async () => {
    const [ann, bob] = [
      await newPlayer("Away Ann"),
      await newPlayer("Away Bob"),
    ];
    await makeFriends(ann, bob);
    const a = await connect(ann);
    const ids = [msgId(), msgId(), msgId()];
    ids.forEach((id, index) =>
      a.send({
        event: "new_message",
        id: `o${index}`,
        data: { to: bob.userId, content: `Message ${index + 1}`, msg_id: id },
      }),
    );
    for (let index = 0; index < ids.length; index++) await a.next("ack");
    expect(
      (await history(ann, bob.userId)).body.messages.map(
        (message) => message.status,
      ),
    ).toEqual([0, 0, 0]);

    const b = await connect(bob);
    const delivered = [
      await b.next("new_message"),
      await b.next("new_message"),
      await b.next("new_message"),
    ];
    expect(delivered.map((event) => event.data.content)).toEqual([
      "Message 1",
      "Message 2",
      "Message 3",
    ]);
    expect(delivered[0].data.sender_name).toBe("Away Ann");
    b.send({
      event: "messages_received",
      data: { friendId: ann.userId, msg_ids: ids },
    });
    expect((await a.next("new_message_delivery")).data).toMatchObject({
      msg_id: ids[2],
      status: 1,
    });
    expect(
      (await history(ann, bob.userId)).body.messages.map(
        (message) => message.status,
      ),
    ).toEqual([1, 1, 1]);

    // Seen up to the second; then the first is named again: nothing is lowered, nothing skipped.
    b.send({
      event: "message_status",
      data: { friendId: ann.userId, msg_id: ids[1], status: 2 },
    });
    await a.next("new_message_delivery");
    b.send({
      event: "message_status",
      id: "s1",
      data: { friendId: ann.userId, msg_id: ids[0], status: 2 },
    });
    await b.next("ack");
    expect(
      (await history(ann, bob.userId)).body.messages.map(
        (message) => message.status,
      ),
    ).toEqual([2, 2, 1]);
    b.send({
      event: "message_status",
      id: "s2",
      data: { friendId: ann.userId, msg_id: ids[1], status: 1 },
    });
    expect((await b.next("error")).data.id).toBe("s2");
    expect(
      (await history(ann, bob.userId)).body.messages.map(
        (message) => message.status,
      ),
    ).toEqual([2, 2, 1]);
  });

  it("pages long conversations back", async () => {
    const [ann, bob] = [
      await newPlayer("Page Ann"),
      await newPlayer("Page Bob"),
    ];
    await makeFriends(ann, bob);
    const a = await connect(ann);
    for (let index = 0; index < 35; index++)
      a.send({
        event: "new_message",
        id: `p${index}`,
        data: { to: bob.userId, content: `#${index}`, msg_id: msgId() },
      });
    for (let index = 0; index < 35; index++) await a.next("ack");
    const newest = await history(ann, bob.userId);
    expect(newest.body.messages).toHaveLength(30);
    expect(newest.body.messages.at(-1)!.content).toBe("#34");
    expect(newest.body.has_more).toBe(true);
    const older = await history(
      ann,
      bob.userId,
      `?before=${newest.body.messages[0].seq}`,
    );
    expect(older.body.messages.map((message) => message.content)).toEqual([
      "#0",
      "#1",
      "#2",
      "#3",
      "#4",
    ]);
    expect(older.body.has_more).toBe(false);
  });

  it("lets only the members read a conversation", async () => {
    const [ann, bob, eve] = [
      await newPlayer("Priv Ann"),
      await newPlayer("Priv Bob"),
      await newPlayer("Nosy Eve"),
    ];
    await makeFriends(ann, bob);
    const snooping = await getJson<ApiErrorBody>(
      `/api/chat/${ann.userId}/${bob.userId}`,
      auth(eve),
    );
    expect(snooping.status).toBe(403);
    expect(snooping.body.error.message).toBe(
      "You can only read your own conversations",
    );
    expect(
      (await getJson(`/api/chat/${ann.userId}/${bob.userId}`)).status,
    ).toBe(401);
    expect(
      (
        await getJson(
          `/api/chat/${ann.userId}/${bob.userId}?limit=0`,
          auth(ann),
        )
      ).status,
    ).toBe(400);
  });

  it("refuses messages, typing and follows from a blocked player, and takes reports of messages received", async () => {
    const [ann, bob] = [
      await newPlayer("Block Ann"),
      await newPlayer("Block Bob"),
    ];
    await makeFriends(ann, bob);
    const [a, b] = [await connect(ann), await connect(bob)];
    const rude = msgId();
    a.send({
      event: "new_message",
      data: { to: bob.userId, content: "rude words", msg_id: rude },
    });
    await b.next("new_message");

    const report = await getJson(
      "/api/social/report",
      json(
        "POST",
        { user_id: ann.userId, msg_id: rude, reason: "Insults" },
        bob.token,
      ),
    );
    expect(report.status).toBe(201);
    expect(
      await env.DB.prepare(
        "select content from reports where target_type = 'message' and target_id = ?",
      )
        .bind(rude)
        .first("content"),
    ).toBe("rude words");
    // Only a message sent to the reporter can be reported.
    expect(
      (
        await getJson(
          "/api/social/report",
          json(
            "POST",
            { user_id: bob.userId, msg_id: rude, reason: "x" },
            ann.token,
          ),
        )
      ).status,
    ).toBe(404);

    expect(
      (
        await getJson(
          "/api/social/block",
          json("POST", { user_id: ann.userId }, bob.token),
        )
      ).body,
    ).toEqual({ blocked: true });
    a.send({
      event: "new_message",
      id: "blocked",
      data: { to: bob.userId, content: "hello?", msg_id: msgId() },
    });
    expect((await a.next("error")).data).toEqual({
      message: "You cannot message this player",
      id: "blocked",
    });
    expect((await follow(ann, bob.userId)).status).toBe(403);
    const found = await getJson<{ people: Friend[] }>(
      `/api/social/find/${ann.userId}?q=Block`,
      auth(ann),
    );
    expect(found.body.people.map((person) => person._id)).not.toContain(
      bob.userId,
    );
    expect(
      (await getJson<number[]>("/api/social/blocked", auth(bob))).body,
    ).toEqual([ann.userId]);

    // Unblocking counts at once too, although each hub keeps what it read about a chat partner for a minute. A block
    // ended the following both ways, so the two follow each other again to chat.
    expect(
      (
        await getJson(`/api/social/block/${ann.userId}`, {
          method: "DELETE",
          ...auth(bob),
        })
      ).status,
    ).toBe(200);
    await makeFriends(ann, bob);
    a.send({
      event: "new_message",
      id: "again",
      data: { to: bob.userId, content: "sorry", msg_id: msgId() },
    });
    expect((await b.next("new_message")).data.content).toBe("sorry");
  });

  it("marks in the history the messages the reader reported, so a report still shows after a reload", async () => {
    const [eve, fin] = [
      await newPlayer("Report Eve"),
      await newPlayer("Report Fin"),
    ];
    await makeFriends(eve, fin);
    const [e, f] = [await connect(eve), await connect(fin)];
    const [rude, kind] = [msgId(), msgId()];
    for (const [id, content] of [
      [rude, "rude words"],
      [kind, "kind words"],
    ]) {
      e.send({
        event: "new_message",
        data: { to: fin.userId, content, msg_id: id },
      });
      await f.next("new_message");
    }
    const reported = await getJson(
      "/api/social/report",
      json(
        "POST",
        { user_id: eve.userId, msg_id: rude, reason: "Insults" },
        fin.token,
      ),
    );
    expect(reported.status).toBe(201);

    const seenByFin = (await history(fin, eve.userId)).body.messages;
    expect(
      seenByFin.map(({ msg_id, reported }) => ({ msg_id, reported })),
    ).toEqual([
      { msg_id: rude, reported: true },
      { msg_id: kind, reported: undefined },
    ]);
    // The sender's own history says nothing about who reported what.
    expect(
      (await history(eve, fin.userId)).body.messages.some(
        (message) => "reported" in message,
      ),
    ).toBe(false);
  });

  it("tells both players' open pages at once when one blocks the other, and the blocker leaves the other's friends and presence", async () => {
    const [ann, bob, cat] = [
      await newPlayer("Blocked Ann"),
      await newPlayer("Blocker Bob"),
      await newPlayer("Watcher Cat"),
    ];
    await makeFriends(ann, bob);
    expect((await follow(cat, bob.userId)).status).toBe(200);
    const [a, c] = [await connect(ann), await connect(cat)];
    let b = await connect(bob);
    // Bob came online: news for both his followers.
    for (const follower of [a, c])
      expect((await follower.next("user-connection")).data).toEqual({
        userId: bob.userId,
        online: true,
      });
    const annFriends = async () =>
      (await getJson<Friend[]>(`/api/social/friends/${ann.userId}`, auth(ann)))
        .body;
    expect(await annFriends()).toEqual([
      expect.objectContaining({ _id: bob.userId, is_online: true }),
    ]);

    const blocked = await getJson(
      "/api/social/block",
      json("POST", { user_id: ann.userId }, bob.token),
    );
    expect(blocked.status).toBe(200);
    // Ann's open pages hear it straight away and drop Bob; Bob's other tabs drop Ann.
    expect((await a.next("blocked")).data).toEqual({ userId: bob.userId });
    expect((await b.next("blocked")).data).toEqual({ userId: ann.userId });
    expect(await annFriends()).toEqual([]);

    // Bob going offline and coming back is news for his followers (Cat), no longer for Ann.
    b.socket.close(1000, "bye");
    await expect
      .poll(() =>
        runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
          hub.connectionCount(),
        ),
      )
      .toBe(0);
    await runInDurableObject(hubOf(env, bob.userId), (hub: UserHub) =>
      hub.age(OFFLINE_GRACE_MS),
    );
    await runDurableObjectAlarm(hubOf(env, bob.userId));
    expect((await c.next("user-connection")).data).toEqual({
      userId: bob.userId,
      online: false,
    });
    b = await connect(bob);
    expect((await c.next("user-connection")).data).toEqual({
      userId: bob.userId,
      online: true,
    });
    expect(a.has("user-connection")).toBe(false);
    expect(c.has("blocked")).toBe(false);
  });

  it("lists the people the caller blocked, with names, until they unblock them", async () => {
    const [me, x, y] = [
      await newPlayer("List Lou"),
      await newPlayer("Zora Blocked"),
      await newPlayer("Abel Blocked"),
    ];
    const list = () =>
      getJson<BlockedPerson[]>("/api/social/blocked/people", auth(me));
    expect((await list()).body).toEqual([]);
    for (const person of [x, y])
      expect(
        (
          await getJson(
            "/api/social/block",
            json("POST", { user_id: person.userId }, me.token),
          )
        ).status,
      ).toBe(200);
    // Someone who blocked the caller is not the caller's block.
    await getJson(
      "/api/social/block",
      json("POST", { user_id: me.userId }, x.token),
    );
    const blocked = (await list()).body;
    expect(blocked.map((person) => person.name)).toEqual([
      "Abel Blocked",
      "Zora Blocked",
    ]);
    expect(blocked[0]).toEqual({
      _id: y.userId,
      name: "Abel Blocked",
      profile_img: null,
      blocked_dt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    expect(
      (await getJson<BlockedPerson[]>("/api/social/blocked/people", auth(y)))
        .body,
    ).toEqual([]);

    await getJson(`/api/social/block/${y.userId}`, {
      method: "DELETE",
      ...auth(me),
    });
    expect((await list()).body.map((person) => person._id)).toEqual([x.userId]);
    expect((await getJson("/api/social/blocked/people")).status).toBe(401);
  });

  it("shows a sender's new name on their next message", async () => {
    const [cal, dee] = [
      await newPlayer("Name Cal"),
      await newPlayer("Name Dee"),
    ];
    await makeFriends(cal, dee);
    const [c, d] = [await connect(cal), await connect(dee)];
    c.send({
      event: "new_message",
      data: { to: dee.userId, content: "hi", msg_id: msgId() },
    });
    expect((await d.next("new_message")).data.sender_name).toBe("Name Cal");
    const renamed = await getJson(
      "/api/user/profile",
      json(
        "PUT",
        {
          name: "Name Cally",
          phone_number: "9876501234",
          address: "22 River Walk, Porto",
          gender: "male",
        },
        cal.token,
      ),
    );
    expect(renamed.status).toBe(200);
    c.send({
      event: "new_message",
      data: { to: dee.userId, content: "it's me", msg_id: msgId() },
    });
    expect((await d.next("new_message")).data.sender_name).toBe("Name Cally");
  });
});
