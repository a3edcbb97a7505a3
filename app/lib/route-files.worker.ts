/**
 * A dedicated worker that puts build files in the browser's HTTP cache for the route-code warm-up (ADR 061). Each
 * message is a file's path; the answer is `{ file, ok }` once `fetchIntoCache`, run on this worker's thread, has read
 * its body to the end. Fetched here, a file costs the page's main thread nothing: no call, no response
 * to process, no initiator stack recorded when DevTools watches.
 */
import { type RouteFileAnswer, fetchIntoCache } from "./route-code";

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
  fetchIntoCache(file).then(
    () => scope.postMessage({ file, ok: true }),
    () => scope.postMessage({ file, ok: false }),
  );
};
