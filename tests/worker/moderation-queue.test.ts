import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryPage } from "#contract/chat";
import { neutralName } from "#contract/moderation-queue";
import { createServices } from "../../workers/context";
import {
  connect,
  getJson,
  json,
  makeFriends,
  newPlayer,
  request,
  seed,
  type Player,
  openPage,
  postForm,
} from "./helpers";

// Issue #34, the moderation queue (ADR 045): through the pages' loaders and actions, on the real D1, Durable Objects
// and R2. Reports are inserted as the report doors store them (part 4 adds the context of a message's report).

const services = () => createServices(env);
let sequence = 0;
const msgId = () =>
  `mod-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

let moderator: Player;
let admin: Player;
let player: Player;
let developer: Player;

const page = openPage;

const post = postForm;

async function report(
  reporter: Player,
  target: { type: string; id: string | number; user?: number | null },
  reason: string,
  extra: { content?: string; context?: unknown } = {},
) {
  await env.DB.prepare(
    "insert into reports (reporter_id, reported_user_id, target_type, target_id, content, context, reason) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      reporter.userId,
      target.user ?? null,
      target.type,
      String(target.id),
      extra.content ?? "reported thing",
      extra.context ? JSON.stringify(extra.context) : null,
      reason,
    )
    .run();
}

const userRow = (id: number) =>
  env.DB.prepare(
    "select name, profile_img, chat_muted_until, suspended_at, suspended_reason from users where id = ?",
  )
    .bind(id)
    .first<{
      name: string;
      profile_img: string | null;
      chat_muted_until: number | null;
      suspended_at: number | null;
      suspended_reason: string | null;
    }>();

const logOf = (action: string, targetId: string | number) =>
  env.DB.prepare(
    "select moderator_id, reason, detail from moderation_log where action = ? and target_id = ? order by id",
  )
    .bind(action, String(targetId))
    .all<{ moderator_id: number; reason: string; detail: string | null }>()
    .then((result) => result.results);

const notesOf = (userId: number) =>
  env.DB.prepare(
    "select content from notifications where user_id = ? and type = 'moderation' order by id",
  )
    .bind(userId)
    .all<{ content: string }>()
    .then((result) => result.results.map((row) => row.content));

const reportStatuses = (type: string, id: string | number) =>
  env.DB.prepare(
    "select status, outcome from reports where target_type = ? and target_id = ? order by id",
  )
    .bind(type, String(id))
    .all<{ status: string; outcome: string | null }>()
    .then((result) => result.results);

const groupPath = (type: string, id: string | number) =>
  `/moderation/reports/${type}/${id}`;

async function chatPair(names: [string, string]) {
  const [sender, receiver] = [
    await newPlayer(names[0]),
    await newPlayer(names[1]),
  ];
  await makeFriends(sender, receiver);
  return { sender, receiver };
}

beforeAll(async () => {
  await seed();
  [moderator, admin, player, developer] = await Promise.all([
    newPlayer("Queue Moderator"),
    newPlayer("Queue Admin"),
    newPlayer("Queue Player"),
    newPlayer("Queue Developer"),
  ]);
  await env.DB.prepare("update users set role = 'moderator' where id = ?")
    .bind(moderator.userId)
    .run();
  await env.DB.prepare("update users set role = 'admin' where id = ?")
    .bind(admin.userId)
    .run();
  await services().developers.createPublisher(developer.userId, {
    name: `Queue Studio ${crypto.randomUUID().slice(0, 6)}`,
    about: "",
    icon: "/favicon.svg",
    banner: "/favicon.svg",
  });
});

describe("who may use the queue", () => {
  it("gives players and developers the 404 page and visitors the log-in page, on every route and action", async () => {
    const target = await newPlayer("Target Tia");
    await report(player, { type: "profile", id: target.userId }, "Rude name");
    const paths = ["/moderation", groupPath("profile", target.userId)];
    for (const who of [player, developer]) {
      for (const path of paths)
        expect((await page(path, who)).status).toBe(404);
      const acted = await post(
        groupPath("profile", target.userId),
        { intent: "suspend", reason: "Not allowed to do this" },
        who,
      );
      expect(acted.status).toBe(404);
    }
    for (const path of paths) {
      const visitor = await page(path);
      expect(visitor.status).toBe(303);
      expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    const visitorPost = await post(groupPath("profile", target.userId), {
      intent: "suspend",
      reason: "Not allowed to do this",
    });
    expect(visitorPost.status).toBe(303);
    // The service refuses them too, whichever door calls it.
    await expect(
      services().moderation.act(
        developer.userId,
        { targetType: "profile", targetId: String(target.userId) },
        { intent: "suspend", reason: "Not allowed to do this" },
      ),
    ).rejects.toMatchObject({ status: 403 });
    expect((await userRow(target.userId))?.suspended_at).toBeNull();
    // An admin may, as a moderator may.
    expect((await page("/moderation", admin)).status).toBe(200);
    const adminPage = await (await page("/moderation", admin)).text();
    expect(adminPage).toContain('href="/admin"');
    const modPage = await (await page("/moderation", moderator)).text();
    expect(modPage).not.toContain('href="/admin"');
    expect(modPage).toContain('href="/moderation/rounds"');
  });

  it("answers an unknown group with 404 and a bad form with a message to act on", async () => {
    expect(
      (await page(groupPath("message", "nothing-here"), moderator)).status,
    ).toBe(404);
    expect((await page(groupPath("planet", "1"), moderator)).status).toBe(404);
    const target = await newPlayer("Form Fox");
    await report(
      player,
      { type: "profile", id: target.userId },
      "Rude picture",
    );
    const short = await post(
      groupPath("profile", target.userId),
      { intent: "suspend", reason: "no" },
      moderator,
    );
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(
      "Please give a reason of 5 to 500 characters",
    );
    const noDuration = await post(
      groupPath("profile", target.userId),
      { intent: "mute", reason: "Spamming the chat" },
      moderator,
    );
    expect(noDuration.status).toBe(400);
    expect(await noDuration.text()).toContain(
      "Please choose how long the mute lasts",
    );
    const wrong = await post(
      groupPath("profile", target.userId),
      { intent: "hide_message", reason: "Not a message at all" },
      moderator,
    );
    expect(wrong.status).toBe(409);
  });
});

describe("the queue", () => {
  it("groups many reporters of one target into one row with their count and the newest reason, oldest first", async () => {
    const target = await newPlayer("Crowd Target");
    const reporters = await Promise.all(
      [1, 2, 3, 4].map((n) => newPlayer(`Crowd Reporter ${"ABCD"[n - 1]}`)),
    );
    for (const [index, reporter] of reporters.entries())
      await report(
        reporter,
        { type: "profile", id: target.userId },
        `Reason number ${index + 1}`,
      );
    const queue = await services().moderation.queue(moderator.userId);
    const rows = queue.groups.filter(
      (group) =>
        group.targetType === "profile" &&
        group.targetId === String(target.userId),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporters: 4,
      newestReason: "Reason number 4",
      preview: "Crowd Target",
    });
    const oldest = queue.groups.map((group) => group.oldestAt);
    expect([...oldest].sort()).toEqual(oldest);
    const html = await (await page("/moderation", moderator)).text();
    expect(html).toContain(groupPath("profile", target.userId));
    expect(html).toContain("4 reports");
  });
});

describe("acting on a message", () => {
  it("hides it for both players, live and in history, and tells the reporter and the sender", async () => {
    const { sender, receiver } = await chatPair(["Rude Rita", "Kind Kim"]);
    const [s, r] = [await connect(sender), await connect(receiver)];
    const [before, rude] = [msgId(), msgId()];
    for (const [id, content] of [
      [before, "hello there"],
      [rude, "you are awful"],
    ]) {
      s.send({
        event: "new_message",
        data: { to: receiver.userId, content, msg_id: id },
      });
      await r.next("new_message");
    }
    const context = [
      {
        msg_id: before,
        sender: sender.userId,
        content: "hello there",
        created_at: Date.now(),
      },
      {
        msg_id: rude,
        sender: sender.userId,
        content: "you are awful",
        created_at: Date.now(),
      },
    ];
    await report(
      receiver,
      { type: "message", id: rude, user: sender.userId },
      "Insults",
      { content: "you are awful", context },
    );
    const groupHtml = await (
      await page(groupPath("message", rude), moderator)
    ).text();
    expect(groupHtml).toContain("hello there");
    expect(groupHtml).toContain("you are awful");
    expect(groupHtml).toContain("Kind Kim");

    const acted = await post(
      groupPath("message", rude),
      { intent: "hide_message", reason: "Insulting another player" },
      moderator,
    );
    expect(acted.status).toBe(303);
    expect(acted.headers.get("Location")).toBe(
      `${groupPath("message", rude)}?done=hide_message`,
    );
    for (const socket of [s, r])
      expect((await socket.next("message_removed")).data).toMatchObject({
        msg_id: rude,
      });
    for (const [reader, friend] of [
      [sender, receiver],
      [receiver, sender],
    ]) {
      const { body } = await getJson<HistoryPage>(
        `/api/chat/${reader.userId}/${friend.userId}`,
        json("GET", undefined, reader.token),
      );
      const hidden = body.messages.find((message) => message.msg_id === rude);
      expect(hidden).toMatchObject({ removed: true, content: "" });
      expect(
        body.messages.find((message) => message.msg_id === before)?.content,
      ).toBe("hello there");
    }
    expect(await reportStatuses("message", rude)).toEqual([
      { status: "actioned", outcome: "the message was removed" },
    ]);
    const [entry] = await logOf("hide_message", rude);
    expect(entry).toMatchObject({
      moderator_id: moderator.userId,
      reason: "Insulting another player",
    });
    expect((await r.next("notification")).data.content).toBe(
      "A moderator reviewed your report of a chat message: the message was removed.",
    );
    expect(await notesOf(sender.userId)).toEqual([
      "A moderator removed one of your chat messages: Insulting another player",
    ]);
    // Repeated, it changes nothing and says so.
    const again = await post(
      groupPath("message", rude),
      { intent: "hide_message", reason: "Insulting another player" },
      moderator,
    );
    expect(again.status).toBe(409);
    expect(await logOf("hide_message", rude)).toHaveLength(1);
  });

  it("mutes the sender: the hub refuses their messages with the reason until the mute is over", async () => {
    const { sender, receiver } = await chatPair(["Loud Lou", "Quiet Quin"]);
    const s = await connect(sender);
    const id = msgId();
    s.send({
      event: "new_message",
      data: { to: receiver.userId, content: "spam spam", msg_id: id },
    });
    await s.next("new_message");
    await report(
      receiver,
      { type: "message", id, user: sender.userId },
      "Spam",
    );
    const acted = await post(
      groupPath("message", id),
      { intent: "mute", reason: "Spamming the chat", duration: "1h" },
      moderator,
    );
    expect(acted.status).toBe(303);
    const until = (await userRow(sender.userId))?.chat_muted_until ?? 0;
    expect(until - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    s.send({
      event: "new_message",
      id: "m1",
      data: { to: receiver.userId, content: "still here", msg_id: msgId() },
    });
    const refused = await s.next("error");
    expect(refused.data.message).toMatch(
      /^You cannot send messages until .+ UTC: Spamming the chat$/,
    );
    // A mute racing the first finds the player muted and changes nothing.
    await expect(
      services().moderation.act(
        moderator.userId,
        { targetType: "message", targetId: id },
        { intent: "mute", reason: "Spamming the chat", duration: "7d" },
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await logOf("mute", sender.userId)).toHaveLength(1);
    // Its time over (the column says so), a new socket reads it again and the player may send.
    await env.DB.prepare("update users set chat_muted_until = ? where id = ?")
      .bind(Date.now() - 1000, sender.userId)
      .run();
    const fresh = await connect(sender);
    fresh.send({
      event: "new_message",
      id: "m2",
      data: { to: receiver.userId, content: "sorry", msg_id: msgId() },
    });
    expect((await fresh.next("ack")).data).toEqual({ id: "m2" });
  });
});

describe("acting on a profile", () => {
  it("resets the name to a neutral one and keeps the old one in the audit entry", async () => {
    const target = await newPlayer("Awful Name");
    await report(
      player,
      { type: "profile", id: target.userId },
      "Offensive name",
    );
    const acted = await post(
      groupPath("profile", target.userId),
      { intent: "reset_name", reason: "Names must be polite" },
      moderator,
    );
    expect(acted.status).toBe(303);
    expect((await userRow(target.userId))?.name).toBe(
      neutralName(target.userId),
    );
    const [entry] = await logOf("reset_name", target.userId);
    expect(JSON.parse(entry.detail ?? "{}")).toEqual({
      previousName: "Awful Name",
    });
    expect(await notesOf(target.userId)).toEqual([
      `A moderator reset your name to ${neutralName(target.userId)}: Names must be polite`,
    ]);
    expect(await notesOf(player.userId)).toContain(
      `A moderator reviewed your report of ${"Awful Name"}'s profile: the player's name was reset.`,
    );
  });

  it("removes the picture: the object leaves R2 and the player's quota", async () => {
    const target = await newPlayer("Picture Pat");
    const { body } = await getJson<{ url: string; path: string }>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "profile-image", fileName: "me.png" },
        target.token,
      ),
    );
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13,
    ]);
    const put = await request(new URL(body.url).pathname, {
      method: "PUT",
      body: png,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(201);
    await env.DB.prepare("update users set profile_img = ? where id = ?")
      .bind(body.path, target.userId)
      .run();
    await report(
      player,
      { type: "profile", id: target.userId },
      "Offensive picture",
    );
    const acted = await post(
      groupPath("profile", target.userId),
      { intent: "remove_picture", reason: "Pictures must be decent" },
      moderator,
    );
    expect(acted.status).toBe(303);
    expect((await userRow(target.userId))?.profile_img).toBeNull();
    expect(await env.MEDIA.head(body.path)).toBeNull();
    const stored = await env.DB.prepare(
      "select coalesce(sum(bytes), 0) as bytes from upload_tokens where user_id = ?",
    )
      .bind(target.userId)
      .first<{ bytes: number }>();
    expect(stored?.bytes).toBe(0);
    expect(await logOf("remove_picture", target.userId)).toHaveLength(1);
  });

  it("suspends: sessions end, sockets close, log-in is refused with the reason; unsuspend lets them back", async () => {
    const target = await newPlayer("Suspend Sam");
    const { email } = (await env.DB.prepare(
      "select email from users where id = ?",
    )
      .bind(target.userId)
      .first<{ email: string }>())!;
    const socket = await connect(target);
    const closed = new Promise<number>((resolve) =>
      socket.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    await report(
      player,
      { type: "profile", id: target.userId },
      "Cheating and abuse",
    );
    const acted = await post(
      groupPath("profile", target.userId),
      { intent: "suspend", reason: "Repeated abuse of other players" },
      moderator,
    );
    expect(acted.status).toBe(303);
    expect(await closed).toBe(4001);
    const sessions = await env.DB.prepare(
      "select count(*) as n from sessions where user_id = ?",
    )
      .bind(target.userId)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
    expect(await services().sessions.userForToken(target.token)).toBeNull();
    const login = await getJson<{ message: string }>(
      "/api/user/login",
      json("POST", { email, password: "Secret@123" }),
    );
    expect(login.status).toBe(403);
    expect(JSON.stringify(login.body)).toContain(
      "Your account has been suspended: Repeated abuse of other players",
    );
    expect(await reportStatuses("profile", target.userId)).toEqual([
      { status: "actioned", outcome: "the player's account was suspended" },
    ]);
    const lifted = await post(
      groupPath("profile", target.userId),
      { intent: "unsuspend", reason: "Appeal accepted after review" },
      admin,
    );
    expect(lifted.status).toBe(303);
    expect((await userRow(target.userId))?.suspended_at).toBeNull();
    expect(await logOf("unsuspend", target.userId)).toHaveLength(1);
    const back = await getJson(
      "/api/user/login",
      json("POST", { email, password: "Secret@123" }),
    );
    expect(back.status).toBe(200);
  });

  it("dismisses: the open reports close and the reporters hear nothing was changed", async () => {
    const target = await newPlayer("Fine Fern");
    const reporter = await newPlayer("Touchy Tom");
    await report(
      reporter,
      { type: "profile", id: target.userId },
      "I do not like it",
    );
    const acted = await post(
      groupPath("profile", target.userId),
      { intent: "dismiss", reason: "The name breaks no rule" },
      moderator,
    );
    expect(acted.status).toBe(303);
    expect(await reportStatuses("profile", target.userId)).toEqual([
      {
        status: "dismissed",
        outcome: "no rule was found broken, so nothing was changed",
      },
    ]);
    expect(await notesOf(reporter.userId)).toHaveLength(1);
    expect(await notesOf(target.userId)).toEqual([]);
    const queue = await services().moderation.queue(moderator.userId);
    expect(
      queue.groups.some(
        (group) =>
          group.targetId === String(target.userId) &&
          group.targetType === "profile",
      ),
    ).toBe(false);
  });
});
