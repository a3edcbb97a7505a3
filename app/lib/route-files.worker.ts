/**
 * A dedicated worker that puts build files in the browser's HTTP cache for the route-code warm-up (ADR 061). Each
 * message is a file's path; the answer is `{ file, ok }` once its body has been read to the end (a body left unread
 * may never be written to the cache). Fetched here, a file costs the page's main thread nothing: no call, no response
 * to process, no initiator stack recorded when DevTools watches.
 */
import type { RouteFileAnswer } from "./route-code";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage: (answer: RouteFileAnswer) => void;
};

scope.onmessage = ({ data: file }) => {
  if (typeof file !== "string") return;
  // Only a path of this origin: never `//host/…`, which would leave it. Refused, not ignored: the page waits for it.
  if (!/^\/(?!\/)/.test(file)) {
    scope.postMessage({ file, ok: false });
    return;
  }
  fetch(file, { priority: "low" })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      await response.arrayBuffer();
      scope.postMessage({ file, ok: true });
    })
    .catch(() => scope.postMessage({ file, ok: false }));
};
