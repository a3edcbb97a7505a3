import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_MESSAGES, type ReportedMessage } from "#contract/reports";
import { conversationOf } from "../../workers/durable-objects/hubs";
import {
  type Player,
  gameId,
  getJson,
  json,
  makeFriends,
  newPlayer,
  roomInWindow,
  seed,
  openPage,
  postForm,
} from "./helpers";
import { RATE_LIMITS } from "../../workers/services/rate-limits";

beforeAll(seed);

/** A page form's post, as the browser sends it without JavaScript (same origin), signed in as `who`. */
const post = postForm;

const page = openPage;

const reportRows = (targetType: string, targetId: number | string) =>
  env.DB.prepare(
    "select reporter_id, reported_user_id, content, reason, status from reports where target_type = ? and target_id = ? order by id",
  )
    .bind(targetType, String(targetId))
    .all<{
      reporter_id: number;
      reported_user_id: number | null;
      content: string;
      reason: string;
      status: string;
    }>()
    .then((result) => result.results);

describe("a reported chat message keeps what was said around it", () => {
  it("stores the five messages before and the five after, from both sides, as the conversation holds them", async () => {
    const [ann, bob] = [
      await newPlayer("Context Ann"),
      await newPlayer("Context Bob"),
    ];
    await makeFriends(ann, bob);
    const conversation = conversationOf(env, ann.userId, bob.userId);
    const sent: { msgId: string; sender: number; content: string }[] = [];
    // Sixteen messages taking turns, each stored the way the sender's hub hands it to the conversation.
    for (let i = 0; i < 16; i++) {
      const [from, to] = i % 2 === 0 ? [ann, bob] : [bob, ann];
      const message = {
        msgId: `ctx-${i}-${crypto.randomUUID()}`,
        content: `line ${i}`,
      };
      const answer = await conversation.exchange({
        userId: from.userId,
        friendId: to.userId,
        userName: from.name,
        messages: [message],
        received: [],
        seen: [],
      });
      expect(answer.sent[0].ok).toBe(true);
      sent.push({ ...message, sender: from.userId });
    }
    const reported = sent[8];
    expect(reported.sender).toBe(ann.userId);

    const answer = await getJson(
      "/api/social/report",
      json(
        "POST",
        {
          user_id: ann.userId,
          msg_id: reported.msgId,
          reason: "Insults",
          // What a reporter might try to slip in is not read: the copy comes from the conversation.
          content: "made up words",
          context: [{ msg_id: "x", sender: ann.userId, content: "fake" }],
        },
        bob.token,
      ),
    );
    expect(answer.status).toBe(201);
    const row = await env.DB.prepare(
      "select content, context from reports where target_type = 'message' and target_id = ?",
    )
      .bind(reported.msgId)
      .first<{ content: string; context: string }>();
    expect(row!.content).toBe("line 8");
    const context = JSON.parse(row!.context) as ReportedMessage[];
    expect(context).toHaveLength(11);
    expect(context.map((message) => message.msg_id)).toEqual(
      sent.slice(3, 14).map((message) => message.msgId),
    );
    expect(context.map((message) => message.content)).toEqual(
      sent.slice(3, 14).map((message) => message.content),
    );
    expect(context.map((message) => message.sender)).toEqual(
      sent.slice(3, 14).map((message) => message.sender),
    );
    expect(
      context.every((message) => !Number.isNaN(Date.parse(message.created_at))),
    ).toBe(true);
  });

  it("keeps only what there is near the start of a conversation", async () => {
    const [ann, bob] = [
      await newPlayer("Short Ann"),
      await newPlayer("Short Bob"),
    ];
    await makeFriends(ann, bob);
    const conversation = conversationOf(env, ann.userId, bob.userId);
    const ids = [
      `short-a-${crypto.randomUUID()}`,
      `short-b-${crypto.randomUUID()}`,
    ];
    for (const [index, msgId] of ids.entries())
      await conversation.exchange({
        userId: ann.userId,
        friendId: bob.userId,
        userName: ann.name,
        messages: [{ msgId, content: `hello ${index}` }],
        received: [],
        seen: [],
      });
    // Ann cannot fetch a context for a message she sent herself.
    expect(await conversation.around(ann.userId, ids[0], 5)).toBeNull();
    const context = await conversation.around(bob.userId, ids[0], 5);
    expect(context?.map((message) => message.content)).toEqual([
      "hello 0",
      "hello 1",
    ]);
  });
});

