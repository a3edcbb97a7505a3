import { idSchema } from "#contract/ids";
import { forgetCachedPages } from "../page-cache";
import {
  createRouter,
  parseInput,
  optionalUser,
  readJson,
  requireUser,
} from "./hono";

/** The blog list and a post's page were changed: readers at this edge see the change at once. */
function forgetPages(requestUrl: string, paths: string[]) {
  const origin = new URL(requestUrl).origin;
  return forgetCachedPages(["/blog", ...paths].map((path) => origin + path));
}

/**
 * SPEC.md §7 blog service. Reading is open to everyone, drafts only to their author; writing needs a writer
 * (users.can_write), and changing a post needs its author.
 */
export const blogRouter = createRouter()
  .post("/", requireUser, async (c) => {
    const user = c.var.user;
    const post = await c.var.services.blog.create(
      user,
      await readJson(c.req.raw),
    );
    await forgetPages(c.req.url, [post.blog_url]);
    return c.json(post, 201);
  })
  .put("/:id", requireUser, async (c) => {
    const user = c.var.user;
    const id = parseInput(idSchema("post"), c.req.param("id"));
    const { post, previousUrl } = await c.var.services.blog.update(
      user,
      id,
      await readJson(c.req.raw),
    );
    await forgetPages(c.req.url, [previousUrl, post.blog_url]);
    return c.json(post);
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
