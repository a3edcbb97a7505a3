import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MarkReadFormSchema } from "#contract/notifications";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** Mark as read (the notifications shown, or all): the same service call as POST /api/notifications/read. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, MarkReadFormSchema, (caller, { ids }) =>
    args.context.services.notifications.markRead(caller.id, ids ? { ids } : {}),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
