import { idSchema } from "#contract/ids";
import { BlockSchema, invitePath, type InviteAnswer } from "#contract/social";
import { forbidden } from "../services/errors";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** Only the caller's own lists: another user's id in the path is a 403. */
function ownId(callerId: number, raw: string): number {
  const id = parseInput(idSchema("user"), raw);
  if (id !== callerId) throw forbidden("You can only see your own friends");
  return id;
}

/** SPEC.md §7 social calls, plus block, report and the invite link. */
export const socialRouter = createRouter()
  .get("/find/:userId", requireUser, async (c) => {
    const caller = c.var.user;
    ownId(caller.id, c.req.param("userId"));
    return c.json(await c.var.services.social.find(caller.id, c.req.query()));
  })
  .get("/friends/:userId", requireUser, async (c) => {
    const caller = c.var.user;
    ownId(caller.id, c.req.param("userId"));
    return c.json(await c.var.services.social.friends(caller.id));
  })
  .post("/follow", requireUser, async (c) => {
    return c.json(
      await c.var.services.social.follow(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
    );
  })
  .delete("/unfriend/:socialId", requireUser, async (c) => {
    const friendId = parseInput(idSchema("friend"), c.req.param("socialId"));
    return c.json(
      await c.var.services.social.unfriend(c.var.user.id, friendId),
    );
  })
  .post("/block", requireUser, async (c) => {
    const { user_id } = parseInput(BlockSchema, await readJson(c.req.raw));
    return c.json(await c.var.services.social.block(c.var.user.id, user_id));
  })
  .delete("/block/:userId", requireUser, async (c) => {
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    return c.json(await c.var.services.social.unblock(c.var.user.id, userId));
  })
  .get("/blocked", requireUser, async (c) => {
    return c.json(await c.var.services.social.blockedIds(c.var.user.id));
  })
  .get("/blocked/people", requireUser, async (c) => {
    return c.json(await c.var.services.social.blockedPeople(c.var.user.id));
  })
  .post("/report", requireUser, async (c) => {
    return c.json(
      await c.var.services.social.report(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  .get("/invite", requireUser, async (c) => {
    const caller = c.var.user;
    const code = await c.var.services.social.inviteCode(caller.id);
    return c.json({
      code,
      url: new URL(invitePath(code), c.req.url).toString(),
    } satisfies InviteAnswer);
  });

/** SPEC.md §7 GET /chat/{userId}/{friendId}: the history, newest page; `before` pages back. Members only. */
export const chatRouter = createRouter().get(
  "/:userId/:friendId",
  requireUser,
  async (c) => {
    const caller = c.var.user;
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    const friendId = parseInput(idSchema("friend"), c.req.param("friendId"));
    if (userId !== caller.id)
      throw forbidden("You can only read your own conversations");
    if (friendId === caller.id)
      throw forbidden("There is no conversation with yourself");
    return c.json(
      await c.var.services.social.history(caller.id, friendId, c.req.query()),
    );
  },
);
