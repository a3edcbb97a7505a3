import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { GameCardGame } from "~/components/GameCard";
import { HomeScreen, type HomeSection } from "~/components/HomeScreen";
import type { Game } from "#contract/types";
import { pageTitle } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import {
  canonicalLink,
  mediaBaseOf,
  preloadPicture,
  socialMeta,
} from "~/lib/seo";
import { viewerIdOf } from "~/server/loaders.server";

const DESCRIPTION =
  "Play free casual games instantly: arcade, puzzle, action and more, grouped by category.";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle("Home") },
  // The first card's icon is the page's largest paint on a phone and on a desktop.
  ...preloadPicture(
    resolveMediaUrl(data?.sections[0]?.games[0]?.icon, mediaBaseOf(matches)),
  ),
  { name: "description", content: DESCRIPTION },
  ...canonicalLink(matches, "/"),
  ...socialMeta(matches, {
    path: "/",
    title: "Playfeed · Play free casual games",
    description: DESCRIPTION,
    card: "home",
  }),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  // A visitor's home comes from the isolate's copy of the catalogue; a player's shows their likes, read afresh (ADR 021).
  const sections =
    viewerId === undefined
      ? (await context.services.games.catalogue()).sections
      : await context.services.games.listByCategory(viewerId);
  // Only what the cards show: the page's data is written into it, so every field left out is bytes and work saved.
  return {
    sections: sections.map((section): HomeSection => ({
      _id: section._id,
      name: section.name,
      games: section.games.map(toCard),
    })),
  };
}

const toCard = (game: Game): GameCardGame => ({
  _id: game._id,
  name: game.name,
  category: game.category,
  icon: game.icon,
  avgRating: game.avgRating,
  rating_count: game.rating_count,
  total_likes: game.total_likes,
  is_liked: game.is_liked,
  is_placeholder: game.is_placeholder,
});

export default function Home() {
  const { sections } = useLoaderData<typeof loader>();
  return <HomeScreen sections={sections} />;
}
