import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ApiSignedIn, UserData } from "#contract/types";
import {
  IN_PLACE_FIELD,
  checkForm,
  firstMessage,
  type FormProblem,
} from "~/lib/forms";
import { safeRedirect } from "~/lib/redirect";

export type { FormProblem } from "~/lib/forms";

interface ClientError {
  status: number;
  message: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  toJSON(): unknown;
}

function isClientError(error: unknown): error is ClientError {
  return (
    error instanceof Error &&
    typeof (error as Partial<ClientError>).status === "number" &&
    "toJSON" in error
  );
}

/** What a page may hold of a signed-in user: everything but the token, which travels only in the httpOnly cookie. */
function pageUser({ token: _token, ...user }: ApiSignedIn["user"]): UserData {
  return user;
}

/**
 * Where a form that signed the player in goes on to, or null when its fetcher asked to stay in place (`IN_PLACE_FIELD`):
 * the form's own `redirectTo` when it is a path of ours, else `fallback`.
 */
export function nextPage(form: FormData, fallback: string): string | null {
  return form.has(IN_PLACE_FIELD)
    ? null
    : safeRedirect(form.get("redirectTo"), fallback);
}

/** The account changed in this request: the loaders that run after the action must read it again. */
export function accountChanged(context: AppLoadContext): void {
  context.services.sessions.forget();
}

/**
 * A form signed the player in: the session goes in the httpOnly cookie. A post without JavaScript goes on with 303
 * (thrown, so an action's data stays what a page renders); a fetcher gets the user for `userData`.
 */
export function signedInAnswer(
  context: AppLoadContext,
  request: Request,
  { token, user }: ApiSignedIn,
  next: string | null,
) {
  accountChanged(context);
  const headers = {
    "Set-Cookie": context.services.sessions.cookie(token, request),
  };
  if (next) throw redirect(next, { status: 303, headers });
  return data(
    { ok: true as const, answer: { user: pageUser(user) } },
    { headers },
  );
}

const refused = <Values>(
  status: number,
  formError: string,
  errors: Record<string, string>,
  values: Values,
  headers?: Record<string, string>,
) => {
  const problem: FormProblem<Values> = { ok: false, formError, errors, values };
  return data(problem, { status, headers });
};

/**
 * Runs a page form's action: `run` calls the service. A mistake the user can fix comes back as a `FormProblem` with
 * its 4xx status (and any Retry-After), for a fetcher or for the page rendered again; anything else stays a 500.
 */
export async function formAction<Values, Result>(
  values: Values,
  run: () => Promise<Result>,
) {
  try {
    return await run();
  } catch (error) {
    if (!isClientError(error)) throw error;
    return refused(
      error.status,
      error.message,
      error.fields ?? {},
      values,
      error.headers,
    );
  }
}

/** `formAction` for a form the browser checked first: the server checks it with the same contract schema. */
export async function checkedFormAction<Values, Result>(
  form: FormData,
  schema: z.ZodType,
  values: Values,
  run: () => Promise<Result>,
) {
  const checked = checkForm(schema, form);
  if (!checked.ok)
    return refused(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, run);
}

/**
 * A page's response headers after its form was refused by a rate limit: the action's Retry-After, which Remix leaves
 * off the rendered page unless the route hands it on (the route's `headers`).
 */
export function retryAfterOf(actionHeaders: Headers): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** A form field as text: files and missing fields become "". */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
