import { useEffect } from "react";

/**
 * Taps that land before React has taken over the page. On a cheap phone the script arrives seconds after the page is
 * drawn, and a button that only script can work (the account menu, a board's tabs, a dialog's opener) would swallow a
 * tap in that time: React does not replay events from before its root exists. This inline script, first in the
 * document's head, keeps such taps and `useEarlyTaps` plays them once the page has hydrated, in the order they came.
 *
 * Only buttons that do nothing without script are kept: `type="button"`, or outside any form. Links and a form's submit
 * buttons work natively and are left alone, so a page whose script never arrives behaves as before. But for a link
 * marked `data-early-tap="name"`: a control that is a link only until the page hydrates (the account menu's avatar
 * goes to the profile without script) and then becomes a button with the same mark. A tap on it is kept and played on
 * whatever carries the mark once the page has hydrated.
 *
 * Kept as a string, not a function's source: the build may rewrite a function's body with helpers the page lacks.
 */
export const EARLY_TAPS_SCRIPT = `(function(){var kept=[];function keep(event){var target=event.target;var tapped=target&&target.closest?target.closest("button,a[data-early-tap]"):null;if(!tapped||(tapped.tagName==="BUTTON"&&tapped.form&&tapped.type!=="button"))return;event.preventDefault();event.stopImmediatePropagation();if(kept.length<8)kept.push(tapped)}document.addEventListener("click",keep,true);window.__playfeedEarlyTaps=function(){document.removeEventListener("click",keep,true);return kept.splice(0)}})();`;

declare global {
  interface Window {
    __playfeedEarlyTaps?: () => HTMLElement[];
  }
}

/** What a kept tap lands on now: the element itself, or what carries its `data-early-tap` mark since hydration. */
function nowOnThePage(win: Window, tapped: HTMLElement): HTMLElement | null {
  const mark = tapped.dataset.earlyTap;
  if (!mark) return tapped.isConnected ? tapped : null;
  return (
    [...win.document.querySelectorAll<HTMLElement>("[data-early-tap]")].find(
      (element) => element.dataset.earlyTap === mark,
    ) ?? null
  );
}

/**
 * Plays the taps the early script kept, on what is still on the page. Called once, after hydration. A marked link that
 * is still a link then (React swaps it for its button in the render right after hydration) is played a moment later,
 * on whatever carries its mark by then.
 */
export function replayEarlyTaps(win: Window = window): number {
  const taps = win.__playfeedEarlyTaps?.() ?? [];
  delete win.__playfeedEarlyTaps;
  let played = 0;
  const play = (tapped: HTMLElement) => {
    const target = nowOnThePage(win, tapped);
    if (target && !(target as HTMLButtonElement).disabled) target.click();
  };
  for (const tapped of taps) {
    const target = nowOnThePage(win, tapped);
    if (!target || (target as HTMLButtonElement).disabled) continue;
    played += 1;
    if (target.tagName === "A" && target.dataset.earlyTap)
      win.setTimeout(() => play(tapped), 0);
    else target.click();
  }
  return played;
}

/** In the document's layout: its effect runs after every part of the first page has hydrated. */
export function useEarlyTaps() {
  useEffect(() => {
    replayEarlyTaps();
  }, []);
}
