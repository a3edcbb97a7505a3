import {
  useEffect,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { CloseIcon } from "./icons";

export interface ModalProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * Opens the dialog in the commit that puts it on the page. With a passive effect there was a moment between the two
 * in which a key press could land: an Esc pressed as a lazily loaded dialog took its stand-in's place found no open
 * dialog to close, and the dialog then opened and stayed. On the server (a dialog rendered open) nothing runs.
 */
const useOpenEffect =
  typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside, screen
 * readers see only the dialog), Esc closes, a tap on the backdrop closes, and focus goes back to where it was.
 * Mounted means open: the parent decides by rendering it or not.
 */
export function Modal({
  labelledBy,
  onClose,
  children,
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useOpenEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocusTo =
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    if (!dialog.open) dialog.showModal();
    // With a mouse or keyboard start in the first field; on touch screens a keyboard popping up would hide the dialog.
    const first = dialog.querySelector<HTMLElement>("[data-autofocus]");
    if (first && window.matchMedia("(pointer: fine)").matches) first.focus();
    // Esc (or the browser's back gesture) closes the native dialog; the parent's state follows.
    let told = false;
    const handleClose = () => {
      told = true;
      onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => {
      dialog.removeEventListener("close", handleClose);
      // The browser fires "close" a task after Esc closed the dialog: a dialog taken off the page in between (a
      // stand-in replaced by the dialog whose code just came) would never tell its parent, which would then open the
      // next one again.
      if (!dialog.open && !told) onCloseRef.current();
      if (returnFocusTo?.isConnected)
        returnFocusTo.focus({ preventScroll: true });
    };
  }, []);

  // The dialog box fills the screen and the panel sits inside it: a press that starts and ends on the box itself
  // (outside the panel) is a tap on the backdrop. Starting inside and dragging out (selecting text) does not count.
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget)
      onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={labelledBy}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <div className={["modal__panel", className].filter(Boolean).join(" ")}>
        <button
          type="button"
          className="icon-button modal__close"
          aria-label="Close"
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
