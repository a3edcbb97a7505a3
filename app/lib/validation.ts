import { z } from "zod";

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
  specialCharacters: (field: string) => `Special characters are not allowed in the ${field} field value`,
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
// Word characters with an optional dot or hyphen, @, a domain, and one or more dot suffixes.
const EMAIL_PATTERN = /^\w+(?:[.-]?\w+)*@\w+(?:[.-]?\w+)*(?:\.\w{2,})+$/;
const PASSWORD_CHARACTERS = /^[A-Za-z0-9!@#$%^&*]{6,16}$/;
// Optional 0 or + with 1 to 5 digits, then 10 digits starting with 7, 8 or 9.
const PHONE_PATTERN = /^(?:0|\+\d{1,5})?[789]\d{9}$/;
const FREE_MAIL_DOMAINS = ["gmail", "yahoo", "hotmail", "outlook", "live"];

export const PHONE_INPUT_MAX_LENGTH = 10;
export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "transgender", label: "Other" },
] as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const NameSchema = requiredText(MESSAGES.nameRequired).regex(NAME_PATTERN, MESSAGES.specialCharacters("name"));

export const EmailSchema = requiredText(MESSAGES.emailRequired)
  .max(254, MESSAGES.invalid("email"))
  .regex(EMAIL_PATTERN, MESSAGES.invalid("email"))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .refine(isStrongPassword, MESSAGES.strongerPassword);

export const PhoneSchema = requiredText(MESSAGES.phoneRequired).regex(PHONE_PATTERN, MESSAGES.invalidThe("phone number"));

/** Sign-up sends male, female or transgender (labelled Other); a stored user is male, female or others. */
export const GenderSchema = z
  .enum(["male", "female", "transgender", "others"], { error: MESSAGES.genderRequired })
  .transform((gender) => (gender === "transgender" ? "others" : gender));

const addressRules = (schema: z.ZodString) =>
  schema.min(3, MESSAGES.addressMin("Address")).max(255, MESSAGES.addressMax("Address"));

/** Sign-up: optional, checked only when filled. */
export const OptionalAddressSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(addressRules(z.string()).optional());

/** Profile edit: required. */
export const AddressSchema = addressRules(requiredText(MESSAGES.addressRequired));

export function isStrongPassword(password: string): boolean {
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
  z
    .string()
    .trim()
    .min(1, MESSAGES.workEmailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.workEmailInvalid)
    .refine((email) => {
      const domain = email.split("@")[1]?.split(".")[0]?.toLowerCase();
      return !!domain && ![...FREE_MAIL_DOMAINS, host.toLowerCase()].includes(domain);
    }, MESSAGES.workEmailInvalid);

/** POST /api/user and the sign-up form: SPEC.md §3 sign-up payload (Pwd_Hash carries the password). */
export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone_number: PhoneSchema,
  Pwd_Hash: PasswordSchema,
  gender: GenderSchema,
  address: OptionalAddressSchema,
});
export type SignUpInput = z.input<typeof SignUpSchema>;

/** The login popup and POST /api/user/login. */
export const LoginSchema = z.object({
  email: requiredText(MESSAGES.loginEmailRequired).regex(EMAIL_PATTERN, MESSAGES.invalid("email")).transform((email) => email.toLowerCase()),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .refine(isStrongPassword, MESSAGES.invalid("password")),
});
export type LoginInput = z.input<typeof LoginSchema>;

/** /user-info and PUT /api/user/profile. profile_img is a stored media path or an absolute address. */
export const ProfileSchema = z.object({
  _id: z.coerce.number().int().positive().optional(),
  name: NameSchema,
  phone_number: PhoneSchema,
  address: AddressSchema,
  gender: GenderSchema,
  profile_img: z
    .string()
    .trim()
    .max(512, "Please choose a picture again")
    // An uploaded key (profile/<user>/<uuid>.<ext>) or a social login's https address.
    .regex(/^(?:$|https:\/\/\S+$|profile\/\d+\/[A-Za-z0-9-]+\.(?:png|jpg|webp|gif)$)/, "Please choose a picture again")
    .nullish()
    .transform((value) => value || null),
});
export type ProfileInput = z.input<typeof ProfileSchema>;

/** Field name → first message, for forms that show one line under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
