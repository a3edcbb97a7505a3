import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { SwordsIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("Challenges") }];

/** /challenges: challenges you sent and received. */
export default function Challenges() {
  return (
    <div className="page">
      <PageHeader title="Challenges" subtitle="Bet coins on a game and see who scores higher." />
      <EmptyState
        title="You have no challenges"
        icon={<SwordsIcon size={28} />}
        actions={
          <Link to="/home" className="button button--primary">
            Find a game
          </Link>
        }
      >
        <p>Challenges you send and receive will be listed here. Betting coins against a friend on any game is coming soon.</p>
      </EmptyState>
    </div>
  );
}
