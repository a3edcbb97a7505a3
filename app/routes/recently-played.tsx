import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/GameListPage";
import { ClockIcon } from "~/components/icons";
import { pageTitle } from "#contract/format";
import { viewerIdOf } from "~/server/loaders.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Recently Played Games") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return {
    games: viewerId ? await context.services.games.listRecent(viewerId) : null,
  };
}

/** /recently-played: the games the player played, most recent first. */
export default function RecentlyPlayed() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <GameListPage
      screen="recently-played"
      title="Recently Played Games"
      subtitle="Jump back into your latest games."
      icon={<ClockIcon size={28} />}
      games={games}
      loginWhat="your recently played games"
      emptyTitle="Nothing played yet"
      emptyText="You haven't played any games yet. Go to home and pick one to play."
    />
  );
}
