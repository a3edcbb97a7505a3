import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { SettingsIntent, SettingsView } from "#contract/settings";
import type { SettingsAnswer } from "~/server/settings.server";
import {
  FormError,
  FormSuccess,
  PasswordField,
  SubmitButton,
  TextField,
} from "../FormFields";
import { LockIcon } from "../icons";
import { MailIcon } from "../page-icons";

/** The answer for this form only: the page has several, and one action answers them all. */
export function answerFor(
  answer: SettingsAnswer | undefined,
  intent: SettingsIntent,
) {
  return answer?.intent === intent ? answer : undefined;
}

/** True while this page's form with `intent` is posting. */
export function useBusy(intent: SettingsIntent): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent
  );
}

/** Clears a form's fields once it succeeded (a page rendered after a post without JavaScript starts empty anyway). */
function useResetOnSuccess(answer: SettingsAnswer | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  return form;
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card settings__section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The line above the button; a message already shown under its field is not said twice (issue #31). */
function AnswerLine({ answer }: { answer: SettingsAnswer | undefined }) {
  if (!answer) return null;
  if (answer.ok) return <FormSuccess message={answer.message} />;
  const underField = Object.values(answer.errors).includes(answer.formError);
  return <FormError message={underField ? null : answer.formError} />;
}

const errorsOf = (answer: SettingsAnswer | undefined) =>
  answer && !answer.ok ? answer.errors : {};

export function PasswordSection({
  view,
  answer,
}: {
  view: SettingsView;
  answer: SettingsAnswer | undefined;
}) {
  const mine = answerFor(answer, "change-password");
  const busy = useBusy("change-password");
  const form = useResetOnSuccess(mine);
  const errors = errorsOf(mine);
  const icon = <LockIcon size={20} />;
  if (!view.hasPassword)
    return (
      <Section id="settings-password" title="Password" icon={icon}>
        <p className="settings__note">
          Your account signs in with Google and has no password yet. To set one,
          use <strong>Forgot password?</strong>: we mail you a link.
        </p>
        <Link
          to="/forgot-password"
          className="button button--secondary settings__link"
        >
          Forgot password?
        </Link>
      </Section>
    );
  return (
    <Section id="settings-password" title="Change password" icon={icon}>
      <Form method="post" className="form" ref={form} noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField
          id="current-password"
          name="current_password"
          label="Current password"
          autoComplete="current-password"
          required
          maxLength={64}
          error={errors.current_password}
        />
        <PasswordField
          id="new-password"
          name="new_password"
          label="New password"
          hint="6 to 16 characters: A-Z, a-z, 0-9 and one of !@#$%^&*"
          autoComplete="new-password"
          required
          maxLength={64}
          error={errors.new_password}
        />
        <PasswordField
          id="confirm-password"
          name="confirm_password"
          label="New password again"
          autoComplete="new-password"
          required
          maxLength={64}
          error={errors.confirm_password}
        />
        <AnswerLine answer={mine} />
        <SubmitButton busy={busy} busyLabel="Changing…">
          Change password
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function EmailSection({
  view,
  answer,
}: {
  view: SettingsView;
  answer: SettingsAnswer | undefined;
}) {
  const mine = answerFor(answer, "change-email");
  const busy = useBusy("change-email");
  const form = useResetOnSuccess(mine);
  const errors = errorsOf(mine);
  return (
    <Section
      id="settings-email"
      title="E-mail address"
      icon={<MailIcon size={20} />}
    >
      <p className="settings__note">
        You sign in with <strong>{view.email}</strong>.
      </p>
      {view.pendingEmail && !mine?.ok ? (
        <p className="alert settings__pending" role="status">
          We sent a link to {view.pendingEmail}. Confirm it to finish the
          change.
        </p>
      ) : null}
      {view.hasPassword ? (
        <Form method="post" className="form" ref={form} noValidate>
          <input type="hidden" name="intent" value="change-email" />
          <TextField
            id="new-email"
            name="new_email"
            label="New e-mail address"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={mine && !mine.ok ? mine.newEmail : undefined}
            error={errors.new_email}
          />
          <PasswordField
            id="email-password"
            name="current_password"
            label="Current password"
            autoComplete="current-password"
            required
            maxLength={64}
            error={errors.current_password}
          />
          <AnswerLine answer={mine} />
          <SubmitButton busy={busy} busyLabel="Sending the link…">
            Send a confirmation link
          </SubmitButton>
        </Form>
      ) : (
        <p className="settings__note">
          Set a password first (see above): changing the address asks for it.
        </p>
      )}
    </Section>
  );
}
