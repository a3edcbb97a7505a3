import type { Plugin } from "vite";

/**
 * React 18's streaming server renderer for the browser and workers (`react-dom/server.browser`, the one the Worker
 * runs) turns every piece of the page into bytes as it writes it: each attribute's name, each value, each text and
 * tag is a `TextEncoder.encode` call of its own, copied into 512-byte buffers that are each queued on the stream.
 * A page is some 1,300 attributes, so that was the largest single cost of a render in the Worker's CPU profile
 * (issue #36). React 19 writes strings into one buffer instead; Remix 2 does not support React 19.
 *
 * The server build keeps the pieces as strings and encodes what one flush wrote once, as one chunk. The renderer's
 * writing stays synchronous within a flush (it always was: its buffer is module state), so one string per module is
 * safe across requests, as the buffer was. What the stream carries is the same bytes, in fewer, larger chunks.
 *
 * The rewrite fails the build if the renderer's code no longer reads as expected, so an upgrade cannot drop it
 * silently or half-apply it.
 */

const RENDERER_FILE =
  /\/node_modules\/react-dom\/cjs\/react-dom-server\.browser\.production\.min\.js$/;

const REWRITES: readonly (readonly [what: string, from: string, to: string])[] =
  [
    [
      "the text encoder",
      "var ca=new TextEncoder;function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
      'var ca=new TextEncoder,written="";function u(a){return a}function w(a){return a}',
    ],
    [
      "writeChunk",
      "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
      "function p(a,b){written+=b}",
    ],
    [
      "completeWriting",
      "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
      'function ba(a){0<written.length&&(a.enqueue(ca.encode(written)),written="")}',
    ],
    // beginWriting, inlined in the flush: its buffer is no longer used.
    ["beginWriting", "ba(b);l=new Uint8Array(512);n=0;", "ba(b);"],
  ];

/** The renderer's module writing strings; throws when a place is not there exactly once. */
export function stringChunks(code: string): string {
  let rewritten = code;
  for (const [what, from, to] of REWRITES) {
    if (rewritten.split(from).length !== 2)
      throw new Error(
        `react-dom/server.browser changed: ${what} is not where scripts/react-server-chunks.ts expects it`,
      );
    rewritten = rewritten.replace(from, () => to);
  }
  return rewritten;
}

/** The Vite plugin: rewrites the renderer in the server build only. */
export function reactServerChunks(): Plugin {
  return {
    name: "playfeed-react-server-chunks",
    enforce: "pre",
    transform(code, id, options) {
      // The file itself, not the CommonJS plugin's virtual modules around it (`?commonjs-exports` and the like).
      if (!options?.ssr || !RENDERER_FILE.test(id)) return null;
      return { code: stringChunks(code), map: null };
    },
  };
}
