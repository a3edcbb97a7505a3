import { z } from "zod";
import { idSchema } from "../../app/lib/ids";
import { createRouter, parseInput } from "./hono";

const publishedQuery = z.object({
  // SPEC.md §7: the user id may be empty.
  user: z.string().regex(/^([1-9]\d{0,14})?$/, "Invalid user id").optional(),
});

export const gamesRouter = createRouter()
  .get("/published", async (c) => {
    parseInput(publishedQuery, c.req.query());
    return c.json(await c.var.services.games.listPublished());
  })
  .get("/publisher/:id", async (c) => {
    const id = parseInput(idSchema("publisher"), c.req.param("id"));
    return c.json(await c.var.services.games.listByPublisher(id));
  })
  .get("/:id", async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    return c.json(await c.var.services.games.getGame(id));
  });
