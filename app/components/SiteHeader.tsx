import { Link } from "@remix-run/react";
import { formatNumber } from "~/lib/format";
import type { Viewer } from "~/lib/viewer";
import { Avatar } from "./Avatar";
import { CoinIcon } from "./icons";
import { Logo } from "./Logo";

/** The top bar: logo on the left; coins and avatar for a player, a Log in button for a visitor. */
export function SiteHeader({ user }: { user: Viewer | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <div className="site-header__account">
          {user ? (
            <>
              <Link to="/shop" className="coin-chip" title="Your coins">
                <CoinIcon size={18} />
                <span className="visually-hidden">Coins: </span>
                <span className="coin-chip__value">{formatNumber(user.wallet)}</span>
              </Link>
              <Link to="/user-info" className="site-header__avatar" aria-label={`Your profile, ${user.name}`}>
                <Avatar person={user} size={36} />
              </Link>
            </>
          ) : (
            <Link to="/registration" className="button button--primary button--small">
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
