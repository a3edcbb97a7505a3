import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { ApiSignedIn, UserData } from "#contract/types";

/** remix-auth drives the page log-in; the strategy hands the form to the same flow the API uses. */
export function pageAuthenticator(context: AppLoadContext) {
  return new Authenticator<ApiSignedIn>().use(
    new FormStrategy(({ form, request }) =>
      context.services.auth.logIn(Object.fromEntries(form), request),
    ),
    "password",
  );
}

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
export function pageUser({
  token: _token,
  ...user
}: ApiSignedIn["user"]): UserData {
  return user;
}

const sessionCookieOf = (
  context: AppLoadContext,
  request: Request,
  { token }: ApiSignedIn,
) => ({
  "Set-Cookie": context.services.sessions.cookie(token, request),
});

/** A signed-in answer for the page's fetch: the user for `userData`, and the session in the httpOnly cookie. */
export function signedInResponse(
  context: AppLoadContext,
  request: Request,
  signedIn: ApiSignedIn,
): Response {
  return Response.json(
    { user: pageUser(signedIn.user) },
    { headers: sessionCookieOf(context, request, signedIn) },
  );
}

/** Runs an auth action; a mistake the user can fix becomes its JSON error, anything else stays a 500. */
export async function authAction(
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isClientError(error))
      return Response.json(error.toJSON(), {
        status: error.status,
        headers: error.headers,
      });
    throw error;
  }
}

/**
 * A form posted without JavaScript (or before hydration) signed the player in: the cookie, and 303 to the next page.
 * Actions throw it, so their data stays only what a page renders.
 */
export function signedInRedirect(
  context: AppLoadContext,
  request: Request,
  signedIn: ApiSignedIn,
  to: string,
): Response {
  return redirect(to, {
    status: 303,
    headers: sessionCookieOf(context, request, signedIn),
  });
}

/** What a page's form shows after a post the server refused: one line above the button and one under each field. */
export interface FormProblem<Values> {
  formError: string;
  errors: Record<string, string>;
  /** What was entered, to put back in the fields; never a password. */
  values: Values;
}

/**
 * Runs a page form's action for a post without JavaScript; a mistake the user can fix comes back as the page's
 * action data with its 4xx status, so the page renders again with the messages. Anything else stays a 500.
 */
export async function formAction<Values, Result>(
  values: Values,
  run: () => Promise<Result>,
) {
  try {
    return await run();
  } catch (error) {
    if (!isClientError(error)) throw error;
    const problem: FormProblem<Values> = {
      formError: error.message,
      errors: error.fields ?? {},
      values,
    };
    return data(problem, { status: error.status });
  }
}

/** A form field as text: files and missing fields become "". */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Sign-up from a page's form (the popup's fetch or a post without JavaScript), invite code included. */
export const signUpFromForm = (
  context: AppLoadContext,
  request: Request,
  form: FormData,
): Promise<ApiSignedIn> =>
  context.services.auth.signUp(Object.fromEntries(form), request);
