import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatNumber } from "#contract/format";
import type { Viewer } from "~/lib/viewer";
import { AccountMenu } from "./AccountMenu";
import { LoginLink } from "./AccountProvider";
import { CoinIcon } from "./icons";
import { Logo } from "./Logo";
import { NotificationBell } from "./notifications/NotificationBell";
import "./SiteHeader.css";

/** The top bar: logo on the left; coins, notifications and the account menu for a player, a Log in button for a visitor. */
export function SiteHeader({ user }: { user: Viewer | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <div className="site-header__account">
          {user ? (
            <>
              <CoinChip wallet={user.wallet} />
              <NotificationBell />
              <AccountMenu user={user} />
            </>
          ) : (
            <LoginLink className="button button--primary button--small" />
          )}
        </div>
      </div>
    </header>
  );
}

/** The balance, linking to the shop; the number pulses when it changes while the page is open. */
function CoinChip({ wallet }: { wallet: number }) {
  const previous = useRef(wallet);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (previous.current === wallet) return;
    previous.current = wallet;
    setChanges((count) => count + 1);
  }, [wallet]);
  return (
    <Link
      to="/shop"
      className="coin-chip"
      title="Your coins"
      data-testid="coin-chip"
    >
      <CoinIcon size={18} />
      <span className="visually-hidden">Coins: </span>
      <span
        key={changes}
        className={
          changes
            ? "coin-chip__value coin-chip__value--changed"
            : "coin-chip__value"
        }
      >
        {formatNumber(wallet)}
      </span>
    </Link>
  );
}
