import { useState, type ChangeEvent, type FormEvent } from "react";
import { track } from "~/lib/analytics";
import { checkForm, type FormProblem } from "~/lib/forms";
import { useFormFetcher } from "~/lib/forms-fetcher";
import { readInvite } from "~/lib/invite";
import { withRedirect } from "~/lib/redirect";
import type { UserData } from "#contract/types";
import {
  GENDER_OPTIONS,
  PHONE_INPUT_MAX_LENGTH,
  SignUpSchema,
} from "#contract/validation";
import {
  FormError,
  GenderField,
  PasswordField,
  SubmitButton,
  TextField,
  firstInvalidField,
  type GenderChoice,
} from "./FormFields";

export interface SignUpValues {
  name: string;
  email: string;
  phone_number: string;
  Pwd_Hash: string;
  gender: GenderChoice | "";
  address: string;
}

type TextFieldName = Exclude<keyof SignUpValues, "gender">;

const EMPTY: SignUpValues = {
  name: "",
  email: "",
  phone_number: "",
  Pwd_Hash: "",
  gender: "",
  address: "",
};
const FIELD_ORDER = [
  "name",
  "email",
  "phone_number",
  "Pwd_Hash",
  "gender",
  "address",
] as const;

const validate = (values: SignUpValues) =>
  checkForm(SignUpSchema, values).errors;

/** Server field names are the payload's; a server may also call the password "password". */
function fromServerFields(
  fields: Record<string, string>,
): Record<string, string> {
  const { password, ...rest } = fields;
  return password && !rest.Pwd_Hash ? { ...rest, Pwd_Hash: password } : rest;
}

/**
 * The line above the button says what went wrong only when no field says it already: a refusal naming fields (the
 * server's "Please enter name") shows under those fields, once.
 */
function lineAboveButton(
  message: string,
  fields: Record<string, string>,
): string | null {
  return Object.keys(fields).length > 0 ? null : message;
}

/** Where the form posts, with JavaScript or without: the /registration page's action. */
const SIGN_UP_PAGE = "/registration";

/** What the /registration action answered a post it refused: the messages and the values entered (never the password). */
export type SignUpProblem = FormProblem<Omit<SignUpValues, "Pwd_Hash">>;

/** The server's field names are the payload's; the line above the button speaks only when no field does. */
function shownProblem(problem: {
  formError: string | null;
  errors: Record<string, string>;
}) {
  const errors = fromServerFields(problem.errors);
  return {
    errors,
    formError: problem.formError && lineAboveButton(problem.formError, errors),
  };
}

export interface SignUpFormProps {
  /** Keeps input ids unique when the form appears in more than one place. */
  idPrefix: string;
  onSignedUp: (user: UserData) => void;
  /** A friend's invite code from the page's address, posted along when there is no JavaScript to remember it. */
  invite?: string | null;
  /** Where a post without JavaScript goes on to after signing up (the page's checked `redirectTo`). */
  redirectTo?: string | null;
  /** The server's answer to a post without JavaScript, shown until the next submit. */
  initial?: SignUpProblem;
}

/**
 * SPEC.md §2/§4 sign-up form: messages stay hidden until the first submit, then follow every keystroke; a valid form
 * posts to /registration's action, by a fetcher with JavaScript and as a plain post without; a failure shows one line
 * above the button.
 */
export function SignUpForm({
  idPrefix,
  onSignedUp,
  invite,
  redirectTo = null,
  initial,
}: SignUpFormProps) {
  const [values, setValues] = useState<SignUpValues>(() =>
    initial ? { ...EMPTY, ...initial.values } : EMPTY,
  );
  const [submitted, setSubmitted] = useState(false);
  const post = useFormFetcher<{ user: UserData }, SignUpProblem["values"]>({
    initial,
    shown: shownProblem,
    onAnswer: ({ user }) => {
      track("SignUpSuccess");
      onSignedUp(user);
    },
  });
  // Signed up: the form stays busy until the page or popup it sits in goes.
  const busy = post.busy || post.succeeded;

  const errors = submitted
    ? { ...post.serverErrors, ...validate(values) }
    : post.serverErrors;
  const id = (name: keyof SignUpValues) => `${idPrefix}-${name}`;

  const change = (name: keyof SignUpValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    post.clearServerError(name);
  };
  const text = (name: TextFieldName) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      change(name, event.target.value),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    post.setFormError(null);
    const invalid = firstInvalidField(validate(values), FIELD_ORDER);
    if (invalid) {
      const target =
        invalid === "gender"
          ? `${id("gender")}-${GENDER_OPTIONS[0].value}`
          : id(invalid);
      document.getElementById(target)?.focus();
      return;
    }

    const form = new FormData();
    for (const name of FIELD_ORDER) {
      if (name !== "address" || values.address.trim())
        form.set(name, values[name]);
    }
    const invite = readInvite();
    if (invite) form.set("invite", invite);
    post.submit(form, SIGN_UP_PAGE);
  };

  return (
    <form
      className="form auth-form"
      method="post"
      action={withRedirect(SIGN_UP_PAGE, redirectTo)}
      onSubmit={onSubmit}
      noValidate
    >
      {redirectTo ? (
        <input type="hidden" name="redirectTo" value={redirectTo} />
      ) : null}
      {invite ? <input type="hidden" name="invite" value={invite} /> : null}
      <TextField
        {...text("name")}
        label="Name"
        autoComplete="name"
        placeholder="Your name"
      />
      <TextField
        {...text("email")}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
      />
      <TextField
        {...text("phone_number")}
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="10-digit mobile number"
      />
      <PasswordField
        {...text("Pwd_Hash")}
        label="Password"
        autoComplete="new-password"
        placeholder="Create a password"
      />
      <GenderField
        idPrefix={idPrefix}
        value={values.gender}
        onChange={(gender) => change("gender", gender)}
        error={errors.gender}
      />
      <TextField
        {...text("address")}
        label="Address"
        hint="Optional"
        autoComplete="street-address"
        placeholder="Town or city"
      />
      <FormError message={post.formError} />
      <SubmitButton busy={busy} busyLabel="Creating account…">
        Create Account
      </SubmitButton>
    </form>
  );
}
