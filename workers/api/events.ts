import { EventSchema } from "#contract/events";
import { createRouter, parseInput, readJson } from "./hono";

/** POST /api/events: anonymous visitors count too; a signed-in caller is attached to the event. */
export const eventsRouter = createRouter().post("/", async (c) => {
  const { name, data } = parseInput(EventSchema, await readJson(c.req.raw));
  const user = await c.var.services.sessions.userForRequest(c.req.raw);
  await c.var.services.events.record(name, user?.id ?? null, data);
  return c.body(null, 204);
});
