import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { authAction, signedInResponse } from "~/server/auth.server";

/** The sign-up form posts the SPEC.md sign-up fields here. */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(async () => {
    const form = Object.fromEntries(await request.formData());
    return signedInResponse(context, request, await context.services.auth.signUp(form));
  });
}
