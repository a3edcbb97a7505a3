import { useEffect, useId, useRef, useState, type FocusEvent } from "react";

/**
 * A button that shows a small panel (a disclosure: Tab moves through it). A click elsewhere, Esc or tabbing away
 * closes it; Esc puts focus back on the button and goes no further, so a dialog around the menu stays open.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const onPointerDown = (event: PointerEvent) => {
      if (!root?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    root?.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      root?.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (
      event.relatedTarget &&
      !event.currentTarget.contains(event.relatedTarget)
    )
      setOpen(false);
  };

  return {
    open,
    setOpen,
    /** Spread on the element holding the button and the panel. */
    rootProps: { ref: rootRef, onBlur },
    /** Spread on the button. */
    buttonProps: {
      ref: buttonRef,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((shown) => !shown),
    },
    panelId,
  };
}
