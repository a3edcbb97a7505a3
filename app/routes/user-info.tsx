import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LogOutButton } from "~/components/AccountMenu";
import { Avatar } from "~/components/Avatar";
import { LoginRequired } from "~/components/EmptyState";
import {
  AlertIcon,
  BookmarkIcon,
  ChevronRightIcon,
  ClockIcon,
  CoinIcon,
  HeartIcon,
  ProfileIcon,
  ShopIcon,
  SwordsIcon,
} from "~/components/icons";
import { Loader } from "~/components/Loader";
import { PageHeader } from "~/components/PageHeader";
import { ProfileForm } from "~/components/ProfileForm";
import { useViewer } from "~/components/root-data";
import { apiFetch, errorMessage } from "~/lib/api";
import { formatNumber, pageTitle } from "~/lib/format";
import type { UserProfile } from "~/lib/types";

export const meta: MetaFunction = () => [{ title: pageTitle("Profile") }];

const LIBRARY_LINKS = [
  { to: "/likes", label: "Likes", Icon: HeartIcon },
  { to: "/saved-games", label: "All Games", Icon: BookmarkIcon },
  { to: "/recently-played", label: "Recently Played Games", Icon: ClockIcon },
  { to: "/challenges", label: "Challenges", Icon: SwordsIcon },
  { to: "/shop", label: "Shop", Icon: ShopIcon },
];

type ProfileLoad = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; profile: UserProfile };

/** The player's full record (email, phone, address, gender) is not in the page: it comes from the API with the token. */
function useMyProfile(userId: number): [ProfileLoad, () => void] {
  const [load, setLoad] = useState<ProfileLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoad({ state: "loading" });
    apiFetch<UserProfile>("/api/user/me")
      .then((profile) => current && setLoad({ state: "ready", profile }))
      .catch((error: unknown) => current && setLoad({ state: "failed", message: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [userId, attempt]);
  return [load, () => setAttempt((count) => count + 1)];
}

function EditProfileCard({ userId }: { userId: number }) {
  const [load, retry] = useMyProfile(userId);
  return (
    <section className="card profile-edit" aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className="card__title">
        Edit your profile
      </h2>
      {load.state === "loading" ? <Loader block /> : null}
      {load.state === "failed" ? (
        <div className="profile-edit__failed">
          <p className="alert alert--error">
            <AlertIcon size={18} />
            <span>{load.message}</span>
          </p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {load.state === "ready" ? (
        <>
          <p className="profile-edit__email">
            Signed in as <strong>{load.profile.email}</strong>
          </p>
          <ProfileForm profile={load.profile} />
        </>
      ) : null}
    </section>
  );
}

/** /user-info: the player's profile and its edit form. */
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
        <div className="profile-card__actions">
          <Link to="/shop" className="balance">
            <CoinIcon size={22} />
            <span>
              <strong>{formatNumber(user.wallet)}</strong> coins
            </span>
          </Link>
          <LogOutButton className="button button--ghost button--small" />
        </div>
      </section>

      <div className="profile-columns">
        <EditProfileCard userId={user._id} />
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
      </div>
    </div>
  );
}
