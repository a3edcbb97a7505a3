import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { safeRedirect } from "~/lib/redirect";
import type { UserRow } from "../../workers/db/schema";
import { unauthorized } from "../../workers/services/errors";
import { isApiError } from "./errors.server";
import { parseInput } from "../../workers/services/parse";

/** What an in-place button's fetcher gets back: the service's answer, or the message to show. */
export type MutationResult<Answer> =
  { ok: true; answer: Answer } | { ok: false; error: string };

/**
 * The page to go back to after a post without JavaScript. Forms send it only before they hydrate
 * (components/ActionForm.tsx), so its presence is what tells a plain post from a fetcher's.
 */
function backPath(form: FormData): string | null {
  return safeRedirect(form.get("redirectTo"), "") || null;
}

/**
 * An in-place button's post (like, save, rate, follow): the signed-in caller, the form read with the contract schema,
 * then the same service call as the JSON API. A fetcher gets the answer or the message; a post without JavaScript
 * goes back to its page with 303, which renders the new state, and a visitor goes to log in first.
 */
export async function pageMutation<Schema extends z.ZodType, Answer>(
  { request, context }: ActionFunctionArgs,
  schema: Schema,
  run: (caller: UserRow, input: z.output<Schema>) => Promise<Answer>,
  /** Where a post without JavaScript goes on success, when not back to its page (a new share: its own page). */
  nextPage?: (answer: Answer) => string,
) {
  const form = await request.formData();
  const back = backPath(form);
  try {
    const caller = await context.services.sessions.userForRequest(request);
    if (!caller) {
      if (back)
        return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
      throw unauthorized();
    }
    const answer = await run(
      caller,
      parseInput(schema, Object.fromEntries(form)),
    );
    if (back) return redirect(nextPage ? nextPage(answer) : back, 303);
    const result: MutationResult<Answer> = { ok: true, answer };
    return data(result);
  } catch (error) {
    if (!isApiError(error)) throw error;
    // Without JavaScript there is no place for the message: the page shows its unchanged state again.
    if (back) return redirect(back, 303);
    const result: MutationResult<Answer> = { ok: false, error: error.message };
    return data(result, { status: error.status, headers: error.headers });
  }
}
