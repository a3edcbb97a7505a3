import { SessionUpdateSchema } from "#contract/accounts";
import { forbidden } from "../services/errors";
import { tokenFromRequest } from "../services/sessions";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** SPEC.md §7 POST /session (user, socket, token): the client reports its socket for its session. */
export const sessionRouter = createRouter().post(
  "/",
  requireUser,
  async (c) => {
    const caller = c.var.user;
    const { user, socket, token } = parseInput(
      SessionUpdateSchema,
      await readJson(c.req.raw),
    );
    // requireUser passed, so the request carries a session token: the one this update is about.
    const own = tokenFromRequest(c.req.raw)!;
    // A client may only speak for its own session.
    if (user !== caller.id || (token !== undefined && token !== own))
      throw forbidden("This session belongs to someone else");
    await c.var.services.sessions.recordSocket(own, caller.id, socket ?? null);
    return c.json({ ok: true });
  },
);
