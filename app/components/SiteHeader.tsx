import { Link } from "@remix-run/react";
import { formatNumber } from "~/lib/format";
import type { Viewer } from "~/lib/viewer";
import { AccountMenu } from "./AccountMenu";
import { useAccount } from "./AccountProvider";
import { CoinIcon } from "./icons";
import { Logo } from "./Logo";

/** The top bar: logo on the left; coins and the account menu for a player, a Log in button for a visitor. */
export function SiteHeader({ user }: { user: Viewer | null }) {
  const { openLogin } = useAccount();
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
              <AccountMenu user={user} />
            </>
          ) : (
            <button type="button" className="button button--primary button--small" aria-haspopup="dialog" onClick={openLogin}>
              Log in
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
