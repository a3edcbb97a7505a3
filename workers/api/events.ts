import { EventSchema } from "#contract/events";
import { clientAddress } from "../services/rate-limits";
import { createRouter, optionalUser, parseInput, readJson } from "./hono";

/** POST /api/events: anonymous visitors count too; a signed-in caller is attached to the event. */
export const eventsRouter = createRouter().post(
  "/",
  optionalUser,
  async (c) => {
    await c.var.services.limits.hit(
      "eventsPerAddress",
      clientAddress(c.req.raw),
    );
    const { name, data } = parseInput(EventSchema, await readJson(c.req.raw));
    await c.var.services.events.record(name, c.var.viewer?.id ?? null, data);
    return c.body(null, 204);
  },
);
