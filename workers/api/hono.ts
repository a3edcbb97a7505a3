import { Hono } from "hono";
import type { UserRow } from "../db/schema";
import type { Services } from "../context";
import { badRequest, unauthorized } from "../services/errors";

export { parseFields, parseInput } from "../services/parse";

export type AppEnv = { Bindings: Env; Variables: { services: Services } };

export const createRouter = () => new Hono<AppEnv>();

/** The JSON body of a request, or a 400 a client can act on. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw badRequest("The request body must be JSON");
  }
}

/** The signed-in caller (bearer token or page cookie), or a 401. */
export async function requireUser(services: Services, request: Request): Promise<UserRow> {
  const user = await services.sessions.userForRequest(request);
  if (!user) throw unauthorized();
  return user;
}
