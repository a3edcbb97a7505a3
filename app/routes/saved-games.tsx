import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ComingSoon, LoginRequired } from "~/components/EmptyState";
import { BookmarkIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("All Games") }];

/** /saved-games: the player's saved games, titled 'All Games' (SPEC.md §2). */
export default function SavedGames() {
  const user = useViewer();
  return (
    <div className="page">
      <PageHeader title="All Games" subtitle="Your saved games, ready when you are." />
      {user ? (
        <ComingSoon
          icon={<BookmarkIcon size={28} />}
          title="Saved games are on the way"
          description="Keep the games you love close at hand and jump back in with one tap."
          features={["Save any game from its page", "Your collection on every device", "Pick up right where you left off"]}
          actions={
            <Link to="/home" className="button button--primary">
              Browse games
            </Link>
          }
        />
      ) : (
        <LoginRequired what="your saved games" icon={<BookmarkIcon size={28} />} />
      )}
    </div>
  );
}
