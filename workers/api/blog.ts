import { idSchema } from "#contract/ids";
import {
  createRouter,
  parseInput,
  optionalUser,
  readJson,
  requireUser,
} from "./hono";

/**
 * SPEC.md §7 blog service. Reading is open to everyone, drafts only to their author; writing needs a writer
 * (users.can_write), and changing a post needs its author.
 */
export const blogRouter = createRouter()
  .post("/", requireUser, async (c) => {
    return c.json(
      await c.var.services.blog.create(c.var.user, await readJson(c.req.raw)),
      201,
    );
  })
  .put("/:id", requireUser, async (c) => {
    const id = parseInput(idSchema("post"), c.req.param("id"));
    return c.json(
      await c.var.services.blog.update(
        c.var.user,
        id,
        await readJson(c.req.raw),
      ),
    );
  })
  .get("/list/:clientId", optionalUser, async (c) => {
    return c.json(
      await c.var.services.blog.list(
        c.req.param("clientId"),
        c.req.query(),
        c.var.viewer,
      ),
    );
  })
  .get("/content/:id", optionalUser, async (c) => {
    return c.json(
      await c.var.services.blog.getById(
        parseInput(idSchema("post"), c.req.param("id")),
        c.var.viewer?.id,
      ),
    );
  })
  .get("/:title", optionalUser, async (c) => {
    return c.json(
      await c.var.services.blog.getBySlug(
        c.req.param("title"),
        c.var.viewer?.id,
      ),
    );
  });
