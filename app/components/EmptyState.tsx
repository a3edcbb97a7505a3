import { Link } from "@remix-run/react";
import { type ReactNode } from "react";
import { LoginLink } from "./AccountProvider";
import { LockIcon } from "./icons";
// Its stylesheet ships with the shell's (app/styles/parts.css).

export interface EmptyStateProps {
  title: string;
  /** Icon shown in the round badge above the title. */
  icon?: ReactNode;
  /** Explanation under the title. */
  children?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  /** Heading level of the title; pages that already have an h1 use the default h2. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** A designed panel for "nothing here (yet)": used for empty lists and login prompts. */
export function EmptyState({
  title,
  icon,
  children,
  actions,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={["empty-state", className].filter(Boolean).join(" ")}>
      {icon ? <div className="empty-state__icon">{icon}</div> : null}
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}

export interface LoginRequiredProps {
  /** Completes "Log in to see …", e.g. "your likes". */
  what: string;
  description?: ReactNode;
  icon?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}

/** SPEC.md §6: pages for players ask visitors to log in first. */
export function LoginRequired({
  what,
  description,
  icon,
  headingLevel,
}: LoginRequiredProps) {
  return (
    <EmptyState
      className="login-required"
      title={`Log in to see ${what}`}
      icon={icon ?? <LockIcon size={28} />}
      headingLevel={headingLevel}
      actions={
        <>
          <LoginLink className="button button--primary" />
          <Link to="/home" className="button button--ghost">
            Browse games
          </Link>
        </>
      }
    >
      <p>
        {description ??
          "Sign in to your Playfeed account to pick up where you left off. It only takes a moment."}
      </p>
    </EmptyState>
  );
}
