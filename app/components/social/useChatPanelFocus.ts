import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";
import type { ChatComposerHandle } from "./ChatComposer";

/** The page is on screen (not a background tab): only then are messages reported seen. */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/** Below this width the chat covers the page (full screen or a drawer) and so acts as a modal dialog. */
const OVERLAY_QUERY = "(max-width: 1023px)";

function useCoversPage(): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(OVERLAY_QUERY);
    const update = () => setCovers(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return covers;
}

const FOCUSABLE =
  "a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Focus moves into the panel (to the message field where a keyboard is at hand, else to the name) and back out when
 * it closes; Esc closes it, and while it covers the page Tab stays inside it, as in a modal dialog.
 */
export function useChatPanelFocus(onClose: () => void) {
  const composerRef = useRef<ChatComposerHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const coversPage = useCoversPage();

  useEffect(() => {
    const returnFocusTo =
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    // On touch screens a keyboard popping up would hide the conversation: the name is focused instead.
    if (window.matchMedia("(pointer: fine)").matches)
      composerRef.current?.focus();
    else headingRef.current?.focus({ preventScroll: true });
    return () => {
      if (returnFocusTo?.isConnected)
        returnFocusTo.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys inside a dialog of the panel (report, block) are that dialog's.
    if (event.defaultPrevented || (event.target as Element).closest("dialog"))
      return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Tab" && coversPage) {
      keepTabInside(event, headingRef);
    }
  };

  return { composerRef, headingRef, coversPage, onKeyDown };
}

function keepTabInside(
  event: KeyboardEvent<HTMLElement>,
  headingRef: RefObject<HTMLHeadingElement>,
) {
  const focusable = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE),
  ).filter(
    (element) => element.offsetParent !== null && !element.closest("dialog"),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === headingRef.current)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
