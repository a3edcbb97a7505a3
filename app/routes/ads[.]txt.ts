import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADS_TXT_CACHE_CONTROL, adsTxt } from "~/server/ads.server";

/** /ads.txt: the sellers authorised for this site's ad space, from AD_CLIENT_ID. */
export function loader({ context }: LoaderFunctionArgs) {
  return new Response(adsTxt(context.adClientId), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": ADS_TXT_CACHE_CONTROL,
    },
  });
}
