import { z } from "zod";
import { boundedString } from "./input";
import {
  EmailSchema,
  FIELD_LIMITS,
  MESSAGES,
  PasswordSchema,
} from "./validation";

/**
 * Issue #34, account settings (/settings): change the password, change the e-mail address (confirmed by a link mailed
 * to the new one) and the signed-in devices. One form per section, each posting an `intent` to the page's action.
 */

export const SETTINGS_INTENTS = [
  "change-password",
  "change-email",
  "sign-out-device",
  "sign-out-others",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

/** How long the link mailed to a new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** A session's device line is written at most this often, so the lookup on every request rarely writes. */
export const LAST_SEEN_EVERY_MS = 10 * 60 * 1000;

/** The longest User-Agent a session keeps: enough for every real browser's, short enough that a flood costs nothing. */
export const USER_AGENT_MAX = 256;

export const SETTINGS_MESSAGES = {
  currentPasswordRequired: "Please enter your current password",
  wrongPassword: "That is not your current password",
  passwordsDiffer: "The two new passwords are not the same",
  samePassword: "Please choose a password different from your current one",
  passwordChanged:
    "Your password has been changed. You were signed out everywhere else.",
  sameEmail: "That is already your e-mail address",
  emailTaken: "Another account already uses that e-mail address",
  noPassword:
    "Your account signs in with Google and has no password yet. Use “Forgot password?” to set one first.",
  deviceGone: "That device is already signed out",
  linkInvalid:
    "This link is not valid or has already been used. Ask for a new one on the settings page.",
  linkExpired: "This link has expired. Ask for a new one on the settings page.",
} as const;

const currentPassword = boundedString(
  FIELD_LIMITS.password,
  SETTINGS_MESSAGES.wrongPassword,
  SETTINGS_MESSAGES.currentPasswordRequired,
).min(1, SETTINGS_MESSAGES.currentPasswordRequired);

export const ChangePasswordSchema = z
  .object({
    current_password: currentPassword,
    new_password: PasswordSchema,
    confirm_password: boundedString(
      FIELD_LIMITS.password,
      SETTINGS_MESSAGES.passwordsDiffer,
      MESSAGES.passwordRequired,
    ).min(1, MESSAGES.passwordRequired),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    message: SETTINGS_MESSAGES.passwordsDiffer,
    path: ["confirm_password"],
  });

export const ChangeEmailSchema = z.object({
  new_email: EmailSchema,
  current_password: currentPassword,
});

/** sessionKeyOf (workers/services/sessions.ts): 32 hexadecimal characters, never the token. */
export const SignOutDeviceSchema = z.object({
  session: boundedString(32, SETTINGS_MESSAGES.deviceGone).regex(
    /^[0-9a-f]{32}$/,
    SETTINGS_MESSAGES.deviceGone,
  ),
});

/** The token in /confirm-email/{token}: randomToken's 43 URL-safe characters. */
export const EmailTokenSchema = boundedString(
  64,
  SETTINGS_MESSAGES.linkInvalid,
).regex(/^[A-Za-z0-9_-]{20,64}$/, SETTINGS_MESSAGES.linkInvalid);

/** One signed-in session as the devices list shows it. */
export interface DeviceView {
  /** sessionKeyOf: names the session in a form, never its token. */
  key: string;
  /** "Chrome on Android"; "Unknown browser" when the User-Agent says nothing we know. */
  device: string;
  /** ISO 3166 alpha-2 code as Cloudflare reports it, or null. */
  country: string | null;
  /** Epoch ms of the last request (at most 10 minutes stale), else of the sign-in. */
  lastSeenAt: number;
  current: boolean;
}

export interface SettingsView {
  email: string;
  hasPassword: boolean;
  /** The new address waiting for its link to be used, if any. */
  pendingEmail: string | null;
  devices: DeviceView[];
}
