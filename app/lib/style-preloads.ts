import { useEffect } from "react";

/** How long a client navigation waits for one of the next page's stylesheets before it goes on without it. */
const STYLE_WAIT_MS = 5000;

/**
 * Remix holds a client navigation until the next routes' stylesheets have loaded: it adds a `<link rel="preload"
 * as="style">` for each to the head and waits for its load or error event, with no time limit. A request the network
 * stalls (a phone between cells, a proxy that drops it) is neither, for as long as the browser keeps it open, and the
 * page stays where it was: a finished round stuck on "Saving your score…". After `waitMs` this fires the link's error
 * event, which Remix takes as "go on"; the page's own `<Links>` still asks for the stylesheet.
 */
export function guardStylePreloads(
  head: HTMLElement,
  waitMs = STYLE_WAIT_MS,
): () => void {
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.addedNodes) {
        if (
          !(node instanceof HTMLLinkElement) ||
          node.rel !== "preload" ||
          node.getAttribute("as") !== "style"
        )
          continue;
        const timer = setTimeout(
          () => node.dispatchEvent(new Event("error")),
          waitMs,
        );
        const settled = () => clearTimeout(timer);
        node.addEventListener("load", settled, { once: true });
        node.addEventListener("error", settled, { once: true });
      }
  });
  observer.observe(head, { childList: true });
  return () => observer.disconnect();
}

/** Installs the guard once the app has hydrated: no client navigation can start before that. */
export function useStylePreloadGuard() {
  useEffect(() => guardStylePreloads(document.head), []);
}
