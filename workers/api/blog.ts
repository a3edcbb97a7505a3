import { idSchema } from "#contract/ids";
import { forgetCachedPages } from "../page-cache";
import {
  createRouter,
  parseInput,
  readJson,
  requireUser,
  type AppEnv,
} from "./hono";
import type { Context } from "hono";

/** The blog list and a post's page were changed: readers at this edge see the change at once. */
function forgetPages(c: Context<AppEnv>, paths: string[]) {
  const origin = new URL(c.req.url).origin;
  return forgetCachedPages(["/blog", ...paths].map((path) => origin + path));
}

/**
 * SPEC.md §7 blog service. Reading is open to everyone, drafts only to their author; writing needs a writer
 * (users.can_write), and changing a post needs its author.
 */
export const blogRouter = createRouter()
  .post("/", async (c) => {
    const user = await requireUser(c.var.services, c.req.raw);
    const post = await c.var.services.blog.create(
      user,
      await readJson(c.req.raw),
    );
    await forgetPages(c, [post.blog_url]);
    return c.json(post, 201);
  })
  .put("/:id", async (c) => {
    const user = await requireUser(c.var.services, c.req.raw);
    const id = parseInput(idSchema("post"), c.req.param("id"));
    const { post, previousUrl } = await c.var.services.blog.update(
      user,
      id,
      await readJson(c.req.raw),
    );
    await forgetPages(c, [previousUrl, post.blog_url]);
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
