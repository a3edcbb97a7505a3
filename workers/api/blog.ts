import { idSchema } from "#contract/ids";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/**
 * SPEC.md §7 blog service. Reading is open to everyone, drafts only to their author; writing needs a writer
 * (users.can_write), and changing a post needs its author.
 */
export const blogRouter = createRouter()
  .post("/", async (c) => {
    const user = await requireUser(c.var.services, c.req.raw);
    const post = await c.var.services.blog.save(
      user,
      null,
      await readJson(c.req.raw),
      new URL(c.req.url).origin,
    );
    return c.json(post, 201);
  })
  .put("/:id", async (c) => {
    const user = await requireUser(c.var.services, c.req.raw);
    const id = parseInput(idSchema("post"), c.req.param("id"));
    const post = await c.var.services.blog.save(
      user,
      id,
      await readJson(c.req.raw),
      new URL(c.req.url).origin,
    );
    return c.json(post);
  })
  .get("/list/:clientId", async (c) => {
    const viewer = await c.var.services.sessions.userForRequest(c.req.raw);
    return c.json(
      await c.var.services.blog.list(
        c.req.param("clientId"),
        c.req.query(),
        viewer,
      ),
    );
  })
  .get("/content/:id", async (c) => {
    const viewer = await c.var.services.sessions.userForRequest(c.req.raw);
    return c.json(
      await c.var.services.blog.getById(
        parseInput(idSchema("post"), c.req.param("id")),
        viewer?.id,
      ),
    );
  })
  .get("/:title", async (c) => {
    const viewer = await c.var.services.sessions.userForRequest(c.req.raw);
    return c.json(
      await c.var.services.blog.getBySlug(c.req.param("title"), viewer?.id),
    );
  });
