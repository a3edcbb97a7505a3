import { Hono } from "hono";
import type { UserRow } from "../db/schema";
import type { Services } from "../context";
import { ApiError, badRequest, unauthorized } from "../services/errors";

export { parseFields, parseInput } from "../services/parse";

export type AppEnv = { Bindings: Env; Variables: { services: Services } };

export const createRouter = () => new Hono<AppEnv>();

/** Larger than any honest JSON body (a blog post at its limits is about 1.3 MB): refused before it is parsed. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

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

/** The signed-in caller (bearer token or page cookie), or a 401. */
export async function requireUser(
  services: Services,
  request: Request,
): Promise<UserRow> {
  const user = await services.sessions.userForRequest(request);
  if (!user) throw unauthorized();
  return user;
}
