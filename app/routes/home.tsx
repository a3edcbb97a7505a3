import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { GameGrid } from "~/components/GameCard";
import { GamesIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { canonicalLink, socialMeta } from "~/lib/seo";

const DESCRIPTION = "Every game on Playfeed in one place.";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Games") },
  { name: "description", content: DESCRIPTION },
  ...canonicalLink(matches, "/home"),
  ...socialMeta(matches, {
    path: "/home",
    title: "Playfeed · Every game",
    description: DESCRIPTION,
    card: "home",
  }),
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { games: await context.services.games.listPublished() };
}

/** /home: every published game in one grid. */
export default function GamesListing() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <PageHeader
        title="Games"
        subtitle={
          games.length > 0
            ? `${games.length} ${games.length === 1 ? "game" : "games"} to play right now`
            : undefined
        }
      />
      {games.length > 0 ? (
        <GameGrid games={games} from="home" eagerCount={8} headingLevel={2} />
      ) : (
        <EmptyState title="No games yet" icon={<GamesIcon size={28} />}>
          <p>
            New games are on their way. Check back soon to find something fun to
            play.
          </p>
        </EmptyState>
      )}
    </div>
  );
}
