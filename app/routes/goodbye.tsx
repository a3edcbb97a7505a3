import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { CheckIcon } from "~/components/icons";
import { pageTitle } from "#contract/format";

export const meta: MetaFunction = () => [
  { title: pageTitle("Your account was deleted") },
  { name: "robots", content: "noindex" },
];

/** Where the browser lands after "Delete my account": it is signed out by then. */
export default function Goodbye() {
  return (
    <div className="page page--narrow">
      <EmptyState
        title="Your account was deleted"
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        actions={
          <>
            <Link to="/" className="button button--primary">
              Go to the games
            </Link>
            <Link to="/registration" className="button button--ghost">
              Sign up
            </Link>
          </>
        }
      >
        <p>
          Goodbye, and thank you for playing. Your personal data is gone and you
          are signed out on every device. You can still play as a visitor, or
          sign up again with the same e-mail address.
        </p>
      </EmptyState>
    </div>
  );
}
