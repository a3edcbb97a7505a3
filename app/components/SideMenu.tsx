import { NavLink } from "@remix-run/react";
import { type ComponentType } from "react";
import { useLoginGate } from "./AccountProvider";
import {
  BlogIcon,
  BookmarkIcon,
  ClockIcon,
  FeedIcon,
  GamesIcon,
  HeartIcon,
  HomeIcon,
  ProfileIcon,
  ShopIcon,
  SocialIcon,
  SwordsIcon,
  type IconProps,
} from "./icons";
import { socialLabel } from "#contract/inbox";
import { UnreadBadge, useUnreadMessages } from "./social/UnreadMessages";
import "./SideMenu.css";

interface MenuItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
  /** SPEC.md §2: a visitor gets the login popup instead. */
  needsLogin?: boolean;
}

const MAIN_ITEMS: MenuItem[] = [
  { to: "/", label: "Home", Icon: HomeIcon },
  // The vertical video feed: on a phone the bottom bar leads there; on a desktop this is the way.
  { to: "/home-page", label: "Feed", Icon: FeedIcon },
  { to: "/social", label: "Social", Icon: SocialIcon, needsLogin: true },
  { to: "/user-info", label: "Profile", Icon: ProfileIcon, needsLogin: true },
  { to: "/shop", label: "Shop", Icon: ShopIcon, needsLogin: true },
  { to: "/blog", label: "Blog", Icon: BlogIcon },
];

const LIBRARY_ITEMS: MenuItem[] = [
  { to: "/home", label: "All games", Icon: GamesIcon },
  { to: "/likes", label: "Likes", Icon: HeartIcon, needsLogin: true },
  {
    to: "/saved-games",
    label: "Saved games",
    Icon: BookmarkIcon,
    needsLogin: true,
  },
  { to: "/recently-played", label: "Recently played", Icon: ClockIcon },
  { to: "/challenges", label: "Challenges", Icon: SwordsIcon },
];

function MenuLink({
  item,
  forceActive,
}: {
  item: MenuItem;
  forceActive?: boolean;
}) {
  const { Icon } = item;
  const loginGate = useLoginGate();
  const unreadMessages = useUnreadMessages();
  // Social carries the unread chat messages (ADR 028).
  const unread = item.to === "/social" ? unreadMessages : 0;
  return (
    <NavLink
      to={item.to}
      aria-label={unread > 0 ? socialLabel(unread) : undefined}
      onClick={item.needsLogin ? loginGate : undefined}
      end={item.to === "/"}
      prefetch="intent"
      className={({ isActive }) =>
        isActive || forceActive
          ? "side-menu__link is-active"
          : "side-menu__link"
      }
    >
      <Icon size={20} />
      <span>{item.label}</span>
      <UnreadBadge count={unread} />
    </NavLink>
  );
}

/** Desktop navigation (≥ 1024 px): the main screens, the feed among them, and the player's library. */
export function SideMenu() {
  return (
    <nav className="side-menu" aria-label="Main">
      <ul className="side-menu__list">
        {MAIN_ITEMS.map((item) => (
          <li key={item.to}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
      <p className="side-menu__heading">Your library</p>
      <ul className="side-menu__list">
        {LIBRARY_ITEMS.map((item) => (
          <li key={item.to}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
