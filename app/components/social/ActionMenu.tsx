import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { MoreIcon } from "./icons";

export interface MenuAction {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

export interface ActionMenuProps {
  /** The button's accessible name, e.g. "More for Ada". */
  label: string;
  actions: MenuAction[];
  /** Which way the panel opens from the button. */
  align?: "start" | "end";
}

/**
 * A "⋯" button that shows a few actions (a disclosure: Tab moves through them). Esc, a click elsewhere or tabbing
 * away closes it; Esc puts focus back on the button.
 */
export function ActionMenu({ label, actions, align = "end" }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Only this menu closes, not the chat panel around it.
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    const root = rootRef.current;
    root?.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      root?.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
  };

  return (
    <div className="action-menu" ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button action-menu__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <MoreIcon size={20} />
      </button>
      <ul id={panelId} className={`action-menu__panel action-menu__panel--${align}`} hidden={!open}>
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className={action.danger ? "action-menu__item is-danger" : "action-menu__item"}
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
            >
              {action.icon}
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
