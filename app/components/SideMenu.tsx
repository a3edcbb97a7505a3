import { NavLink, useLocation } from "@remix-run/react";
import { type ComponentType } from "react";
import {
  BlogIcon,
  BookmarkIcon,
  ClockIcon,
  GamesIcon,
  HeartIcon,
  HomeIcon,
  ProfileIcon,
  ShopIcon,
  SocialIcon,
  SwordsIcon,
  type IconProps,
} from "./icons";
import { isHomePath } from "./navigation-items";

interface MenuItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
}

const MAIN_ITEMS: MenuItem[] = [
  { to: "/", label: "Home", Icon: HomeIcon },
  { to: "/social", label: "Social", Icon: SocialIcon },
  { to: "/user-info", label: "Profile", Icon: ProfileIcon },
  { to: "/shop", label: "Shop", Icon: ShopIcon },
  { to: "/blog", label: "Blog", Icon: BlogIcon },
];

const LIBRARY_ITEMS: MenuItem[] = [
  { to: "/home", label: "All games", Icon: GamesIcon },
  { to: "/likes", label: "Likes", Icon: HeartIcon },
  { to: "/saved-games", label: "Saved games", Icon: BookmarkIcon },
  { to: "/recently-played", label: "Recently played", Icon: ClockIcon },
  { to: "/challenges", label: "Challenges", Icon: SwordsIcon },
];

function MenuLink({ item, forceActive }: { item: MenuItem; forceActive?: boolean }) {
  const { Icon } = item;
  return (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      prefetch="intent"
      className={({ isActive }) => (isActive || forceActive ? "side-menu__link is-active" : "side-menu__link")}
    >
      <Icon size={20} />
      <span>{item.label}</span>
    </NavLink>
  );
}

/** Desktop navigation (≥ 1024 px): the five main screens and the player's library. */
export function SideMenu() {
  const { pathname } = useLocation();
  return (
    <nav className="side-menu" aria-label="Main">
      <ul className="side-menu__list">
        {MAIN_ITEMS.map((item) => (
          <li key={item.to}>
            <MenuLink item={item} forceActive={item.to === "/" && isHomePath(pathname)} />
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
