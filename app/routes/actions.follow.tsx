import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FollowFormSchema } from "#contract/social";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** Follow and unfollow: the same service calls as POST /api/social/follow and DELETE /api/social/unfriend. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, FollowFormSchema, async (caller, { intent, to }) => {
    const social = args.context.services.social;
    if (intent === "follow")
      return social.follow(caller.id, { from: caller.id, to });
    return social.unfriend(caller.id, to);
  });

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
