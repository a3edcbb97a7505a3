import { matchCodeSchema } from "#contract/friend-matches";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** Play with a friend and rematch (ADR 026): invitations, their links, and rematch offers. */
export const friendMatchesRouter = createRouter()
  .post("/", requireUser, async (c) =>
    c.json(
      await c.var.services.friendMatches.create(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
      201,
    ),
  )
  .post("/rematch", requireUser, async (c) =>
    c.json(
      await c.var.services.friendMatches.rematch(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
    ),
  )
  .get("/:code", requireUser, async (c) =>
    c.json(
      await c.var.services.friendMatches.view(
        c.var.user.id,
        parseInput(matchCodeSchema, c.req.param("code")),
      ),
    ),
  )
  .post("/:code/accept", requireUser, async (c) =>
    c.json(
      await c.var.services.friendMatches.accept(
        c.var.user.id,
        parseInput(matchCodeSchema, c.req.param("code")),
      ),
    ),
  )
  .post("/:code/decline", requireUser, async (c) =>
    c.json(
      await c.var.services.friendMatches.decline(
        c.var.user.id,
        parseInput(matchCodeSchema, c.req.param("code")),
      ),
    ),
  );
