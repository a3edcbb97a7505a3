import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { canModerate } from "#contract/moderation";
import { notFoundResponse } from "./loaders.server";

/** A visitor goes to log in first, and comes back to the page they asked for. */
export async function signedInOrLogin(
  context: AppLoadContext,
  request: Request,
) {
  const user = await context.services.sessions.userForRequest(request);
  if (user) return user;
  const { pathname } = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(pathname)}`, 303);
}

/**
 * The doors of the staff pages, /admin and every /moderation page (issues #33 and #34): signed in, with the role, or the 404 page, so the pages'
 * existence does not show. The services check the caller's role again on every call.
 */
export async function staffOr404(
  context: AppLoadContext,
  request: Request,
  need: "admin" | "moderator",
): Promise<number> {
  // The session's own row carries the role: no second read.
  const { id, role } = await signedInOrLogin(context, request);
  const allowed = need === "admin" ? role === "admin" : canModerate(role);
  if (!allowed) throw notFoundResponse("Page not found");
  return id;
}

export const staffHeaders = () => ({ "Cache-Control": "private, no-store" });
