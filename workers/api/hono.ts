import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { UserRow } from "../db/schema";
import type { Services } from "../context";
import { ApiError, badRequest, unauthorized } from "../services/errors";

export { parseFields, parseInput } from "../services/parse";

export type AppEnv = { Bindings: Env; Variables: { services: Services } };

export const createRouter = () => new Hono<AppEnv>();

/** Larger than any honest JSON body (a blog post at its limits is about 1.3 MB): refused before it is parsed. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

const tooLarge = () =>
  new ApiError(
    413,
    "too_large",
    "This request is too large. Please send less.",
  );

/** The JSON body of a request, or a 4xx a client can act on. */
export async function readJson(request: Request): Promise<unknown> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_JSON_BYTES)
    throw tooLarge();
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw tooLarge();
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body must be JSON");
  }
}

/**
 * For routes that need a player: the signed-in caller (bearer token or page cookie) becomes `c.var.user`, and a
 * request without a session is a 401 before the handler or its input parsing runs.
 */
export const requireUser = createMiddleware<{
  Bindings: Env;
  Variables: { services: Services; user: UserRow };
}>(async (c, next) => {
  const user = await c.var.services.sessions.userForRequest(c.req.raw);
  if (!user) throw unauthorized();
  c.set("user", user);
  await next();
});

/** For routes that serve visitors too: `c.var.viewer` is the signed-in caller, or null. */
export const optionalUser = createMiddleware<{
  Bindings: Env;
  Variables: { services: Services; viewer: UserRow | null };
}>(async (c, next) => {
  c.set("viewer", await c.var.services.sessions.userForRequest(c.req.raw));
  await next();
});
