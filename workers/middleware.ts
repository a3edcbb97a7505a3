import { Hono, type MiddlewareHandler } from "hono";
import { apiErrorResponse } from "./api";
import type { AppEnv } from "./api/hono";
import { createServices } from "./context";
import { bookmarkCookie, bookmarkFrom, sessionFor } from "./d1-session";
import { isForeignWrite } from "./origin";
import { securityHeaders } from "./security-headers";
import { forbidden } from "./services/errors";

/** Refuses cross-site writes, then gives the request its services over its own D1 session (ADR 022). */
const withServices: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isForeignWrite(c.req.raw))
    throw forbidden("This request came from another site and was refused");
  const bookmark = bookmarkFrom(c.req.raw);
  const session = sessionFor(c.env.DB, c.req.method, bookmark);
  c.set("services", createServices(c.env, new URL(c.req.url).origin, session));
  await next();
  const cookie = bookmarkCookie(c.req.raw, session, bookmark);
  // A WebSocket upgrade's headers cannot change; it wrote nothing to hand back.
  if (cookie && c.res.status !== 101)
    c.header("Set-Cookie", cookie, { append: true });
};

/**
 * A Hono app with the middleware every request of the Worker goes through, in order, and the one error answer.
 * Security headers come first, so that error answers of the middleware after them get the headers too.
 */
export const createWorkerApp = () =>
  new Hono<AppEnv>()
    .use("*", securityHeaders, withServices)
    .onError((error) => apiErrorResponse(error));
