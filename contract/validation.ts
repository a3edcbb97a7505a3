import { z } from "zod";
import { boundedString } from "./input";

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
const NAME_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
const PASSWORD_CHARACTERS = /^[A-Za-z0-9!@#$%^&*]{6,16}$/;
// Optional 0 or + with 1 to 5 digits, then 10 digits starting with 7, 8 or 9.
const PHONE_PATTERN = /^(?:0|\+\d{1,5})?[789]\d{9}$/;
const FREE_MAIL_DOMAINS = ["gmail", "yahoo", "hotmail", "outlook", "live"];

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

/** Required text: at most `max` characters (checked first, so nothing else runs on a flood), trimmed, not empty. */
const requiredText = (message: string, max: number, tooLong: string) =>
  boundedString(max, tooLong, message).trim().min(1, message);

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

export const NameSchema = requiredText(
  MESSAGES.nameRequired,
  FIELD_LIMITS.name,
  `Please keep the name to ${FIELD_LIMITS.name} characters or fewer`,
).regex(NAME_PATTERN, MESSAGES.specialCharacters("name"));

const emailText = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, FIELD_LIMITS.email, invalidMessage).refine(
    isEmailAddress,
    invalidMessage,
  );

export const EmailSchema = emailText(
  MESSAGES.emailRequired,
  MESSAGES.invalid("email"),
).transform((email) => email.toLowerCase());

export const PasswordSchema = boundedString(
  FIELD_LIMITS.password,
  MESSAGES.strongerPassword,
  MESSAGES.passwordRequired,
)
  .min(1, MESSAGES.passwordRequired)
  .refine(isStrongPassword, MESSAGES.strongerPassword);

export const PhoneSchema = requiredText(
  MESSAGES.phoneRequired,
  FIELD_LIMITS.phone,
  MESSAGES.invalidThe("phone number"),
).regex(PHONE_PATTERN, MESSAGES.invalidThe("phone number"));

/** Sign-up sends male, female or transgender (labelled Other); a stored user is male, female or others. */
export const GenderSchema = z
  .enum(["male", "female", "transgender", "others"], {
    error: MESSAGES.genderRequired,
  })
  .transform((gender) => (gender === "transgender" ? "others" : gender));

const ADDRESS_TOO_LONG = MESSAGES.addressMax("Address");

/** Sign-up: optional, checked only when filled. */
export const OptionalAddressSchema = boundedString(
  FIELD_LIMITS.address,
  ADDRESS_TOO_LONG,
  MESSAGES.addressRequired,
)
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().min(3, MESSAGES.addressMin("Address")).optional());

/** Profile edit: required. */
export const AddressSchema = requiredText(
  MESSAGES.addressRequired,
  FIELD_LIMITS.address,
  ADDRESS_TOO_LONG,
).min(3, MESSAGES.addressMin("Address"));

function isStrongPassword(password: string): boolean {
  return (
    PASSWORD_CHARACTERS.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[!@#$%^&*]/.test(password)
  );
}

/** SPEC.md §5 work-email rule: exists but no form uses it. */
export const workEmailSchema = (host: string) =>
  emailText(MESSAGES.workEmailRequired, MESSAGES.workEmailInvalid).refine(
    (email) => {
      const domain = email.split("@")[1]?.split(".")[0]?.toLowerCase();
      return (
        !!domain && ![...FREE_MAIL_DOMAINS, host.toLowerCase()].includes(domain)
      );
    },
    MESSAGES.workEmailInvalid,
  );

/** POST /api/user and the sign-up form: SPEC.md §3 sign-up payload (Pwd_Hash carries the password). */
export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone_number: PhoneSchema,
  Pwd_Hash: PasswordSchema,
  gender: GenderSchema,
  address: OptionalAddressSchema,
});

/** The login popup and POST /api/user/login. */
export const LoginSchema = z.object({
  email: emailText(
    MESSAGES.loginEmailRequired,
    MESSAGES.invalid("email"),
  ).transform((email) => email.toLowerCase()),
  password: boundedString(
    FIELD_LIMITS.password,
    MESSAGES.invalid("password"),
    MESSAGES.passwordRequired,
  )
    .min(1, MESSAGES.passwordRequired)
    .refine(isStrongPassword, MESSAGES.invalid("password")),
});

/** /user-info and PUT /api/user/profile. profile_img is a stored media path or an absolute address. */
export const ProfileSchema = z.object({
  _id: z.number().int().positive().optional(),
  name: NameSchema,
  phone_number: PhoneSchema,
  address: AddressSchema,
  gender: GenderSchema,
  profile_img: boundedString(
    FIELD_LIMITS.picture,
    "Please choose a picture again",
  )
    .trim()
    // An uploaded key (profile/<user>/<uuid>.<ext>) or a social login's https address.
    .regex(
      /^(?:$|https:\/\/\S+$|profile\/\d+\/[A-Za-z0-9-]+\.(?:png|jpg|webp|gif)$)/,
      "Please choose a picture again",
    )
    .nullish()
    .transform((value) => value || null),
});

/** Field name → first message, for forms that show one line under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
