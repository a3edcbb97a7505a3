import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/GameListPage";
import { BookmarkIcon } from "~/components/icons";
import { pageTitle } from "#contract/format";
import { viewerIdOf } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("All Games") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return {
    games: viewerId ? await context.services.games.listSaved(viewerId) : null,
  };
}

/** /saved-games: the player's saved games, newest first, titled 'All Games' (SPEC.md §2). */
export default function SavedGames() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <GameListPage
      screen="saved-games"
      title="All Games"
      subtitle="Your saved games, ready when you are."
      icon={<BookmarkIcon size={28} />}
      games={games}
      loginWhat="your saved games"
      emptyTitle="No saved games yet"
      emptyText="You don't have any saved games. Tap Save on a game's page to keep it here."
    />
  );
}
