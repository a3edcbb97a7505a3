import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/GameListPage";
import { HeartIcon } from "~/components/icons";
import { pageTitle } from "#contract/format";
import { viewerIdOf } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Likes") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return {
    games: viewerId ? await context.services.games.listLiked(viewerId) : null,
  };
}

/** /likes: the games the player liked. */
export default function Likes() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <GameListPage
      screen="likes"
      title="Likes"
      subtitle="Games you loved, all in one place."
      icon={<HeartIcon size={28} />}
      games={games}
      loginWhat="your likes"
      emptyTitle="No liked games yet"
      emptyText="You don't have any liked games. Go to home to like the games."
    />
  );
}
