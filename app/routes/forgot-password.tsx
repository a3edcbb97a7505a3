import {
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
import { useEffect } from "react";
import { useAccount } from "~/components/AccountProvider";
import { AuthScreen, type Perk } from "~/components/AuthScreen";
import {
  FormError,
  FormSuccess,
  SubmitButton,
  TextField,
} from "~/components/FormFields";
import { ClockIcon, LockIcon } from "~/components/icons";
import { MailIcon } from "~/components/page-icons";
import { ACCOUNT_LINK_TEXT, RESET_LINK_MINUTES } from "#contract/account-links";
import { pageTitle } from "#contract/format";
import type { ShellHandle } from "~/lib/viewer";
import { formAction, retryAfterOf, textField } from "~/server/auth.server";
import "~/components/account/account-links.css";

export const handle: ShellHandle = { bare: true };

export const meta: MetaFunction = () => [
  { title: pageTitle("Forgot password") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ actionHeaders }) =>
  retryAfterOf(actionHeaders);

const PERKS: Perk[] = [
  { Icon: MailIcon, text: "We mail a link to the address you signed up with" },
  {
    Icon: ClockIcon,
    text: `The link works once, for ${RESET_LINK_MINUTES} minutes`,
  },
  { Icon: LockIcon, text: "Choosing a new password signs you out everywhere" },
];

const SENT = "/forgot-password?sent";

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

/**
 * Always the same answer, a 303 to the "we have sent it" page, whether or not an account uses the address: the work
 * before it (reading the form, two rate limits) is the same for any address, and the account is looked up and mailed
 * after the answer has gone (`waitUntil`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return formAction({ email: textField(form, "email") }, async () => {
    const mailIt = await context.services.accountLinks.requestPasswordReset(
      Object.fromEntries(form),
      request,
    );
    // Started on a later turn of the event loop, once the answer is on its way: its work does not slow the answer.
    context.cloudflare.ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, 0))
        .then(mailIt)
        .catch((error: unknown) =>
          console.error("the reset mail was not sent", error),
        ),
    );
    throw redirect(SENT, 303);
  });
}

/** /forgot-password: the address to send a reset link to, and then the answer that it may have been sent. */
export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { closePopup } = useAccount();
  // Reached from the log-in popup's link: the popup has done its part.
  useEffect(() => closePopup(), [closePopup]);

  return (
    <AuthScreen
      title={
        <>
          Back into <span className="text-gradient">Playfeed</span>
        </>
      }
      text="Your coins, friends and scores are waiting."
      perks={PERKS}
    >
      <div className="auth-card">
        <h1 className="auth-card__title">Forgot password?</h1>
        {sent ? (
          <div className="account-link__notice">
            <FormSuccess message={ACCOUNT_LINK_TEXT.resetSent} />
          </div>
        ) : (
          <p className="auth-card__text">
            Enter the e-mail address of your account and we will send you a link
            to choose a new password.
          </p>
        )}
        <Form method="post" className="form auth-form" noValidate>
          <TextField
            id="forgot-email"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            defaultValue={problem?.values.email}
            error={problem?.errors.email}
            required
          />
          <FormError message={problem?.formError ?? null} />
          <SubmitButton busy={busy} busyLabel="Sending…">
            {sent ? "Send another link" : "Send me a link"}
          </SubmitButton>
        </Form>
        <p className="auth-card__switch">
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
