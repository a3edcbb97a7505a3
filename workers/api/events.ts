import { z } from "zod";
import { EVENT_NAMES } from "../services/events";
import { createRouter, optionalUser, parseInput, readJson } from "./hono";

const EventSchema = z.object({
  name: z.enum(EVENT_NAMES, { error: "Unknown event name" }),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .refine(
      (data) => !data || JSON.stringify(data).length <= 2048,
      "Event data may be at most 2 KB",
    ),
});

/** POST /api/events: anonymous visitors count too; a signed-in caller is attached to the event. */
export const eventsRouter = createRouter().post(
  "/",
  optionalUser,
  async (c) => {
    const { name, data } = parseInput(EventSchema, await readJson(c.req.raw));
    await c.var.services.events.record(name, c.var.viewer?.id ?? null, data);
    return c.body(null, 204);
  },
);
