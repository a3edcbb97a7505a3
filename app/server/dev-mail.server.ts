import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  readOutbox,
  runsLocally,
  type KeptMail,
} from "../../workers/services/mail";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The local outbox's mails (issue #34), newest first, to `to` when given: only on this machine, asked from this
 * machine. Anywhere else the page does not exist (404), so nothing mailed can be read through it.
 */
export async function localMails(
  context: AppLoadContext,
  request: Request,
): Promise<KeptMail[]> {
  const url = new URL(request.url);
  if (!runsLocally(context.cloudflare.env) || !LOCAL_HOSTS.has(url.hostname))
    throw new Response("Not found", { status: 404 });
  const to = url.searchParams.get("to")?.slice(0, 254) || undefined;
  return readOutbox(context.cloudflare.env.MEDIA, { to });
}
