import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { FeedScreen } from "~/components/feed/FeedScreen";
import { AD_SLOTS } from "~/lib/ads";
import { pageTitle } from "#contract/format";
import { canonicalLink, socialMeta } from "~/lib/seo";

/** SPEC.md §2 Home feed: a vertical, swipeable feed of promo videos. `/` keeps the games-by-category home. */
const DESCRIPTION =
  "Swipe through promo videos of free casual games and jump straight into play.";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Feed") },
  { name: "description", content: DESCRIPTION },
  ...canonicalLink(matches, "/home-page"),
  ...socialMeta(matches, {
    path: "/home-page",
    title: "Playfeed · The game feed",
    description: DESCRIPTION,
    card: "home",
  }),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.services.sessions.userForRequest(request);
  return {
    games: await context.services.games.listPublished(viewer?.id),
    adOffset: Math.floor(Math.random() * AD_SLOTS.length),
  };
}

/**
 * A like changes one heart, which shows the server's answer itself: reloading the feed would place the ads anew
 * (adOffset) and move the slides under the player's finger.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === "/actions/like" ? false : defaultShouldRevalidate);

export default function HomePageFeed() {
  const { games, adOffset } = useLoaderData<typeof loader>();
  return <FeedScreen games={games} adOffset={adOffset} />;
}
