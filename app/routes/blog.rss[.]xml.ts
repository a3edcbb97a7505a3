import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { blogRss } from "~/server/blog.server";

/** /blog/rss.xml: the newest published posts for feed readers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return new Response(await blogRss(context, request), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
