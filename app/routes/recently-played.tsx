import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ComingSoon } from "~/components/EmptyState";
import { ClockIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("Recently Played Games") }];

/** /recently-played: games the player opened lately. */
export default function RecentlyPlayed() {
  return (
    <div className="page">
      <PageHeader title="Recently Played Games" subtitle="Jump back into your latest games." />
      <ComingSoon
        icon={<ClockIcon size={28} />}
        title="Your play history is coming"
        description="Once you start playing, the games you played most recently will line up here."
        features={["Newest games first", "Your best score for each", "One tap to play again"]}
        actions={
          <Link to="/home" className="button button--primary">
            Browse games
          </Link>
        }
      />
    </div>
  );
}
