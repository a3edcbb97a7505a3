import { Link } from "@remix-run/react";
import { ArrowLeftIcon } from "./icons";
// Its stylesheet ships with the shell's (app/styles/parts.css).

export interface BackLinkProps {
  /** Target path. */
  to: string;
  /** Text beside the arrow. */
  title: string;
  className?: string;
}

/** SPEC.md §2 back link: an arrow, a title and the path it returns to. */
export function BackLink({ to, title, className }: BackLinkProps) {
  return (
    <Link
      to={to}
      className={["back-link", className].filter(Boolean).join(" ")}
      prefetch="intent"
    >
      <span className="back-link__arrow">
        <ArrowLeftIcon size={18} />
      </span>
      <span className="back-link__title">{title}</span>
    </Link>
  );
}
