import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SaveFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";

/** Save for later: the same service call as POST /api/game/save. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, SaveFormSchema, (caller, { game_id, saved }) =>
    args.context.services.games.setSaved(caller.id, game_id, saved),
  );
