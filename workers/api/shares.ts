import { createRouter, readJson, requireUser } from "./hono";

/** POST /api/shares: the caller's verified round or match made public at /scores/{id}; 201 new, 200 shared before. */
export const sharesRouter = createRouter().post("/", requireUser, async (c) => {
  const share = await c.var.services.shares.create(
    c.var.user,
    await readJson(c.req.raw),
    new URL(c.req.url).origin,
  );
  return c.json(share, share.created ? 201 : 200);
});
