import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountChanged } from "~/server/auth.server";

/** Log-out (the account menu's fetcher) revokes the session on the server and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessions } = context.services;
  await sessions.revoke(sessions.tokenFrom(request));
  accountChanged(context);
  return Response.json(
    { ok: true },
    { headers: { "Set-Cookie": sessions.cookie(null, request) } },
  );
}
