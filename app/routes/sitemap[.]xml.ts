import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SEO_CACHE_CONTROL, sitemapXml } from "~/server/seo.server";

/** /sitemap.xml: every public page a search engine should know, with absolute addresses. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return new Response(await sitemapXml(context, request), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": SEO_CACHE_CONTROL,
    },
  });
}
