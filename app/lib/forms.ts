import type { z } from "zod";
import { fieldErrors } from "#contract/validation";

/**
 * Sent by a form's fetcher: answer with data, the page stays where it is. A post without it (no JavaScript, or
 * another client) is answered as a plain form post: 303 on to the next page.
 */
export const IN_PLACE_FIELD = "inPlace";

/** Field name → the one message shown under that field. */
export type FieldErrors = Record<string, string>;

/**
 * What a form's action answers a post it refused, to a fetcher or to the page rendered again after a post without
 * JavaScript: one line above the button, one under each field named, and what was entered (never a password).
 */
export interface FormProblem<Values> {
  ok: false;
  formError: string;
  errors: FieldErrors;
  values: Values;
}

/** A form action's answer: what the use case gave back, or why it refused. */
export type FormAnswer<Answer, Values> =
  { ok: true; answer: Answer } | FormProblem<Values>;

export type FormCheck<Output> =
  | { ok: true; data: Output; errors: FieldErrors }
  | { ok: false; errors: FieldErrors };

/** A form's text fields by name; files are left to whoever stores them. */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string") fields[name] = value;
  return fields;
}

/**
 * Checks a form with its contract schema: the browser before it posts (on every keystroke after the first submit)
 * and the route action before it calls the service, so both say the same words.
 */
export function checkForm<Schema extends z.ZodType>(
  schema: Schema,
  input: FormData | object,
): FormCheck<z.output<Schema>> {
  const result = schema.safeParse(
    input instanceof FormData ? textFields(input) : input,
  );
  return result.success
    ? { ok: true, data: result.data, errors: {} }
    : { ok: false, errors: fieldErrors(result.error) };
}

/** The line above the button for a refusal the fields do not explain: the first field's message otherwise. */
export function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "Invalid request";
}

/** `errors` without `name`: the server's word on a field holds only until the field changes. */
export function withoutField(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const { [name]: _dropped, ...rest } = errors;
  return rest;
}
