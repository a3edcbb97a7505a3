import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LogOutButton } from "~/components/AccountMenu";
import { VerifyEmailNotice } from "~/components/account/VerifyEmailNotice";
import { Avatar } from "~/components/Avatar";
import { LoginRequired } from "~/components/EmptyState";
import { genderChoice } from "~/components/FormFields";
import {
  BookmarkIcon,
  ClockIcon,
  CoinIcon,
  GamesIcon,
  HeartIcon,
  LockIcon,
  ProfileIcon,
  ShieldIcon,
  ShopIcon,
  SwordsIcon,
} from "~/components/icons";
import { ChevronRightIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { PushSettings } from "~/components/push/PushSettings";
import { ProfileForm, type ProfileAnswer } from "~/components/ProfileForm";
import { useViewer } from "~/components/root-data";
import { formatNumber, pageTitle } from "#contract/format";
import type { PushPreferences } from "#contract/push";
import type { UserProfile } from "#contract/types";
import { ProfileSchema } from "#contract/validation";
import { checkedFormAction, textField } from "~/server/auth.server";
import {
  PROFILE_POST_MAX_BYTES,
  myProfile,
  saveProfileForm,
} from "~/server/profile.server";
import "./user-info.css";

export const meta: MetaFunction = () => [{ title: pageTitle("Profile") }];

// The page carries the player's email and phone number: no shared cache may keep it.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** The player's full record (email, phone, address, gender) for the edit form; a visitor gets the login panel. */
export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<{
  profile: UserProfile | null;
  push: PushPreferences | null;
  pushConfigured: boolean;
  emailVerified: boolean;
}> {
  const user = await context.services.sessions.userForRequest(request);
  return {
    profile: user ? myProfile(user) : null,
    push: user ? await context.services.push.preferences(user.id) : null,
    pushConfigured: context.services.push.publicKey !== null,
    emailVerified: user?.emailVerifiedAt != null,
  };
}

/**
 * The profile form, posted by its fetcher or without JavaScript (a multipart post with the picture's file): the saved
 * profile, or the messages and what was entered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const caller = await context.services.sessions.userForRequest(request);
  if (!caller) throw redirect("/login?redirectTo=/user-info", 303);
  if (
    Number(request.headers.get("Content-Length") ?? 0) > PROFILE_POST_MAX_BYTES
  ) {
    const message = "Please choose a picture of 2 MB or less";
    const problem: ProfileAnswer = {
      ok: false,
      formError: message,
      errors: { picture: message },
      values: undefined,
    };
    return data(problem, { status: 413 });
  }
  const form = await request.formData();
  const field = (name: string) => textField(form, name);
  const values = {
    name: field("name"),
    phone_number: field("phone_number"),
    address: field("address"),
    gender: genderChoice(field("gender")),
  };
  return checkedFormAction(form, ProfileSchema, values, async () => ({
    ok: true as const,
    answer: myProfile(await saveProfileForm(context, request, caller, form)),
  }));
}

const LIBRARY_LINKS = [
  { to: "/likes", label: "Likes", Icon: HeartIcon },
  { to: "/saved-games", label: "All Games", Icon: BookmarkIcon },
  { to: "/recently-played", label: "Recently Played Games", Icon: ClockIcon },
  { to: "/challenges", label: "Challenges", Icon: SwordsIcon },
  { to: "/shop", label: "Shop", Icon: ShopIcon },
  { to: "/developer", label: "Developers", Icon: GamesIcon },
  { to: "/settings", label: "Account settings", Icon: LockIcon },
  { to: "/settings/account", label: "Your data and account", Icon: ShieldIcon },
];

function EditProfileCard({
  profile,
  answer,
}: {
  profile: UserProfile;
  answer?: ProfileAnswer;
}) {
  return (
    <section className="card profile-edit" aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className="card__title">
        Edit your profile
      </h2>
      <p className="profile-edit__email">
        Signed in as <strong>{profile.email}</strong>
      </p>
      <ProfileForm profile={profile} initial={answer} />
    </section>
  );
}

/** /user-info: the player's profile and its edit form. */
export default function Profile() {
  const user = useViewer();
  const { profile, push, pushConfigured, emailVerified } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!user || !profile || !push) {
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
      {emailVerified ? null : <VerifyEmailNotice email={profile.email} />}
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
        <EditProfileCard key={profile._id} profile={profile} answer={answer} />
        <div className="profile-side">
          <nav className="link-list card" aria-label="Your library">
            <h2 className="card__title">Your library</h2>
            <ul>
              {LIBRARY_LINKS.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link to={to} className="link-list__item">
                    <Icon size={20} />
                    <span>{label}</span>
                    <ChevronRightIcon
                      size={18}
                      className="link-list__chevron"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <PushSettings
            viewerId={user._id}
            preferences={push}
            configured={pushConfigured}
          />
        </div>
      </div>
    </div>
  );
}
