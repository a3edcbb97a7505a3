import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportFileName } from "#contract/account-closing";
import { isApiError } from "~/server/errors.server";

/**
 * GET /settings/account/data.json: "Download my data", the signed-in player's file as an attachment, streamed as it
 * is read. A visitor gets 401; past the hourly limit, 429 with how long to wait.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.services.sessions.userForRequest(request);
  if (!user)
    return Response.json(
      {
        error: {
          code: "unauthorized",
          message: "Please log in to download your data",
        },
      },
      { status: 401 },
    );
  try {
    const { stream, done } = await context.services.dataExport.exportFor(user);
    context.cloudflare.ctx.waitUntil(done);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return Response.json(error.toJSON(), {
      status: error.status,
      headers: error.headers,
    });
  }
}
