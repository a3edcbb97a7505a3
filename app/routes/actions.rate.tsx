import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RateFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** Rate This Game: the same service call as POST /api/game/rate. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, RateFormSchema, (caller, { game, value }) =>
    args.context.services.games.rate(caller.id, game, value),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
