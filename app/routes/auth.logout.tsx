import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { accountChanged } from "~/server/auth.server";

/**
 * Log-out revokes the session on the server and clears the cookie. The account menu's fetcher gets `{ ok }`; the Log
 * out form without JavaScript (its `redirectTo` is sent only before the page hydrates) goes there with 303, signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessions } = context.services;
  const form = await request.formData().catch(() => null);
  await sessions.revoke(sessions.tokenFrom(request));
  accountChanged(context);
  const headers = { "Set-Cookie": sessions.cookie(null, request) };
  const back = safeRedirect(form?.get("redirectTo"), "");
  if (back) return redirect(back, { status: 303, headers });
  return Response.json({ ok: true }, { headers });
}
