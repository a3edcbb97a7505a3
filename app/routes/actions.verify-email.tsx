import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { pageMutation } from "~/server/actions.server";

/** "Send the link again" on the profile: a new verification mail to the caller's own address (rate-limited). */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(
    args,
    z.object({}),
    (caller) => args.context.services.accountLinks.resendVerification(caller),
    () => "/user-info?verification=sent",
  );
