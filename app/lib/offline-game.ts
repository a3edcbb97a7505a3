/**
 * Our game's page for its frame while offline (ADR 018). The frame is sandboxed without allow-same-origin, so its
 * document has an opaque origin, and the browser never lets a service worker answer it or anything it loads: offline,
 * `/games/<slug>/` would be the browser's error page. The play page, which the worker does serve, fetches the game's
 * page and scripts itself (the worker answers with its kept copies) and hands the frame one document with every script
 * inline. A srcdoc document inherits the page's Content-Security-Policy, so each inline script carries the page's nonce.
 */

/** Loads a file's text, or throws. */
export type LoadText = (url: string) => Promise<string>;

const loadText: LoadText = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
};

/**
 * Text that stays script inside a <script> element: `</script` would end it early and `<!--` would change how the
 * HTML parser reads the rest. In JavaScript source both only occur in strings, regular expressions and comments,
 * where the escaped forms mean the same.
 */
export const inlineScriptText = (code: string) =>
  code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");

/** The nonce of this page's scripts (the browser hides the attribute, not the property). */
export function pageNonce(): string | undefined {
  return Array.from(document.scripts).find((script) => script.nonce)?.nonce;
}

/** The game at `src` (its folder, `/games/<slug>/`) as one document: every script inline with `nonce`. */
export async function offlineGameDocument(
  src: string,
  nonce: string | undefined,
  load: LoadText = loadText,
): Promise<string> {
  const base = new URL(src, window.location.href);
  const page = new DOMParser().parseFromString(
    await load(base.href),
    "text/html",
  );
  for (const script of Array.from(page.querySelectorAll("script[src]"))) {
    const inline = page.createElement("script");
    if (nonce) inline.setAttribute("nonce", nonce);
    inline.textContent = inlineScriptText(
      await load(new URL(script.getAttribute("src") ?? "", base).href),
    );
    script.replaceWith(inline);
  }
  // Anything else the page names by a relative address still resolves in the game's folder.
  const baseElement = page.createElement("base");
  baseElement.setAttribute("href", base.href);
  page.head.insertBefore(baseElement, page.head.firstChild);
  return `<!doctype html>\n${page.documentElement.outerHTML}`;
}
