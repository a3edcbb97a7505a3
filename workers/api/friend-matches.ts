import { matchCodeSchema } from "#contract/friend-matches";
import { idSchema } from "#contract/ids";
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
  // The pair's record and any standing rematch offer, for one of the match's players (null for anyone else).
  .get("/tally/:resultId", requireUser, async (c) => {
    const resultId = parseInput(idSchema("match"), c.req.param("resultId"));
    const found = await c.var.services.friendMatches.summaryFor(
      c.var.user.id,
      resultId,
    );
    return c.json({ tally: found?.tally ?? null });
  })
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
