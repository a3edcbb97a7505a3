import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { AuthScreen, type Perk } from "~/components/AuthScreen";
import {
  FormError,
  PasswordField,
  SubmitButton,
} from "~/components/FormFields";
import { CheckIcon, LockIcon, ShieldIcon } from "~/components/icons";
import { ACCOUNT_LINK_TEXT, type LinkState } from "#contract/account-links";
import { pageTitle } from "#contract/format";
import type { ShellHandle } from "~/lib/viewer";
import { accountChanged, formAction } from "~/server/auth.server";
import "~/components/account/account-links.css";

export const handle: ShellHandle = { bare: true };

export const meta: MetaFunction = () => [
  { title: pageTitle("Choose a new password") },
  { name: "robots", content: "noindex" },
];

// The address holds the link itself: no cache keeps the page and no other site is told it.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

const PERKS: Perk[] = [
  {
    Icon: LockIcon,
    text: "6 to 16 characters, with a capital, a number and a sign",
  },
  {
    Icon: ShieldIcon,
    text: "Every device signed in to your account is signed out",
  },
  { Icon: CheckIcon, text: "Then log in with the new password" },
];

const NOT_USABLE: Record<Exclude<LinkState, "valid">, string> = {
  used: ACCOUNT_LINK_TEXT.linkUsed,
  expired: ACCOUNT_LINK_TEXT.linkExpired,
  unknown: ACCOUNT_LINK_TEXT.linkUnknown,
};

/** Opening the link only looks at it: it is used when the new password is sent, so a mail scanner cannot spend it. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const state = await context.services.accountLinks.linkState(
    params.token ?? "",
    "password_reset",
  );
  return data({ state }, { status: state === "valid" ? 200 : 410 });
}

/** The new password, once per link; then every session of the account ends and the person logs in with it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return formAction({}, async () => {
    await context.services.accountLinks.resetPassword(
      params.token ?? "",
      Object.fromEntries(form),
    );
    accountChanged(context);
    throw redirect("/login?password=changed", 303);
  });
}

/** /reset-password/{token}: the new password twice, or why the link no longer works and a way to get a new one. */
export default function ResetPassword() {
  const { state } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // After a refused post the loader runs again: a link another tab used meanwhile shows as used.
  const usable = state === "valid";

  return (
    <AuthScreen
      title={
        <>
          A new password for <span className="text-gradient">Playfeed</span>
        </>
      }
      text="Pick one you have not used here before."
      perks={PERKS}
    >
      <div className="auth-card">
        <h1 className="auth-card__title">Choose a new password</h1>
        {usable ? (
          <Form method="post" className="form auth-form" noValidate>
            <PasswordField
              id="reset-password"
              name="password"
              label="New password"
              autoComplete="new-password"
              placeholder="Your new password"
              error={problem?.errors.password}
              data-autofocus
            />
            <PasswordField
              id="reset-confirm"
              name="confirm"
              label="New password again"
              autoComplete="new-password"
              placeholder="The same password again"
              error={problem?.errors.confirm}
            />
            <FormError message={problem?.formError ?? null} />
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save the new password
            </SubmitButton>
          </Form>
        ) : (
          <>
            <FormError message={NOT_USABLE[state]} />
            <p className="account-link__more">
              <Link to="/forgot-password">Send me a new link</Link>
            </p>
          </>
        )}
        <p className="auth-card__switch">
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
