import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { CheckIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "#contract/format";

export const meta: MetaFunction = () => [
  { title: pageTitle("E-mail address changed") },
  { name: "robots", content: "noindex" },
];

/** Where a used change-of-address link lands (/confirm-email/{token}'s action). */
export default function EmailChanged() {
  const viewer = useViewer();
  return (
    <div className="page page--narrow">
      <EmptyState
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        title="Your e-mail address is changed"
        actions={
          <Link
            to={viewer ? "/settings" : "/login"}
            className="button button--primary"
          >
            {viewer ? "Back to your settings" : "Log in"}
          </Link>
        }
      >
        <p>You sign in with your new address from now on.</p>
      </EmptyState>
    </div>
  );
}
