import xssModule from "xss";
import type * as XssTypes from "xss";

// xss is CommonJS: its classes hang off the default export at run time, whatever its typings say.
const { FilterXSS } = xssModule as unknown as typeof XssTypes;

/**
 * Game descriptions, how-to-play texts and other publisher HTML keep simple formatting and lose
 * everything else: no scripts, handlers, styles, frames or non-http links survive.
 */
const filter = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    ul: [],
    ol: [],
    li: [],
    h2: [],
    h3: [],
    h4: [],
    blockquote: [],
    a: ["href", "title"],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: [
    "script",
    "style",
    "iframe",
    "object",
    "embed",
    "noscript",
    "template",
  ],
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") {
      return /^https?:\/\//i.test(value.trim())
        ? `href="${value.trim().replace(/"/g, "&quot;")}" rel="noopener noreferrer" target="_blank"`
        : "";
    }
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html).trim();
}
