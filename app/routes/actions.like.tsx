import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LikeFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** The heart on the feed and the detail page: the same service call as POST /api/game/like. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, LikeFormSchema, (caller, { game_id, type }) =>
    args.context.services.games.setLiked(caller.id, game_id, type === "like"),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
