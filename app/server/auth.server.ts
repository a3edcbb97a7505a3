import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { UserData } from "~/lib/types";

export interface SignedIn {
  user: UserData;
  token: string;
}

/** remix-auth drives the page log-in; the strategy hands the form to the same flow the API uses. */
export function pageAuthenticator(context: AppLoadContext) {
  return new Authenticator<SignedIn>().use(
    new FormStrategy(({ form, request }) => context.services.auth.logIn(Object.fromEntries(form), request)),
    "password",
  );
}

interface ClientError {
  status: number;
  headers?: Record<string, string>;
  toJSON(): unknown;
}

function isClientError(error: unknown): error is ClientError {
  return error instanceof Error && typeof (error as Partial<ClientError>).status === "number" && "toJSON" in error;
}

/** A signed-in answer for the page: the user for `userData`, and the session in the httpOnly cookie. */
export function signedInResponse(context: AppLoadContext, request: Request, { user, token }: SignedIn): Response {
  return Response.json({ user }, { headers: { "Set-Cookie": context.services.sessions.cookie(token, request) } });
}

/** Runs an auth action; a mistake the user can fix becomes its JSON error, anything else stays a 500. */
export async function authAction(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isClientError(error)) return Response.json(error.toJSON(), { status: error.status, headers: error.headers });
    throw error;
  }
}
