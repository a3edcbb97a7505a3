import { z } from "zod";
import { boundedString } from "./input";
import { EmailSchema, PasswordSchema } from "./validation";

/**
 * Issue #34: the forms and links of a forgotten password and a verified address (ADR 044). The pages, their actions
 * and the worker tests agree on these words.
 */

/** How long a mailed link works. */
export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_DAYS = 7;

export const ACCOUNT_LINK_TEXT = {
  resetSent: `If an account uses that address, we have sent it a link to choose a new password. It works for ${RESET_LINK_MINUTES} minutes.`,
  passwordChanged:
    "Your password has been changed. Log in with your new password.",
  emailVerified: "Your e-mail address is verified.",
  notVerified: "Your e-mail address is not verified yet.",
  verifySent:
    "We have sent you a new link. It works for 7 days; open it on any device.",
  linkUsed: "This link was already used. Each link works once.",
  linkExpired:
    "This link has expired, or a newer one was sent after it. Ask for a new one.",
  linkUnknown:
    "This link is not one we sent. Check that the whole address was copied from the mail.",
  passwordsDiffer: "The two passwords are not the same",
  confirmRequired: "Please enter the password again",
} as const;

/** What a mailed link's page finds when it is opened, before it is used. */
export type LinkState = "valid" | "used" | "expired" | "unknown";

/** A mailed token: 32 random bytes in base64url (workers/services/tokens.ts), so exactly 43 characters. */
export const LinkTokenSchema = boundedString(
  64,
  ACCOUNT_LINK_TEXT.linkUnknown,
).regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_LINK_TEXT.linkUnknown);

/** /forgot-password: the address to send the link to. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** /reset-password/{token}: the new password, twice, with SPEC.md §5's rule. */
export const ResetPasswordSchema = z
  .object({
    password: PasswordSchema,
    confirm: boundedString(64, ACCOUNT_LINK_TEXT.passwordsDiffer).min(
      1,
      ACCOUNT_LINK_TEXT.confirmRequired,
    ),
  })
  .refine((form) => form.password === form.confirm, {
    message: ACCOUNT_LINK_TEXT.passwordsDiffer,
    path: ["confirm"],
  });
