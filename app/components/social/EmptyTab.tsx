import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "../EmptyState";

export interface EmptyTabProps {
  title: string;
  icon: ReactNode;
  /** What the tab shows once it has something, under the title. */
  text: string;
  /** The address of the tab that fills this one: the link works without JavaScript. */
  to: string;
  /** The link's content. */
  action: ReactNode;
  /** Switches to that tab in place, without a navigation. */
  onOpen: () => void;
}

/** An empty tab of /social: why it is empty, and a link to the tab where that changes (Friends to Find People …). */
export function EmptyTab({
  title,
  icon,
  text,
  to,
  action,
  onOpen,
}: EmptyTabProps) {
  return (
    <EmptyState
      title={title}
      icon={icon}
      actions={
        <Link
          to={to}
          className="button button--primary"
          onClick={(event) => {
            event.preventDefault();
            onOpen();
          }}
        >
          {action}
        </Link>
      }
    >
      <p>{text}</p>
    </EmptyState>
  );
}
