import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce";
import { closeDocumentLast } from "./server/close-document.server";

// The Worker takes Remix's request handler from this build (workers/pages.ts), so the server runtime and the page
// renderer share one copy of Remix's router instead of two (issue #36: each matched every request on its own).
export { createRequestHandler } from "@remix-run/cloudflare";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Worker's Content-Security-Policy runs only inline scripts that carry this nonce: Remix's own, its streamed
  // data and React's.
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer
        context={remixContext}
        url={request.url}
        abortDelay={ABORT_DELAY}
        nonce={nonce}
      />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  void body.allReady.then(() => clearTimeout(timeoutId));

  // Crawlers and link previews get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return new Response(closeDocumentLast(body), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
