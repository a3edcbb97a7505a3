import type { ReactNode } from "react";
import { FieldError } from "../FormFields";
import type { FieldErrors } from "~/lib/forms";
// The developer pages' shared styles: every one of them shows these fields.
import "./developer.css";

/** The developer forms' building blocks: the app's `.field` markup for the inputs TextField does not cover. */

export function TextAreaField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  maxLength,
  rows = 4,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  maxLength: number;
  rows?: number;
}) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {hint ? <span className="field__hint">{hint}</span> : null}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A file input with what it takes said under the label. */
export function FileField({
  id,
  name,
  label,
  hint,
  accept,
  error,
  required,
  note,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  accept: string;
  error?: string;
  required?: boolean;
  note?: ReactNode;
}) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {hint ? <span className="field__hint">{hint}</span> : null}
      </label>
      {note ? <p className="dev-note">{note}</p> : null}
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        required={required}
        className="dev-file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
}) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="dev-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The line above a form's button when the server refused it. */
export function FormStatus({ message }: { message?: string | null }) {
  return (
    <p className="form__status alert alert--error" role="alert">
      {message ?? ""}
    </p>
  );
}

/** A publisher's name, about, icon and banner: the create form and the edit form. */
export function PublisherFields({
  idPrefix,
  values,
  errors,
  editing,
}: {
  idPrefix: string;
  values: { name?: string; about?: string };
  errors: FieldErrors;
  editing: boolean;
}) {
  const keep = editing
    ? "Optional: leave empty to keep the current one"
    : "Optional";
  return (
    <>
      <div className={errors.name ? "field field--invalid" : "field"}>
        <label htmlFor={`${idPrefix}-name`}>Publisher name</label>
        <input
          id={`${idPrefix}-name`}
          name="name"
          required
          minLength={2}
          maxLength={60}
          defaultValue={values.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${idPrefix}-name-error` : undefined}
        />
        <FieldError id={`${idPrefix}-name-error`} message={errors.name} />
      </div>
      <TextAreaField
        id={`${idPrefix}-about`}
        name="about"
        label="About"
        hint="Shown on your public publisher page"
        maxLength={2000}
        defaultValue={values.about}
        error={errors.about}
      />
      <FileField
        id={`${idPrefix}-icon`}
        name="icon"
        label="Icon"
        hint={keep}
        accept="image/png,image/jpeg,image/webp"
        note="A square PNG, JPEG or WebP picture, 2 MB at most."
        error={errors.icon}
      />
      <FileField
        id={`${idPrefix}-banner`}
        name="banner"
        label="Banner"
        hint={keep}
        accept="image/png,image/jpeg,image/webp"
        note="A wide picture (wider than tall), 2 MB at most."
        error={errors.banner}
      />
    </>
  );
}
