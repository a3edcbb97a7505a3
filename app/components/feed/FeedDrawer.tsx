import { useEffect, useRef, type ReactNode } from "react";
import { ArrowLeftIcon } from "../icons";
import { inert } from "../inert";
import "./FeedDrawer.css";

export interface FeedDrawerProps {
  open: boolean;
  /** publisher slides in from the left, leaderboard from the right (the side its swipe pulls from). */
  side: "left" | "right";
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/** A side panel over the feed; stays mounted so it can slide, and takes no focus while closed. */
export function FeedDrawer({
  open,
  side,
  label,
  onClose,
  children,
}: FeedDrawerProps) {
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) backRef.current?.focus({ preventScroll: true });
  }, [open]);

  return (
    <div
      className={`feed-drawer feed-drawer--${side}${open ? " is-open" : ""}`}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      aria-hidden={!open}
      {...inert(!open)}
    >
      <div className="feed-drawer__bar">
        <button
          ref={backRef}
          type="button"
          className="feed-drawer__back"
          aria-label="Back to the feed"
          onClick={onClose}
        >
          <ArrowLeftIcon size={22} />
        </button>
        <span className="feed-drawer__title">{label}</span>
      </div>
      <div className="feed-drawer__body">{open ? children : null}</div>
    </div>
  );
}
