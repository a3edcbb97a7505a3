import { useEffect } from "react";

/**
 * Taps that land before React has taken over the page. On a cheap phone the script arrives seconds after the page is
 * drawn, and a button that only script can work (the account menu, a board's tabs, a dialog's opener) would swallow a
 * tap in that time: React does not replay events from before its root exists. This inline script, first in the
 * document's head, keeps such taps and `useEarlyTaps` plays them once the page has hydrated, in the order they came.
 *
 * Only buttons that do nothing without script are kept: `type="button"`, or outside any form. Links and a form's submit
 * buttons work natively and are left alone, so a page whose script never arrives behaves as before.
 *
 * Kept as a string, not a function's source: the build may rewrite a function's body with helpers the page lacks.
 */
export const EARLY_TAPS_SCRIPT = `(function(){var kept=[];function keep(event){var target=event.target;var button=target&&target.closest?target.closest("button"):null;if(!button||(button.form&&button.type!=="button"))return;event.preventDefault();event.stopImmediatePropagation();if(kept.length<8)kept.push(button)}document.addEventListener("click",keep,true);window.__playfeedEarlyTaps=function(){document.removeEventListener("click",keep,true);return kept.splice(0)}})();`;

declare global {
  interface Window {
    __playfeedEarlyTaps?: () => HTMLButtonElement[];
  }
}

/** Plays the taps the early script kept, on buttons still on the page. Called once, after hydration. */
export function replayEarlyTaps(win: Window = window): number {
  const taps = win.__playfeedEarlyTaps?.() ?? [];
  delete win.__playfeedEarlyTaps;
  let played = 0;
  for (const button of taps)
    if (button.isConnected && !button.disabled) {
      button.click();
      played += 1;
    }
  return played;
}

/** In the document's layout: its effect runs after every part of the first page has hydrated. */
export function useEarlyTaps() {
  useEffect(() => {
    replayEarlyTaps();
  }, []);
}
