import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FriendMatchFormSchema } from "#contract/friend-matches";
import { pageMutation } from "~/server/actions.server";

/**
 * Accept or decline a friend's invitation, ask for (or accept) a rematch: the same service calls as
 * POST /api/friend-matches/{code}/accept, /{code}/decline and /rematch (ADR 026).
 */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, FriendMatchFormSchema, async (caller, input) => {
    const { friendMatches } = args.context.services;
    if (input.intent === "accept")
      return {
        intent: input.intent,
        match: await friendMatches.accept(caller.id, input.code),
      };
    if (input.intent === "decline")
      return {
        intent: input.intent,
        invite: await friendMatches.decline(caller.id, input.code),
      };
    return {
      intent: input.intent,
      rematch: await friendMatches.rematch(caller.id, {
        resultId: input.resultId,
      }),
    };
  });
