import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { authAction, signedInResponse } from "~/server/auth.server";

/** The sign-up form posts the SPEC.md sign-up fields here. */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(async () => {
    const form = Object.fromEntries(await request.formData());
    const signedIn = await context.services.auth.signUp(form, request);
    // Signing up through a friend's invite link makes the two friends.
    if (typeof form.invite === "string") await context.services.social.acceptInvite(signedIn.user._id, form.invite);
    return signedInResponse(context, request, signedIn);
  });
}