describe("reporting a profile", () => {
  let reporter: Player;
  let target: Player;
  beforeAll(async () => {
    [reporter, target] = [
      await newPlayer("Report Rita"),
      await newPlayer("Rude Name"),
    ];
    await env.DB.prepare("update users set profile_img = ? where id = ?")
      .bind("/media/profile/rude.png", target.userId)
      .run();
  });

  it("shows the player and the form, then takes one report with a copy of the name and picture", async () => {
    const path = `/report/player/${target.userId}`;
    const form = await page(path, reporter);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain("Report a player");
    expect(html).toContain("Rude Name");
    expect(html).toContain("Offensive name");

    const sent = await post(
      path,
      { reason: "Offensive name", details: "It insults people" },
      reporter,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(REPORT_MESSAGES.thanks);
    // The name changes after the report: the copy keeps what the reporter saw.
    await env.DB.prepare("update users set name = 'Nice Name' where id = ?")
      .bind(target.userId)
      .run();
    const rows = await reportRows("profile", target.userId);
    expect(rows).toEqual([
      {
        reporter_id: reporter.userId,
        reported_user_id: target.userId,
        content: JSON.stringify({
          name: "Rude Name",
          picture: "/media/profile/rude.png",
        }),
        reason: "Offensive name: It insults people",
        status: "open",
      },
    ]);

    const again = await post(path, { reason: "Cheating" }, reporter);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(REPORT_MESSAGES.duplicate);
    expect(await reportRows("profile", target.userId)).toHaveLength(1);
    expect(await (await page(path, reporter)).text()).toContain(
      REPORT_MESSAGES.duplicate,
    );
  });

  it("refuses a report of yourself, a reason not on the list, long details and a visitor", async () => {
    const self = `/report/player/${reporter.userId}`;
    expect(await (await page(self, reporter)).text()).toContain(
      REPORT_MESSAGES.self,
    );
    const selfPost = await post(self, { reason: "Cheating" }, reporter);
    expect(selfPost.status).toBe(400);
    expect(await selfPost.text()).toContain(REPORT_MESSAGES.self);

    const other = await newPlayer("Other Oscar");
    const path = `/report/player/${other.userId}`;
    const noReason = await post(path, { reason: "Because" }, reporter);
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain(REPORT_MESSAGES.reason);
    const long = await post(
      path,
      { reason: "Other", details: "x".repeat(501) },
      reporter,
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(REPORT_MESSAGES.details);
    expect(await reportRows("profile", other.userId)).toHaveLength(0);

    const visitor = await post(path, { reason: "Other" });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toContain("/login");
    expect((await page(path)).status).toBe(303);
    expect((await page("/report/player/abc", reporter)).status).toBe(404);
    expect((await page("/report/user/1", reporter)).status).toBe(404);
    expect((await page("/report/player/999999999", reporter)).status).toBe(404);
  });

  it("holds a player to the report limit, refused reports included", async () => {
    const flooder = await newPlayer("Flood Fred");
    const targets = await Promise.all(
      Array.from({ length: 11 }, (_, i) => newPlayer(`Flood Target ${i}`)),
    );
    roomInWindow(RATE_LIMITS.reportPerUser.windowMs);
    const statuses: number[] = [];
    for (const target of targets)
      statuses.push(
        (
          await post(
            `/report/player/${target.userId}`,
            { reason: "Other" },
            flooder,
          )
        ).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("reporting a game", () => {
  it("copies the game's name, takes one report per player, and refuses an unknown game", async () => {
    const [first, second] = [
      await newPlayer("Game Greta"),
      await newPlayer("Game Gus"),
    ];
    const game = await gameId("memory-match");
    const path = `/report/game/${game}`;
    const form = await page(path, first);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Broken game");
    const name = await env.DB.prepare("select name from games where id = ?")
      .bind(game)
      .first<string>("name");

    for (const who of [first, second])
      expect((await post(path, { reason: "Broken game" }, who)).status).toBe(
        200,
      );
    const dup = await post(path, { reason: "Inappropriate game" }, first);
    expect(dup.status).toBe(409);
    const mine = (await reportRows("game", game)).filter((row) =>
      [first.userId, second.userId].includes(row.reporter_id),
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reported_user_id: null,
      content: JSON.stringify({ name }),
      reason: "Broken game",
    });
    // A profile reason is not a game reason.
    const third = await newPlayer("Game Gil");
    expect((await post(path, { reason: "Offensive name" }, third)).status).toBe(
      400,
    );
    expect((await page("/report/game/999999999", first)).status).toBe(404);
    expect(
      (await post("/report/game/999999999", { reason: "Other" }, first)).status,
    ).toBe(404);
  });
});
