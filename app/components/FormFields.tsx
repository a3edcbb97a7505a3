import {
  forwardRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { GENDER_OPTIONS } from "#contract/validation";
import { AlertIcon, CheckIcon } from "./icons";
import { EyeIcon, EyeOffIcon } from "./page-icons";
// Its stylesheet ships with the shell's (app/styles/parts.css).

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name"
> {
  id: string;
  name: string;
  label: string;
  /** Shown under the input and announced with it. */
  error?: string;
  /** A note under the label, e.g. "Optional". */
  hint?: string;
  /** Something inside the input's box on the right (the show-password toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its message under it; the message is tied to the input for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(
  function TextField(
    { id, label, error, hint, trailing, className, ...input },
    ref,
  ) {
    const errorId = `${id}-error`;
    return (
      <div
        className={["field", error ? "field--invalid" : null, className]
          .filter(Boolean)
          .join(" ")}
      >
        <label htmlFor={id}>
          {label}
          {hint ? <span className="field__hint">{hint}</span> : null}
        </label>
        <div
          className={
            trailing
              ? "field__control field__control--trailing"
              : "field__control"
          }
        >
          <input
            ref={ref}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          {trailing}
        </div>
        <FieldError id={errorId} message={error} />
      </div>
    );
  },
);

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      <AlertIcon size={14} />
      <span>{message}</span>
    </p>
  );
}

/** A password input with a button that shows what was typed. */
export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, "type" | "trailing">
>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
});

export type GenderChoice = (typeof GENDER_OPTIONS)[number]["value"];

/** A posted gender as one of the choices, or "" for none (or anything else). */
export function genderChoice(value: string): GenderChoice | "" {
  return GENDER_OPTIONS.find((option) => option.value === value)?.value ?? "";
}

export interface GenderFieldProps {
  idPrefix: string;
  value: GenderChoice | "";
  onChange: (value: GenderChoice) => void;
  error?: string;
}

/** SPEC.md §3: male, female, or transgender labelled Other, as one radio group. */
export function GenderField({
  idPrefix,
  value,
  onChange,
  error,
}: GenderFieldProps) {
  const errorId = `${idPrefix}-gender-error`;
  return (
    <fieldset
      className={error ? "choice-group field--invalid" : "choice-group"}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>Gender</legend>
      <div className="choice-group__options">
        {GENDER_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="choice"
            htmlFor={`${idPrefix}-gender-${option.value}`}
          >
            <input
              type="radio"
              id={`${idPrefix}-gender-${option.value}`}
              name="gender"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="choice__mark" aria-hidden="true" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** The line above a form's button: what went wrong with the last request. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div className="form__status">
      {message ? (
        <p className="alert alert--error" role="alert">
          <AlertIcon size={18} />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}

/** A short confirmation after a save. */
export function FormSuccess({ message }: { message: string | null }) {
  return (
    <div role="status" className="form__status">
      {message ? (
        <p className="alert alert--success">
          <CheckIcon size={18} />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The form's main button; while the request runs it spins and cannot be pressed again. */
export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      className="button button--primary button--block button--large"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          <span>{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** The first field, in the order the form shows them, that has a message. */
export function firstInvalidField<Name extends string>(
  errors: Record<string, string>,
  order: readonly Name[],
): Name | undefined {
  return order.find((name) => errors[name]);
}
