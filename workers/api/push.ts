import { clientAddress } from "../services/rate-limits";
import { createRouter, readJson, requireUser } from "./hono";

/** Web Push (ADR 029): the key a page subscribes with, this device's subscription, and which kinds are on. */
export const pushRouter = createRouter()
  .get("/key", (c) => c.json({ publicKey: c.var.services.push.publicKey }))
  .post("/subscription", requireUser, async (c) => {
    await c.var.services.limits.hit("pushSubscribePerUser", c.var.user.id);
    await c.var.services.push.subscribe(
      c.var.user.id,
      await readJson(c.req.raw),
    );
    return c.json({ ok: true }, 201);
  })
  // No session needed: a device signing out drops its own subscription, and its endpoint is the proof.
  .delete("/subscription", async (c) => {
    await c.var.services.limits.hit(
      "pushUnsubscribePerAddress",
      clientAddress(c.req.raw),
    );
    await c.var.services.push.unsubscribe(await readJson(c.req.raw));
    return c.json({ ok: true });
  })
  .get("/preferences", requireUser, async (c) =>
    c.json(await c.var.services.push.preferences(c.var.user.id)),
  )
  .put("/preferences", requireUser, async (c) =>
    c.json(
      await c.var.services.push.setPreferences(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
    ),
  );
