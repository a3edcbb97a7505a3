import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import {
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
  type SettingsIntent,
} from "#contract/settings";
import type { UserRow } from "../../workers/db/schema";
import { textFields } from "~/lib/forms";
import { accountChanged } from "./auth.server";
import { isApiError } from "./errors.server";

/** What one of /settings' forms gets back: which form, and its message or its problems (never a password). */
export type SettingsAnswer =
  | { intent: SettingsIntent; ok: true; message: string }
  | {
      intent: SettingsIntent;
      ok: false;
      formError: string;
      errors: Record<string, string>;
      newEmail?: string;
    };

/** The signed-in caller and their session token; a visitor is sent to log in and brought back to `pathname`. */
export async function settingsCaller(
  context: AppLoadContext,
  request: Request,
): Promise<{ user: UserRow; token: string }> {
  const { sessions } = context.services;
  const token = sessions.tokenFrom(request);
  const user = await sessions.userForToken(token);
  if (!user || !token) {
    const { pathname } = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(pathname)}`, 303);
  }
  return { user, token };
}

const isIntent = (value: string): value is SettingsIntent =>
  (SETTINGS_INTENTS as readonly string[]).includes(value);

const plural = (count: number) =>
  `${count} other device${count === 1 ? "" : "s"}`;

/**
 * /settings' one action: the form's `intent` names the use case. Each answers with data, so the page renders again in
 * place with or without JavaScript; a refusal a person can fix keeps its 4xx status.
 */
export async function settingsAction(
  context: AppLoadContext,
  request: Request,
) {
  const { user, token } = await settingsCaller(context, request);
  const fields = textFields(await request.formData());
  const intent = fields.intent ?? "";
  if (!isIntent(intent))
    throw new Response("That form is not one of this page's", { status: 400 });
  const { settings } = context.services;
  try {
    const message = await run(intent);
    accountChanged(context);
    const answer: SettingsAnswer = { intent, ok: true, message };
    return data(answer);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const answer: SettingsAnswer = {
      intent,
      ok: false,
      formError: error.message,
      errors: error.fields ?? {},
      newEmail: fields.new_email?.slice(0, 254),
    };
    return data(answer, { status: error.status, headers: error.headers });
  }

  async function run(intent: SettingsIntent): Promise<string> {
    switch (intent) {
      case "change-password":
        await settings.changePassword(user, token, fields);
        return SETTINGS_MESSAGES.passwordChanged;
      case "change-email": {
        const { pendingEmail } = await settings.requestEmailChange(
          user,
          fields,
        );
        return `We sent a link to ${pendingEmail}. Confirm it to finish the change.`;
      }
      case "sign-out-device":
        await settings.signOutDevice(user, token, fields);
        return "That device is signed out.";
      case "sign-out-others":
        return `Signed out of ${plural(await settings.signOutOthers(user, token))}.`;
    }
  }
}
