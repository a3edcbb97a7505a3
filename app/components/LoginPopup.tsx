import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import type { UserData } from "~/lib/types";
import { LoginSchema, fieldErrors } from "~/lib/validation";
import { useAccount } from "./AccountProvider";
import { FormError, PasswordField, SubmitButton, TextField, firstInvalidField } from "./FormFields";
import { GoogleSignInButton } from "./GoogleSignIn";
import { Modal } from "./Modal";
import { useRootData } from "./root-data";

const FIELD_ORDER = ["email", "password"] as const;

function formData(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

/** SPEC.md §2/§5 login popup: checked only when 'Log in' is pressed; a failure stops the spinner and says why. */
export function LoginPopup({ onClose }: { onClose: () => void }) {
  const { signedIn, openSignUp } = useAccount();
  const { googleClientId } = useRootData();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const post = async (path: string, form: FormData) => {
    const { user } = await apiFetch<{ user: UserData }>(path, { method: "POST", body: form });
    signedIn(user);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = LoginSchema.safeParse(values);
    const found = result.success ? {} : fieldErrors(result.error);
    setErrors(found);
    setFormError(null);
    const invalid = firstInvalidField(found, FIELD_ORDER);
    if (invalid) {
      document.getElementById(`login-${invalid}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await post("/auth/login", formData(values));
    } catch (error) {
      setFormError(errorMessage(error));
      setBusy(false);
    }
  };

  const onGoogleCredential = async (credential: string) => {
    setBusy(true);
    try {
      await post("/auth/google", formData({ credential }));
    } catch (error) {
      // SPEC.md §8: a failed Google login is only logged.
      console.error("Google login failed:", errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy="login-title" onClose={onClose}>
      <header className="modal__header">
        <h2 id="login-title" className="modal__title">
          Log in
        </h2>
        <p className="modal__lead">Welcome back! Like games, collect your daily coins and challenge friends.</p>
      </header>
      <form className="form auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          id="login-email"
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
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={values.password}
          error={errors.password}
          onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
        />
        <FormError message={formError} />
        <SubmitButton busy={busy} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
      {googleClientId ? <GoogleSignInButton clientId={googleClientId} onCredential={onGoogleCredential} /> : null}
      <p className="auth-card__switch">
        New to Playfeed?{" "}
        <button type="button" className="text-button" onClick={openSignUp}>
          Create an account
        </button>
      </p>
    </Modal>
  );
}
