import type { ActionFunctionArgs } from "@remix-run/cloudflare";

/** Log-out revokes the session on the server and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessions } = context.services;
  await sessions.revoke(sessions.tokenFrom(request));
  return Response.json(
    { ok: true },
    { headers: { "Set-Cookie": sessions.cookie(null, request) } },
  );
}
