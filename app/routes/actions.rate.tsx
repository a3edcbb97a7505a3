import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RateFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";

/** Rate This Game: the same service call as POST /api/game/rate. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, RateFormSchema, (caller, { game, value }) =>
    args.context.services.games.rate(caller.id, game, value),
  );
