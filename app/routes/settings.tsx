import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProfileIcon } from "~/components/icons";
import { ChevronRightIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { DevicesSection } from "~/components/settings/DevicesSection";
import {
  EmailSection,
  PasswordSection,
} from "~/components/settings/SettingsForms";
import { pageTitle } from "#contract/format";
import {
  settingsAction,
  settingsCaller,
  type SettingsAnswer,
} from "~/server/settings.server";
import "./settings.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Account settings") },
  { name: "robots", content: "noindex" },
];

// The page names the account's address and where it is signed in: no shared cache may keep it.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** /settings (issue #34): the signed-in player's password, e-mail address and devices; a visitor logs in first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await settingsCaller(context, request);
  return {
    view: await context.services.settings.view(user, token),
    now: Date.now(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return settingsAction(context, request);
}

export default function Settings() {
  const { view, now } = useLoaderData<typeof loader>();
  const answer = useActionData<SettingsAnswer>();
  return (
    <div className="page page--narrow settings">
      <PageHeader
        title="Account settings"
        subtitle="Your password, your e-mail address and where you are signed in."
        back={{ to: "/user-info", title: "Profile" }}
      />
      <PasswordSection view={view} answer={answer} />
      <EmailSection view={view} answer={answer} />
      <DevicesSection devices={view.devices} now={now} answer={answer} />
      <section
        className="card settings__section"
        aria-labelledby="settings-leaving"
      >
        <h2 id="settings-leaving" className="card__title">
          <ProfileIcon size={20} />
          Your data and account
        </h2>
        <p className="settings__note">
          Download everything Playfeed keeps about you, or delete your account.
        </p>
        <Link
          to="/settings/account"
          className="button button--secondary settings__link"
        >
          Your data and account
          <ChevronRightIcon size={18} />
        </Link>
      </section>
    </div>
  );
}
