import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { rememberInvite } from "~/lib/invite";
import { useAccount } from "~/components/AccountProvider";
import { AuthScreen, type Perk } from "~/components/AuthScreen";
import { genderChoice } from "~/components/FormFields";
import { CoinIcon, HeartIcon, SwordsIcon } from "~/components/icons";
import { SignUpForm } from "~/components/SignUpForm";
import { LOGIN_PAGE } from "~/components/LoginPopup";
import { track } from "~/lib/analytics";
import { pageTitle } from "#contract/format";
import { MATCH_WAITING_TEXT, withRedirect } from "~/lib/redirect";
import type { ShellHandle } from "~/lib/viewer";
import { SignUpSchema } from "#contract/validation";
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

/** A full-screen form: no header, menus or footer around it. */
export const handle: ShellHandle = { bare: true };

export const meta: MetaFunction = () => [
  { title: pageTitle("Create Account") },
];

/** SPEC.md §2/§9: "Log in" for existing accounts opens the login popup this long after arriving on /home. */
const LOGIN_REDIRECT_DELAY_MS = 100;

const PERKS: Perk[] = [
  { Icon: HeartIcon, text: "Like and rate games, and keep your favourites" },
  { Icon: CoinIcon, text: "Collect a daily coin bonus" },
  { Icon: SwordsIcon, text: "Challenge friends and climb the leaderboards" },
];

/** Where a new account goes, with or without JavaScript, unless it came with a `redirectTo` of ours. */
const AFTER_SIGN_UP = "/home";

/** Where the new account goes on to, and whose match waits there when it is a friend's match link. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return redirectTarget(context, request);
}

/**
 * The sign-up form, from this page or the popup: the cookie and 303 on after a post without JavaScript, the new
 * user for a fetcher's, or the messages.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (name: string) => textField(form, name);
  const values = {
    name: field("name"),
    email: field("email"),
    phone_number: field("phone_number"),
    gender: genderChoice(field("gender")),
    address: field("address"),
  };
  return checkedFormAction(form, SignUpSchema, values, async () =>
    signedInAnswer(
      context,
      request,
      await context.services.auth.signUp(Object.fromEntries(form), request),
      nextPage(form, AFTER_SIGN_UP),
    ),
  );
}

/** /registration: the sign-up screen ('Create Account'). */
export default function Registration() {
  const { closePopup, openLogin, signedIn } = useAccount();
  const problem = useActionData<typeof action>();
  const target = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const afterSignUp = target.redirectTo ?? AFTER_SIGN_UP;

  // SPEC.md §2/§9: with JavaScript, "Log in" goes to /home and opens the popup there; without, the link is the /login
  // page. A player on their way somewhere (a friend's match link) goes to the /login page, which sends them on.
  const logIn = (event: MouseEvent) => {
    if (target.redirectTo) return;
    event.preventDefault();
    navigate(AFTER_SIGN_UP);
    window.setTimeout(openLogin, LOGIN_REDIRECT_DELAY_MS);
  };

  useEffect(() => {
    // SPEC.md §2: any open login popup is hidden when this screen loads.
    closePopup();
    track("SignUpOpen", { from: "registration" });
    // A friend's invite link: signing up makes the two friends.
    rememberInvite(new URLSearchParams(window.location.search).get("invite"));
  }, [closePopup]);

  return (
    <AuthScreen
      title={
        <>
          Play more with a <span className="text-gradient">Playfeed</span>{" "}
          account
        </>
      }
      text="Every game stays free to play. An account keeps your coins, likes and friends in one place."
      perks={PERKS}
    >
      <div className="auth-card">
        <h1 className="auth-card__title">Create Account</h1>
        <p className="auth-card__text">
          {target.matchHost ? (
            <strong data-testid="waiting">
              {MATCH_WAITING_TEXT.signUp(target.matchHost)}
            </strong>
          ) : (
            <>It&apos;s free and takes less than a minute.</>
          )}
        </p>
        <SignUpForm
          idPrefix="signup"
          invite={searchParams.get("invite")}
          redirectTo={target.redirectTo}
          initial={problem?.ok === false ? problem : undefined}
          onSignedUp={(user) => signedIn(user, afterSignUp)}
        />
        <p className="auth-card__switch">
          Already have an account?{" "}
          <Link to={withRedirect(LOGIN_PAGE, afterSignUp)} onClick={logIn}>
            Log in
          </Link>
        </p>
      </div>
    </AuthScreen>
  );
}
