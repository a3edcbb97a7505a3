import { NavLink } from "@remix-run/react";
import { FeedIcon, GamesIcon, HomeIcon, SocialIcon } from "./icons";
import { useLoginGate } from "./AccountProvider";
import { socialLabel } from "#contract/inbox";
import { UnreadBadge, useUnreadMessages } from "./social/UnreadMessages";
import { inert } from "./inert";
import "./BottomBar.css";

/**
 * Phone navigation (< 1024 px): SPEC.md §2's home-page (the feed), /home and /social, led by Home (/), the games by
 * category, which is also where the app starts. While a game is on screen it slides out of the way.
 */
export function BottomBar({ hidden = false }: { hidden?: boolean }) {
  const loginGate = useLoginGate();
  const unreadMessages = useUnreadMessages();
  const linkClass = (active: boolean) =>
    active ? "bottom-bar__link is-active" : "bottom-bar__link";
  return (
    <nav
      className={hidden ? "bottom-bar is-hidden" : "bottom-bar"}
      aria-label="Primary"
      aria-hidden={hidden || undefined}
      {...inert(hidden)}
    >
      <NavLink
        to="/"
        end
        prefetch="intent"
        className={({ isActive }) => linkClass(isActive)}
      >
        <HomeIcon size={22} />
        <span>Home</span>
      </NavLink>
      <NavLink
        to="/home-page"
        prefetch="intent"
        className={({ isActive }) => linkClass(isActive)}
      >
        <FeedIcon size={22} />
        <span>Feed</span>
      </NavLink>
      <NavLink
        to="/home"
        end
        prefetch="intent"
        className={({ isActive }) => linkClass(isActive)}
      >
        <GamesIcon size={22} />
        <span>Games</span>
      </NavLink>
      <NavLink
        to="/social"
        prefetch="intent"
        onClick={loginGate}
        className={({ isActive }) => linkClass(isActive)}
        aria-label={socialLabel(unreadMessages)}
      >
        <span className="bottom-bar__icon">
          <SocialIcon size={22} />
          <UnreadBadge count={unreadMessages} />
        </span>
        <span>Social</span>
      </NavLink>
    </nav>
  );
}
