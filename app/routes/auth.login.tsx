import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  authAction,
  pageAuthenticator,
  signedInResponse,
} from "~/server/auth.server";

/** The login popup posts email and password here; the answer carries the user and sets the session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(async () => {
    const signedIn = await pageAuthenticator(context).authenticate(
      "password",
      request,
    );
    return signedInResponse(context, request, signedIn);
  });
}
