import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { ComingSoon, LoginRequired } from "~/components/EmptyState";
import {
  BookmarkIcon,
  ChevronRightIcon,
  ClockIcon,
  CoinIcon,
  EditIcon,
  HeartIcon,
  ProfileIcon,
  ShopIcon,
  SwordsIcon,
} from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { formatNumber, pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("Profile") }];

const LIBRARY_LINKS = [
  { to: "/likes", label: "Likes", Icon: HeartIcon },
  { to: "/saved-games", label: "All Games", Icon: BookmarkIcon },
  { to: "/recently-played", label: "Recently Played Games", Icon: ClockIcon },
  { to: "/challenges", label: "Challenges", Icon: SwordsIcon },
  { to: "/shop", label: "Shop", Icon: ShopIcon },
];

/** /user-info: the player's profile. */
export default function Profile() {
  const user = useViewer();
  if (!user) {
    return (
      <div className="page">
        <PageHeader title="Profile" />
        <LoginRequired what="your profile" icon={<ProfileIcon size={28} />} />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader title="Profile" />
      <section className="profile-card" aria-label="Your account">
        <Avatar person={user} size={100} />
        <div className="profile-card__info">
          <h2 className="profile-card__name">{user.name}</h2>
          <p className="profile-card__meta">Playfeed player</p>
        </div>
        <Link to="/shop" className="balance">
          <CoinIcon size={22} />
          <span>
            <strong>{formatNumber(user.wallet)}</strong> coins
          </span>
        </Link>
      </section>

      <div className="profile-columns">
        <nav className="link-list card" aria-label="Your library">
          <h2 className="card__title">Your library</h2>
          <ul>
            {LIBRARY_LINKS.map(({ to, label, Icon }) => (
              <li key={to}>
                <Link to={to} className="link-list__item">
                  <Icon size={20} />
                  <span>{label}</span>
                  <ChevronRightIcon size={18} className="link-list__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ComingSoon
          icon={<EditIcon size={28} />}
          title="Edit your profile"
          description="Soon you can update your details and picture right here."
          features={["Name, phone number and address", "Gender", "Upload a profile picture"]}
        />
      </div>
    </div>
  );
}
