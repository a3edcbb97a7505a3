import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EmptyState, LoginRequired } from "~/components/EmptyState";
import { HeartIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("Likes") }];

/** /likes: the games the player liked. */
export default function Likes() {
  const user = useViewer();
  return (
    <div className="page">
      <PageHeader title="Likes" subtitle="Games you loved, all in one place." />
      {user ? (
        <EmptyState
          title="No liked games yet"
          icon={<HeartIcon size={28} />}
          actions={
            <Link to="/" className="button button--primary">
              Go to Home
            </Link>
          }
        >
          <p>You don&apos;t have any liked games. Go to home to like the games.</p>
        </EmptyState>
      ) : (
        <LoginRequired what="your likes" icon={<HeartIcon size={28} />} />
      )}
    </div>
  );
}
