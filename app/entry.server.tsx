import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce";

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

const DOCUMENT_END = "</body></html>";

/**
 * React 18 writes `</body></html>` with the shell, so the data Remix streams after it (single fetch's
 * `StreamTransfer`) would land after `</html>`, where HTML allows no element: hold the closing tags back until the
 * stream ends. The tags may be cut between two chunks, so the last few characters wait for the next chunk.
 */
function closeDocumentLast(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let held = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let text = pending + decoder.decode(chunk, { stream: true });
        pending = "";
        const at = held ? -1 : text.indexOf(DOCUMENT_END);
        if (at !== -1) {
          held = true;
          text = text.slice(0, at) + text.slice(at + DOCUMENT_END.length);
        } else if (!held) {
          pending = text.slice(-(DOCUMENT_END.length - 1));
          text = text.slice(0, text.length - pending.length);
        }
        if (text) controller.enqueue(encoder.encode(text));
      },
      flush(controller) {
        const rest = pending + decoder.decode() + (held ? DOCUMENT_END : "");
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}
