import { z } from "zod";
import { boundedString } from "./input";
import {
  MESSAGES,
  NAME_PATTERN,
  PASSWORD_CHARACTERS,
  PHONE_PATTERN,
  FREE_MAIL_DOMAINS,
  FIELD_LIMITS,
  isEmailAddress,
  ADDRESS_TOO_LONG,
} from "./validation-plain";

export * from "./validation-plain";

/** Required text: at most `max` characters (checked first, so nothing else runs on a flood), trimmed, not empty. */
const requiredText = (message: string, max: number, tooLong: string) =>
  boundedString(max, tooLong, message).trim().min(1, message);

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
