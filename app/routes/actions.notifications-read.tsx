import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MarkReadFormSchema } from "#contract/notifications";
import { pageMutation } from "~/server/actions.server";

/** Mark as read (the notifications shown, or all): the same service call as POST /api/notifications/read. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, MarkReadFormSchema, (caller, { ids }) =>
    args.context.services.notifications.markRead(caller.id, ids ? { ids } : {}),
  );
