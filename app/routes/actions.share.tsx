import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ShareScoreFormSchema, sharePath } from "#contract/shares";
import { pageMutation } from "~/server/actions.server";
import { requestOrigin } from "~/server/loaders.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/**
 * Share my score, on the result and summary screens: the same service call as POST /api/shares. A fetcher gets the
 * link; a post without JavaScript goes to the shared page itself, whose address is the link.
 */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(
    args,
    ShareScoreFormSchema,
    (caller, input) =>
      args.context.services.shares.create(
        caller,
        input,
        requestOrigin(args.request),
      ),
    (share) => sharePath(share.id),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
