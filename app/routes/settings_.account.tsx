import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShieldIcon } from "~/components/icons";
import { LoginRequired } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { DeleteAccountCard } from "~/components/account/DeleteAccountCard";
import { DownloadDataCard } from "~/components/account/DownloadDataCard";
import { pageTitle } from "#contract/format";
import { formAction, textField } from "~/server/auth.server";
import "./settings_.account.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Your data and account") },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** What the two cards need to know of the signed-in player; a visitor gets the login panel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.services.sessions.userForRequest(request);
  return {
    account: user ? await context.services.accountClosing.summary(user) : null,
  };
}

/**
 * "Delete my account", with or without JavaScript: refused with nothing changed (the form again, with the reason), or
 * done, and then the browser's cookie is cleared and it goes to the goodbye page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessions, accountClosing } = context.services;
  const caller = await sessions.userForRequest(request);
  if (!caller) throw redirect("/login?redirectTo=/settings/account", 303);
  const form = await request.formData();
  const fields = {
    password: textField(form, "password"),
    confirm: textField(form, "confirm"),
    unpublish: form.get("unpublish") === "on" ? "on" : undefined,
  };
  const values = { confirm: fields.confirm, unpublish: !!fields.unpublish };
  return formAction(values, async () => {
    await accountClosing.deleteAccount(caller, fields);
    sessions.forget();
    throw redirect("/goodbye", {
      status: 303,
      headers: { "Set-Cookie": sessions.cookie(null, request) },
    });
  });
}

/** /settings/account: take your data with you, or close the account. */
export default function AccountSettings() {
  const { account } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!account) {
    return (
      <div className="page page--narrow">
        <PageHeader title="Your data and account" />
        <LoginRequired
          what="your data and account"
          icon={<ShieldIcon size={28} />}
        />
      </div>
    );
  }
  return (
    <div className="page page--narrow account-settings">
      <PageHeader
        title="Your data and account"
        subtitle={
          <>
            Signed in as{" "}
            <span className="account-settings__email">{account.email}</span>
          </>
        }
        back={{ to: "/user-info", title: "Profile" }}
      />
      <DownloadDataCard />
      <DeleteAccountCard account={account} problem={answer} />
    </div>
  );
}
