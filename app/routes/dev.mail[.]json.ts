import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localMails } from "~/server/dev-mail.server";

/** /dev/mail.json?to=…: the local outbox as JSON, for the browser tests and scripts; 404 anywhere but locally. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json(await localMails(context, request), {
    headers: { "Cache-Control": "no-store" },
  });
}
