import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { AlertIcon, CheckIcon } from "~/components/icons";
import { ACCOUNT_LINK_TEXT } from "#contract/account-links";
import { pageTitle } from "#contract/format";
import { accountChanged } from "~/server/auth.server";
import { isApiError } from "~/server/errors.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Verify your e-mail address") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * Opening the mailed link is the proof: the loader uses it (ADR 044). A second opening of a link that did its work
 * still says the address is verified; any other refusal says why, with a way to ask for a new link.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    await context.services.accountLinks.verifyEmail(params.token ?? "");
    accountChanged(context);
    return {
      verified: true as const,
      message: ACCOUNT_LINK_TEXT.emailVerified,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data(
      { verified: false as const, message: error.message },
      { status: error.status },
    );
  }
}

/** /verify-email/{token}: the answer to the verification link. */
export default function VerifyEmail() {
  const { verified, message } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <EmptyState
        headingLevel={1}
        title={verified ? message : "This link did not verify your address"}
        icon={verified ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
        actions={
          <Link to="/user-info" className="button button--primary">
            {verified
              ? "Go to your profile"
              : "Ask for a new link on your profile"}
          </Link>
        }
      >
        {verified ? (
          <p>We will use it if you ever need to choose a new password.</p>
        ) : (
          <p role="alert">{message}</p>
        )}
      </EmptyState>
    </div>
  );
}
