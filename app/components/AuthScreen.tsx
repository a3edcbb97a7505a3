import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CloseIcon, type IconProps } from "./icons";
import { Logo } from "./Logo";
import { Copyright } from "./SiteFooter";
import "./AuthScreen.css";

export interface Perk {
  Icon: (props: IconProps) => ReactNode;
  text: string;
}

/**
 * The full-screen account pages (/registration, /login): the logo and a close link, a side panel (a heading, a line,
 * and what an account gives), the page's form card as children, and the copyright line.
 */
export function AuthScreen({
  title,
  text,
  perks,
  children,
}: {
  title: ReactNode;
  text: string;
  perks: Perk[];
  children: ReactNode;
}) {
  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <Logo idSuffix="auth" />
        <Link to="/home" className="icon-button" aria-label="Close">
          <CloseIcon size={22} />
        </Link>
      </div>
      <div className="auth-layout">
        <AuthPitch title={title} text={text} perks={perks} />
        {children}
      </div>
      <footer className="auth-screen__footer">
        <Copyright />
      </footer>
    </div>
  );
}

function AuthPitch({
  title,
  text,
  perks,
}: {
  title: ReactNode;
  text: string;
  perks: Perk[];
}) {
  return (
    <section className="auth-pitch" aria-labelledby="auth-pitch-title">
      <h2 id="auth-pitch-title" className="auth-pitch__title">
        {title}
      </h2>
      <p className="auth-pitch__text">{text}</p>
      <ul className="perk-list">
        {perks.map(({ Icon, text: perk }) => (
          <li key={perk}>
            <span className="perk-list__icon">
              <Icon size={18} />
            </span>
            {perk}
          </li>
        ))}
      </ul>
    </section>
  );
}
