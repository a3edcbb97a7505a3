import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PushPreferencesFormSchema } from "#contract/push";
import { pageMutation } from "~/server/actions.server";

/** The profile page's notification toggles: the same service call as PUT /api/push/preferences. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, PushPreferencesFormSchema, (caller, preferences) =>
    args.context.services.push.setPreferences(caller.id, preferences),
  );
