import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { robotsTxt, SEO_CACHE_CONTROL } from "~/server/seo.server";

/** /robots.txt: public pages open to crawlers, the rest closed, and where the sitemap is. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(request), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": SEO_CACHE_CONTROL,
    },
  });
}
