import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SaveFormSchema } from "#contract/games";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** Save for later: the same service call as POST /api/game/save. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, SaveFormSchema, (caller, { game_id, saved }) =>
    args.context.services.games.setSaved(caller.id, game_id, saved),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
