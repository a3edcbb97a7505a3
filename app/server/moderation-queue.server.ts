import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ModerationActSchema } from "#contract/moderation-queue";
import { checkedFormAction, textField } from "./auth.server";
import { moderatorOr404 } from "./moderation.server";

/** The moderation queue's door (issue #34, ADR 045): a moderator or admin, and whether they are an admin. */
export async function moderatorOrAdminOr404(
  context: AppLoadContext,
  request: Request,
) {
  const id = await moderatorOr404(context, request);
  const user = await context.services.sessions.userForRequest(request);
  return { id, isAdmin: user?.role === "admin" };
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
