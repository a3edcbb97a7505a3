import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { authAction, signedInResponse } from "~/server/auth.server";

/** Google Identity Services hands the page an ID token (`credential`), posted here. */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(async () => {
    const form = Object.fromEntries(await request.formData());
    return signedInResponse(
      context,
      request,
      await context.services.auth.logInWithGoogle(form, request),
    );
  });
}
