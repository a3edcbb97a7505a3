import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LikeFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";

/** The heart on the feed and the detail page: the same service call as POST /api/game/like. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, LikeFormSchema, (caller, { game_id, type }) =>
    args.context.services.games.setLiked(caller.id, game_id, type === "like"),
  );
