import { useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { checkForm, type FormProblem } from "~/lib/forms";
import { useFormFetcher } from "~/lib/forms-fetcher";
import { withRedirect } from "~/lib/redirect";
import type { UserData } from "#contract/types";
import { LoginSchema } from "#contract/validation";
import { ForgotPasswordLink } from "./account/ForgotPasswordLink";
import { useAccount } from "./AccountProvider";
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  firstInvalidField,
} from "./FormFields";
import { GoogleSignInButton } from "./GoogleSignIn";
import { Modal } from "./Modal";
import { useRootData } from "./root-data";

const FIELD_ORDER = ["email", "password"] as const;

/** Where every log-in posts, with JavaScript or without, the Google button's included: the /login page's action. */
export const LOGIN_PAGE = "/login";

/** What the /login page's action answered a post it refused: the messages and the email (never the password). */
export type LoginProblem = FormProblem<{ email: string }>;

export interface LoginFormProps {
  /** Keeps input ids unique when the form appears in more than one place. */
  idPrefix: string;
  /** The page to go back to after a log-in without JavaScript; with it, `onSignedIn` decides. */
  redirectTo: string;
  onSignedIn: (user: UserData) => void;
  /** The server's answer to a post without JavaScript, shown until the next submit. */
  initial?: LoginProblem;
}

/**
 * SPEC.md §2/§5 login form: checked only when 'Log in' is pressed; a failure stops the spinner and says why. It posts
 * to the /login page's action: with JavaScript by a fetcher, staying in place; without, as a plain form post.
 */
export function LoginForm({
  idPrefix,
  redirectTo,
  onSignedIn,
  initial,
}: LoginFormProps) {
  const [values, setValues] = useState({
    email: initial?.values.email ?? "",
    password: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>(
    initial?.errors ?? {},
  );
  const post = useFormFetcher<{ user: UserData }, LoginProblem["values"]>({
    // The fields keep the browser's check; the server's refusal is the line above the button.
    shown: ({ formError }) => ({ formError, errors: {} }),
    initial,
    onAnswer: ({ user }) => onSignedIn(user),
  });
  const busy = post.busy || post.succeeded;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = checkForm(LoginSchema, values).errors;
    setErrors(found);
    post.setFormError(null);
    const invalid = firstInvalidField(found, FIELD_ORDER);
    if (invalid) {
      document.getElementById(`${idPrefix}-${invalid}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set("email", values.email);
    form.set("password", values.password);
    post.submit(form, LOGIN_PAGE);
  };

  return (
    <form
      className="form auth-form"
      method="post"
      action={withRedirect(LOGIN_PAGE, redirectTo)}
      onSubmit={onSubmit}
      noValidate
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        value={values.email}
        error={errors.email}
        data-autofocus
        onChange={(event) =>
          setValues((current) => ({ ...current, email: event.target.value }))
        }
      />
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        value={values.password}
        error={errors.password}
        onChange={(event) =>
          setValues((current) => ({ ...current, password: event.target.value }))
        }
      />
      <ForgotPasswordLink />
      <FormError message={post.formError} />
      <SubmitButton busy={busy} busyLabel="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}

/** Google's button; its ID token is posted to the /login page's action. A failure is only logged (SPEC.md §8). */
export function GoogleLogIn({
  onSignedIn,
}: {
  onSignedIn: (user: UserData) => void;
}) {
  const { googleClientId } = useRootData();
  const post = useFormFetcher<{ user: UserData }, { email: string }>({
    shown: (problem) => {
      console.error("Google login failed:", problem.formError);
      return { formError: null, errors: {} };
    },
    onAnswer: ({ user }) => onSignedIn(user),
  });
  if (!googleClientId) return null;
  const onCredential = (credential: string) => {
    const form = new FormData();
    form.set("credential", credential);
    post.submit(form, LOGIN_PAGE);
  };
  return (
    <GoogleSignInButton clientId={googleClientId} onCredential={onCredential} />
  );
}

/** SPEC.md §2/§5 login popup. */
export function LoginPopup({ onClose }: { onClose: () => void }) {
  const { signedIn, openSignUp } = useAccount();
  const { pathname, search } = useLocation();

  return (
    <Modal labelledBy="login-title" onClose={onClose}>
      <header className="modal__header">
        <h2 id="login-title" className="modal__title">
          Log in
        </h2>
        <p className="modal__lead">
          Welcome back! Like games, collect your daily coins and challenge
          friends.
        </p>
      </header>
      <LoginForm
        idPrefix="login"
        redirectTo={pathname + search}
        onSignedIn={(user) => signedIn(user)}
      />
      <GoogleLogIn onSignedIn={(user) => signedIn(user)} />
      <p className="auth-card__switch">
        New to Playfeed?{" "}
        <button type="button" className="text-button" onClick={openSignUp}>
          Create an account
        </button>
      </p>
    </Modal>
  );
}
