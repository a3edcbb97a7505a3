import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PushPreferencesFormSchema } from "#contract/push";
import { pageMutation } from "~/server/actions.server";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

/** The profile page's notification toggles: the same service call as PUT /api/push/preferences. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, PushPreferencesFormSchema, (caller, preferences) =>
    args.context.services.push.setPreferences(caller.id, preferences),
  );

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
