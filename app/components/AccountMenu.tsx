import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { formatNumber } from "#contract/format";
import type { Viewer } from "~/lib/viewer";
import { LOG_OUT_ACTION, useAccount } from "./AccountProvider";
import { ReturnHereField, useHydrated } from "./ActionForm";
import { useDisclosure } from "./useDisclosure";
import { Avatar } from "./Avatar";
import {
  CoinIcon,
  GamesIcon,
  LockIcon,
  LogOutIcon,
  ProfileIcon,
  ShieldIcon,
} from "./icons";
import { BellIcon } from "./notifications/icons";
import { useNotifications } from "./notifications/NotificationsProvider";
import "./AccountMenu.css";

/** Marks the avatar as link and as button alike, so a tap kept before hydration finds the button (lib/early-taps.ts). */
const ACCOUNT_MENU_TAP = "account-menu";

/** The header avatar: opens a small panel with the player's name, a way to the profile and Log out. */
export function AccountMenu({ user }: { user: Viewer }) {
  const { open, setOpen, rootProps, buttonProps, panelId } = useDisclosure();
  const { pathname } = useLocation();
  const { unread } = useNotifications();
  const hydrated = useHydrated();

  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    <div className="account-menu" {...rootProps}>
      {hydrated ? (
        <button
          type="button"
          className="site-header__avatar"
          aria-label={`Your account, ${user.name}`}
          data-early-tap={ACCOUNT_MENU_TAP}
          {...buttonProps}
        >
          <Avatar person={user} size={36} />
        </button>
      ) : (
        // Without JavaScript the panel cannot open: the avatar goes to the profile, which has Log out. A tap before a
        // slow page hydrates is kept and opens the panel then (lib/early-taps.ts).
        <Link
          to="/user-info"
          className="site-header__avatar"
          aria-label={`Your account, ${user.name}`}
          data-early-tap={ACCOUNT_MENU_TAP}
        >
          <Avatar person={user} size={36} />
        </Link>
      )}
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <div className="account-menu__who">
          <Avatar person={user} size={44} />
          <div className="account-menu__text">
            <p className="account-menu__name">{user.name}</p>
            <p className="account-menu__coins">
              <CoinIcon size={14} />
              {formatNumber(user.wallet)} coins
            </p>
          </div>
        </div>
        <ul className="account-menu__list">
          <li>
            <Link
              to="/user-info"
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              <ProfileIcon size={18} />
              Your profile
            </Link>
          </li>
          <li>
            <Link
              to="/settings"
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              <LockIcon size={18} />
              Account settings
            </Link>
          </li>
          <li>
            <Link
              to="/notifications"
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              <BellIcon size={18} />
              Notifications
              {unread > 0 ? (
                <span className="account-menu__count">
                  {unread > 99 ? "99+" : unread} new
                </span>
              ) : null}
            </Link>
          </li>
          <li>
            <Link
              to="/developer"
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              <GamesIcon size={18} />
              Developers
            </Link>
          </li>
          <StaffLink role={user.role} onClick={() => setOpen(false)} />
          <li>
            <Link
              to="/settings/account"
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              <ShieldIcon size={18} />
              Your data and account
            </Link>
          </li>
          <li>
            <LogOutButton className="account-menu__item" />
          </li>
        </ul>
      </div>
    </div>
  );
}

/** Issue #34: "Admin" for an admin, "Moderation" for a moderator, nothing for a player. */
function StaffLink({
  role,
  onClick,
}: {
  role: Viewer["role"];
  onClick: () => void;
}) {
  if (role !== "admin" && role !== "moderator") return null;
  return (
    <li>
      <Link
        to={role === "admin" ? "/admin" : "/moderation"}
        className="account-menu__item"
        onClick={onClick}
      >
        <ShieldIcon size={18} />
        {role === "admin" ? "Admin" : "Moderation"}
      </Link>
    </li>
  );
}

/**
 * Log out (SPEC.md §4): ends the session, forgets the stored user and goes home. A form posting to the log-out action,
 * so it works without JavaScript too; with it, the account's own sign-out does the post.
 */
export function LogOutButton({ className }: { className: string }) {
  const { signOut } = useAccount();
  const [leaving, setLeaving] = useState(false);
  const logOut = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLeaving(true);
    await signOut();
    setLeaving(false);
  };
  return (
    <form method="post" action={LOG_OUT_ACTION} onSubmit={logOut}>
      <ReturnHereField to="/" />
      <button type="submit" className={className} disabled={leaving}>
        <LogOutIcon size={18} />
        {leaving ? "Logging out…" : "Log out"}
      </button>
    </form>
  );
}
