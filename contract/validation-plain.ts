// The part of `validation.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import type { z } from "zod";

/**
 * SPEC.md §5: one schema per field, with the product's exact messages. The sign-up, login and profile
 * forms and the API all combine these pieces, so a rule changes in one place.
 */

export const MESSAGES = {
  nameRequired: "Please enter name",
  emailRequired: "Please enter email",
  phoneRequired: "Please enter phone number",
  passwordRequired: "Please enter password",
  genderRequired: "Please select a gender",
  addressRequired: "Please enter address",
  loginEmailRequired: "Please enter your email",
  specialCharacters: (field: string) =>
    `Special characters are not allowed in the ${field} field value`,
  invalid: (field: string) => `Please enter valid ${field}`,
  invalidThe: (field: string) => `Please enter the valid ${field}`,
  strongerPassword:
    "Please enter a stronger password: 6 to 16 characters with an uppercase letter, a lowercase letter, a number and one of !@#$%^&*",
  addressMin: (field: string) => `${field} minimum 3 characters`,
  addressMax: (field: string) => `${field} maximum 256 characters`,
  workEmailRequired: "Please enter your work email",
  workEmailInvalid: "Please enter your valid work email",
  emailTaken: "Already email exist please use another email",
  loginFailed: "Enter Valid Email Id or Password",
} as const;

// Letters and digits; words joined by a single space, underscore or hyphen.
export const NAME_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
export const PASSWORD_CHARACTERS = /^[A-Za-z0-9!@#$%^&*]{6,16}$/;
// Optional 0 or + with 1 to 5 digits, then 10 digits starting with 7, 8 or 9.
export const PHONE_PATTERN = /^(?:0|\+\d{1,5})?[789]\d{9}$/;
export const FREE_MAIL_DOMAINS = [
  "gmail",
  "yahoo",
  "hotmail",
  "outlook",
  "live",
];

export const PHONE_INPUT_MAX_LENGTH = 10;

/** Longest accepted value of each text field (SPEC.md §9 for the address; RFC 5321 for e-mail). */
export const FIELD_LIMITS = {
  name: 50,
  email: 254,
  password: 64,
  phone: 16,
  address: 255,
  picture: 512,
} as const;
export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "transgender", label: "Other" },
] as const;

const isWordRun = (text: string) => /^\w+$/.test(text);

/**
 * SPEC.md §5 e-mail rule: word characters joined by single dots or hyphens, @, then a domain of the same shape whose
 * last part follows a dot and has at least two characters. Checked by splitting, not by a backtracking pattern, so
 * its cost is linear in the length of any input.
 */
export function isEmailAddress(email: string): boolean {
  const at = email.indexOf("@");
  if (at < 0 || at !== email.lastIndexOf("@")) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!local.split(/[.-]/).every(isWordRun)) return false;
  const lastDot = domain.lastIndexOf(".");
  if (lastDot < 0 || domain.length - lastDot - 1 < 2) return false;
  return domain.split(/[.-]/).every(isWordRun);
}

export const ADDRESS_TOO_LONG = MESSAGES.addressMax("Address");

/** Field name → first message, for forms that show one line under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
