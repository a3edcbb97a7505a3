import { z } from "zod";
import { idSchema, idValueSchema } from "#contract/ids";
import { FollowSchema } from "#contract/follow";
import { digits } from "#contract/input";
import { conversationOf, hubOf } from "../durable-objects/hubs";
import { HISTORY_PAGE } from "../durable-objects/Conversation";
import { ApiError, forbidden, notFound } from "../services/errors";
import { chatRefusal, ReportSchema } from "../services/social";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

const BlockSchema = z.object({ user_id: idValueSchema("user") });
const HistoryQuerySchema = z.object({
  before: digits("before must be a message position")
    .pipe(z.number().positive("before must be a message position"))
    .optional(),
  limit: digits("limit must be a whole number from 1 to 100")
    .pipe(
      z
        .number()
        .min(1, "limit must be at least 1")
        .max(100, "limit is at most 100"),
    )
    .default(HISTORY_PAGE),
});

/** Only the caller's own lists: another user's id in the path is a 403. */
function ownId(callerId: number, raw: string): number {
  const id = parseInput(idSchema("user"), raw);
  if (id !== callerId) throw forbidden("You can only see your own friends");
  return id;
}

/** Which of these users have a socket open right now (their UserHub knows). */
async function onlineAmong(env: Env, ids: number[]): Promise<Set<number>> {
  const counts = await Promise.all(
    ids.map((id) =>
      hubOf(env, id)
        .connectionCount()
        .catch(() => 0),
    ),
  );
  return new Set(ids.filter((_, index) => counts[index] > 0));
}

/** Both hubs keep what they read about a chat partner for a minute: a block or unblock must count at once. */
async function forgetChatChecks(env: Env, a: number, b: number) {
  await Promise.all([
    hubOf(env, a).forgetChatPeers([b]),
    hubOf(env, b).forgetChatPeers([a]),
  ]);
}

/** SPEC.md §7 social calls, plus block, report and the invite link. */
export const socialRouter = createRouter()
  .get("/find/:userId", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    ownId(caller.id, c.req.param("userId"));
    await c.var.services.limits.hit("searchPerUser", caller.id);
    return c.json(await c.var.services.social.find(caller.id, c.req.query()));
  })
  .get("/friends/:userId", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    ownId(caller.id, c.req.param("userId"));
    return c.json(
      await c.var.services.social.friends(caller.id, (ids) =>
        onlineAmong(c.env, ids),
      ),
    );
  })
  .post("/follow", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const { from, to } = parseInput(FollowSchema, await readJson(c.req.raw));
    if (from !== caller.id)
      throw forbidden("You can only follow people yourself");
    return c.json(await c.var.services.social.follow(caller.id, to));
  })
  .delete("/unfriend/:socialId", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const friendId = parseInput(idSchema("friend"), c.req.param("socialId"));
    return c.json(await c.var.services.social.unfriend(caller.id, friendId));
  })
  .post("/block", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const { user_id } = parseInput(BlockSchema, await readJson(c.req.raw));
    const blocked = await c.var.services.social.block(caller.id, user_id);
    await forgetChatChecks(c.env, caller.id, user_id);
    return c.json(blocked);
  })
  .delete("/block/:userId", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    const unblocked = await c.var.services.social.unblock(caller.id, userId);
    await forgetChatChecks(c.env, caller.id, userId);
    return c.json(unblocked);
  })
  .get("/blocked", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    return c.json(await c.var.services.social.blockedIds(caller.id));
  })
  // A message someone sent the caller: the copy kept for moderators comes from the conversation itself.
  .post("/report", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    await c.var.services.limits.hit("reportPerUser", caller.id);
    const input = parseInput(ReportSchema, await readJson(c.req.raw));
    const message = await conversationOf(
      c.env,
      caller.id,
      input.user_id,
    ).messageFor(caller.id, input.msg_id);
    if (!message || message.senderId !== input.user_id)
      throw notFound("That message was not sent to you");
    return c.json(
      await c.var.services.social.report(caller.id, input, message.content),
      201,
    );
  })
  .get("/invite", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const code = await c.var.services.social.inviteCode(caller.id);
    return c.json({
      code,
      url: new URL(`/registration?invite=${code}`, c.req.url).toString(),
    });
  });

/** SPEC.md §7 GET /chat/{userId}/{friendId}: the history, newest page; `before` pages back. Members only. */
export const chatRouter = createRouter().get(
  "/:userId/:friendId",
  async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    const friendId = parseInput(idSchema("friend"), c.req.param("friendId"));
    if (userId !== caller.id)
      throw forbidden("You can only read your own conversations");
    if (friendId === caller.id)
      throw forbidden("There is no conversation with yourself");
    // Checked here, before the Conversation is addressed, so a probe of a stranger reaches no object.
    const refusal = chatRefusal(
      await c.var.services.social.chatCheck(caller.id, friendId),
    );
    if (refusal)
      throw new ApiError(
        refusal.status,
        refusal.status === 404 ? "not_found" : "forbidden",
        refusal.message,
      );
    const { before, limit } = parseInput(HistoryQuerySchema, c.req.query());
    return c.json(
      await conversationOf(c.env, caller.id, friendId).history(
        caller.id,
        friendId,
        before ?? null,
        limit,
      ),
    );
  },
);
