import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  authAction,
  signedInResponse,
  signUpFromForm,
} from "~/server/auth.server";

/** The sign-up form's fetch posts the SPEC.md sign-up fields here (without JavaScript the form posts to /registration). */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(async () =>
    signedInResponse(
      context,
      request,
      await signUpFromForm(context, request, await request.formData()),
    ),
  );
}
