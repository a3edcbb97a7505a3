import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ShareScoreFormSchema, sharePath } from "#contract/shares";
import { pageMutation } from "~/server/actions.server";
import { requestOrigin } from "~/server/loaders.server";

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
