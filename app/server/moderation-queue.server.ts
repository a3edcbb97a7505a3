import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ModerationActSchema } from "#contract/moderation-queue";
import { checkedFormAction, textField } from "./auth.server";
import { canModerate } from "#contract/moderation";
import { notFoundResponse } from "./loaders.server";
import { signedInOrLogin } from "./staff.server";

/** The moderation queue's door (issue #34, ADR 045): a moderator or admin, and whether they are an admin. */
export async function moderatorOrAdminOr404(
  context: AppLoadContext,
  request: Request,
) {
  const { id, role } = await signedInOrLogin(context, request);
  if (!canModerate(role)) throw notFoundResponse("Page not found");
  return { id, isAdmin: role === "admin" };
}

/**
 * A report group's one form: the pressed button's `intent`, the reason and a mute's length. Done, it goes back to the
 * same page saying what happened (303, with or without JavaScript); a refusal comes back to the form.
 */
export async function moderationFormAction(
  context: AppLoadContext,
  moderatorId: number,
  params: { targetType?: string; targetId?: string },
  form: FormData,
) {
  const values = {
    intent: textField(form, "intent"),
    reason: textField(form, "reason"),
    duration: textField(form, "duration") || undefined,
  };
  return checkedFormAction(form, ModerationActSchema, values, async () => {
    await context.services.moderation.act(moderatorId, params, values);
    const path = `/moderation/reports/${params.targetType}/${params.targetId}`;
    throw redirect(`${path}?done=${values.intent}`, 303);
  });
}
