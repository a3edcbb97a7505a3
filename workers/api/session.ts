import { z } from "zod";
import { forbidden } from "../services/errors";
import { tokenFromRequest } from "../services/sessions";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

const SessionUpdateSchema = z.object({
  user: z.coerce.number({ error: "Invalid user" }).int().positive("Invalid user"),
  socket: z.string().max(128, "Invalid socket id").nullish(),
  token: z.string().min(1, "Invalid token").max(256, "Invalid token"),
});

/** SPEC.md §7 POST /session (user, socket, token): the client reports its socket for its session. */
export const sessionRouter = createRouter().post("/", async (c) => {
  const caller = await requireUser(c.var.services, c.req.raw);
  const { user, socket, token } = parseInput(SessionUpdateSchema, await readJson(c.req.raw));
  // A client may only speak for its own session.
  if (user !== caller.id || token !== tokenFromRequest(c.req.raw)) throw forbidden("This session belongs to someone else");
  await c.var.services.sessions.recordSocket(token, caller.id, socket ?? null);
  return c.json({ ok: true });
});
