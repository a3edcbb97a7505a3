const DOCUMENT_END = new TextEncoder().encode("</body></html>");
const NOTHING = new Uint8Array(0);

/** Where `needle` first starts in `haystack`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const last = haystack.length - needle.length;
  for (
    let at = haystack.indexOf(needle[0]);
    at !== -1 && at <= last;
    at = haystack.indexOf(needle[0], at + 1)
  ) {
    let same = 1;
    while (same < needle.length && haystack[at + same] === needle[same]) same++;
    if (same === needle.length) return at;
  }
  return -1;
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (head.length === 0) return tail;
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
}

/**
 * React 18 writes `</body></html>` with the shell, so the data Remix streams after it (single fetch's
 * `StreamTransfer`) would land after `</html>`, where HTML allows no element: hold the closing tags back until the
 * stream ends. The tags may be cut between two chunks, so the last few bytes wait for the next chunk. It works on the
 * bytes as they come, never decoding the page (issue #36: decoding and encoding every page was 3 % of a render).
 */
export function closeDocumentLast(
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  let pending = NOTHING;
  let held = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (held) return controller.enqueue(chunk);
        const bytes = joined(pending, chunk);
        pending = NOTHING;
        const at = indexOfBytes(bytes, DOCUMENT_END);
        if (at !== -1) {
          held = true;
          if (at > 0) controller.enqueue(bytes.subarray(0, at));
          const after = bytes.subarray(at + DOCUMENT_END.length);
          if (after.length > 0) controller.enqueue(after);
          return;
        }
        const kept = Math.min(DOCUMENT_END.length - 1, bytes.length);
        pending = bytes.slice(bytes.length - kept);
        if (bytes.length > kept)
          controller.enqueue(bytes.subarray(0, bytes.length - kept));
      },
      flush(controller) {
        const rest = held ? joined(pending, DOCUMENT_END) : pending;
        if (rest.length > 0) controller.enqueue(rest);
      },
    }),
  );
}
