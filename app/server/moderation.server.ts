import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ReviewSchema } from "#contract/developers";
import { LiveGameFormSchema } from "#contract/review";
import { checkedFormAction, textField } from "./auth.server";
import { staffOr404 } from "./staff.server";

/**
 * The moderation pages' door (issue #33, ADR 041): a visitor is sent to log in, and anyone signed in who is not a
 * moderator gets the 404 page, so the pages' existence does not show. The services check the caller again.
 */
export const moderatorOr404 = (context: AppLoadContext, request: Request) =>
  staffOr404(context, request, "moderator");

/** What the queue says after a decision: `?decided=approve&version=7`. */
const decidedPath = (decision: "approve" | "reject", versionId: number) =>
  `/moderation?decided=${decision}&version=${versionId}`;

/**
 * The review page's one form: Approve, or Reject with a reason, goes back to the queue (303, with or without
 * JavaScript); Unpublish and Republish stay on the page with a line saying what happened.
 */
export async function reviewFormAction(
  context: AppLoadContext,
  moderatorId: number,
  versionId: number,
  form: FormData,
) {
  const decision = textField(form, "decision");
  const values = { decision, reason: textField(form, "reason") };
  const { review } = context.services;
  if (decision === "unpublish" || decision === "republish")
    return checkedFormAction(form, LiveGameFormSchema, values, async () => {
      const { version } = await context.services.developers.versionFor(
        moderatorId,
        versionId,
      );
      const changed = await review[decision](moderatorId, version.gameId);
      return data({
        ok: true as const,
        message: changed.isPublished
          ? "The game is published again"
          : "The game is unpublished: players no longer see it",
      });
    });
  return checkedFormAction(form, ReviewSchema, values, async () => {
    const checked = ReviewSchema.parse(values);
    if (checked.decision === "approve")
      await review.approve(moderatorId, versionId);
    else await review.reject(moderatorId, versionId, checked.reason);
    throw redirect(decidedPath(checked.decision, versionId), 303);
  });
}
