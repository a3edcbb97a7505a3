import type { AppLoadContext } from "@remix-run/cloudflare";
import { matchCodeOf, safeRedirect } from "~/lib/redirect";

/**
 * Where an account page sends the player on to (the page's own `redirectTo`, checked), and, when that is a friend's
 * open match link, whose match it is, so the page can say what is waiting.
 */
export async function redirectTarget(
  context: AppLoadContext,
  request: Request,
): Promise<{ redirectTo: string | null; matchHost: string | null }> {
  const redirectTo =
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") ||
    null;
  const code = redirectTo ? matchCodeOf(redirectTo) : null;
  const matchHost = code
    ? await context.services.friendMatches.hostNameOf(code)
    : null;
  return { redirectTo, matchHost };
}
