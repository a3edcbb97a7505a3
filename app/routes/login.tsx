import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useAccount } from "~/components/AccountProvider";
import { AuthScreen, type Perk } from "~/components/AuthScreen";
import { CoinIcon, HeartIcon, SwordsIcon } from "~/components/icons";
import { FormSuccess } from "~/components/FormFields";
import { GoogleLogIn, LoginForm } from "~/components/LoginPopup";
import { ACCOUNT_LINK_TEXT } from "#contract/account-links";
import { pageTitle } from "#contract/format";
import type { ShellHandle } from "~/lib/viewer";
import { GoogleCredentialSchema } from "#contract/accounts";
import type { ApiSignedIn } from "#contract/types";
import { LoginSchema } from "#contract/validation";
import { MATCH_WAITING_TEXT, safeRedirect, withRedirect } from "~/lib/redirect";
import {
  checkedFormAction,
  nextPage,
  signedInAnswer,
  retryAfterOf,
  textField,
} from "~/server/auth.server";
import { redirectTarget } from "~/server/redirect.server";

/** A rate-limited post says when to try again, as the API does. */
export const headers: HeadersFunction = ({ actionHeaders }) =>
  retryAfterOf(actionHeaders);

/** A full-screen form like /registration: no header, menus or footer around it. */
export const handle: ShellHandle = { bare: true };

export const meta: MetaFunction = () => [{ title: pageTitle("Log in") }];

const PERKS: Perk[] = [
  { Icon: CoinIcon, text: "Your coins and today's bonus are waiting" },
  { Icon: HeartIcon, text: "Your likes and saved games, on every device" },
  { Icon: SwordsIcon, text: "Answer your friends' challenges" },
];

/** A player who is signed in already goes straight on; anyone else is told what is waiting after logging in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.services.sessions.userForRequest(request);
  if (user)
    throw redirect(
      safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    );
  return {
    ...(await redirectTarget(context, request)),
    // After a reset through a mailed link (routes/reset-password.$token.tsx).
    passwordChanged:
      new URL(request.url).searchParams.get("password") === "changed",
  };
}

/**
 * Every log-in from a page: the form (this page's or the popup's) and Google's ID token (`credential`). A post
 * without JavaScript gets the cookie and 303 back, a fetcher's the user; a refusal, the messages.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { auth } = context.services;
  const next = nextPage(form, "/home");
  const run = async (signIn: Promise<ApiSignedIn>) =>
    signedInAnswer(context, request, await signIn, next);
  if (form.has("credential"))
    return checkedFormAction(form, GoogleCredentialSchema, { email: "" }, () =>
      run(auth.logInWithGoogle(Object.fromEntries(form), request)),
    );
  return checkedFormAction(
    form,
    LoginSchema,
    { email: textField(form, "email") },
    () => run(auth.logIn(Object.fromEntries(form), request)),
  );
}

/**
 * /login: the login popup's form as a page, where the "Log in" buttons lead when scripts are blocked or the page
 * has not hydrated yet. With JavaScript it signs in in place like the popup.
 */
export default function Login() {
  const problem = useActionData<typeof action>();
  const target = useLoaderData<typeof loader>();
  const redirectTo = target.redirectTo ?? "/home";
  const { closePopup, signedIn } = useAccount();

  // The page is the login form: a popup opened over it would be a second one.
  useEffect(() => closePopup(), [closePopup]);

  const onSignedIn = (user: Parameters<typeof signedIn>[0]) =>
    signedIn(user, redirectTo);
  return (
    <AuthScreen
      title={
        <>
          Welcome back to <span className="text-gradient">Playfeed</span>
        </>
      }
      text="Pick up where you left off."
      perks={PERKS}
    >
      <div className="auth-card">
        <h1 className="auth-card__title">Log in</h1>
        {target.passwordChanged ? (
          <FormSuccess message={ACCOUNT_LINK_TEXT.passwordChanged} />
        ) : null}
        <p className="auth-card__text">
          {target.matchHost ? (
            <strong data-testid="waiting">
              {MATCH_WAITING_TEXT.logIn(target.matchHost)}
            </strong>
          ) : (
            "Like games, collect your daily coins and challenge friends."
          )}
        </p>
        <LoginForm
          idPrefix="login-page"
          redirectTo={redirectTo}
          onSignedIn={onSignedIn}
          initial={problem?.ok === false ? problem : undefined}
        />
        <GoogleLogIn onSignedIn={onSignedIn} />
        <p className="auth-card__switch">
          New to Playfeed?{" "}
          <Link to={withRedirect("/registration", target.redirectTo)}>
            Create an account
          </Link>
        </p>
      </div>
    </AuthScreen>
  );
}
