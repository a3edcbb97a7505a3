import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { CloseIcon, CoinIcon, HeartIcon, SwordsIcon } from "~/components/icons";
import { Logo } from "~/components/Logo";
import { Copyright } from "~/components/SiteFooter";
import { pageTitle } from "~/lib/format";
import type { ShellHandle } from "~/lib/viewer";

/** A full-screen form: no header, menus or footer around it. */
export const handle: ShellHandle = { bare: true };

export const meta: MetaFunction = () => [{ title: pageTitle("Create Account") }];

const PERKS = [
  { Icon: HeartIcon, text: "Like and rate games, and keep your favourites" },
  { Icon: CoinIcon, text: "Collect a daily coin bonus" },
  { Icon: SwordsIcon, text: "Challenge friends and climb the leaderboards" },
];

/** /registration: the sign-up screen ('Create Account'). */
export default function Registration() {
  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <Logo idSuffix="auth" />
        <Link to="/home" className="icon-button" aria-label="Close">
          <CloseIcon size={22} />
        </Link>
      </div>
      <div className="auth-card">
        <h1 className="auth-card__title">Create Account</h1>
        <p className="auth-card__lead">
          <span className="pill pill--accent">Opening soon</span>
        </p>
        <p className="auth-card__text">
          Playfeed accounts open soon. Until then every game is free to browse, no sign-up needed.
        </p>
        <ul className="perk-list">
          {PERKS.map(({ Icon, text }) => (
            <li key={text}>
              <span className="perk-list__icon">
                <Icon size={18} />
              </span>
              {text}
            </li>
          ))}
        </ul>
        <Link to="/home" className="button button--primary button--block button--large">
          Browse games
        </Link>
        <p className="auth-card__switch">
          Already have an account? <Link to="/home">Log in</Link>
        </p>
      </div>
      <footer className="auth-screen__footer">
        <Copyright />
      </footer>
    </div>
  );
}
