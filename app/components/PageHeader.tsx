import { type ReactNode } from "react";
import { BackLink } from "./BackLink";
// Its stylesheet ships with the shell's (app/styles/parts.css).

export interface PageHeaderProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Back link above the title. */
  back?: { to: string; title: string };
  /** Content on the right of the title (buttons, balance). */
  aside?: ReactNode;
}

/** The top of a content page: optional back link, the page's h1 and a short description. */
export function PageHeader({ title, subtitle, back, aside }: PageHeaderProps) {
  return (
    <header className="page-header">
      {back ? <BackLink to={back.to} title={back.title} /> : null}
      <div className="page-header__row">
        <div>
          <h1 className="page-title">{title}</h1>
          {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
        </div>
        {aside ? <div className="page-header__aside">{aside}</div> : null}
      </div>
    </header>
  );
}
