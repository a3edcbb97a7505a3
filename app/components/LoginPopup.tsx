import { useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import { withRedirect } from "~/lib/redirect";
import type { UserData } from "#contract/types";
import { LoginSchema, fieldErrors } from "#contract/validation";
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

/** Where a form posted without JavaScript (or before hydration) logs in: the /login page's action. */
export const LOGIN_PAGE = "/login";

/** Where a form sends the player back to after a post without JavaScript: a path of ours, else a fallback. */
export { safeRedirect } from "~/lib/redirect";

function formData(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

/** What the /login page's action answered a post it refused: the messages and the email (never the password). */
export interface LoginProblem {
  formError: string;
  errors: Record<string, string>;
  values: { email: string };
}

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
 * SPEC.md §2/§5 login form: checked only when 'Log in' is pressed; a failure stops the spinner and says why. With
 * JavaScript it posts to /auth/login and stays in place; without, it is a plain form post to the /login page.
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
  const [formError, setFormError] = useState<string | null>(
    initial?.formError ?? null,
  );
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = LoginSchema.safeParse(values);
    const found = result.success ? {} : fieldErrors(result.error);
    setErrors(found);
    setFormError(null);
    const invalid = firstInvalidField(found, FIELD_ORDER);
    if (invalid) {
      document.getElementById(`${idPrefix}-${invalid}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { user } = await apiFetch<{ user: UserData }>("/auth/login", {
        method: "POST",
        body: formData(values),
      });
      onSignedIn(user);
    } catch (error) {
      setFormError(errorMessage(error));
      setBusy(false);
    }
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
      <FormError message={formError} />
      <SubmitButton busy={busy} busyLabel="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}

/** Google's button; its ID token is posted to /auth/google. A failure is only logged (SPEC.md §8). */
export function GoogleLogIn({
  onSignedIn,
}: {
  onSignedIn: (user: UserData) => void;
}) {
  const { googleClientId } = useRootData();
  if (!googleClientId) return null;
  const onCredential = async (credential: string) => {
    try {
      const { user } = await apiFetch<{ user: UserData }>("/auth/google", {
        method: "POST",
        body: formData({ credential }),
      });
      onSignedIn(user);
    } catch (error) {
      console.error("Google login failed:", errorMessage(error));
    }
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
