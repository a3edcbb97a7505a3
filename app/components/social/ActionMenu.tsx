import type { ReactNode } from "react";
import { useDisclosure } from "../useDisclosure";
import { MoreIcon } from "./icons";
import "./ActionMenu.css";

interface MenuAction {
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
  const { open, setOpen, rootProps, buttonProps, panelId } = useDisclosure();

  return (
    <div className="action-menu" {...rootProps}>
      <button
        type="button"
        className="icon-button action-menu__button"
        aria-label={label}
        {...buttonProps}
      >
        <MoreIcon size={20} />
      </button>
      <ul
        id={panelId}
        className={`action-menu__panel action-menu__panel--${align}`}
        hidden={!open}
      >
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className={
                action.danger
                  ? "action-menu__item is-danger"
                  : "action-menu__item"
              }
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
