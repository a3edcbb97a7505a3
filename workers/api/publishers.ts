import { idSchema } from "#contract/ids";
import { createRouter, parseInput } from "./hono";

export const publishersRouter = createRouter().get("/:id", async (c) => {
  const id = parseInput(idSchema("publisher"), c.req.param("id"));
  return c.json(await c.var.services.games.getPublisher(id));
});
