import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HomeScreen } from "~/components/HomeScreen";
import { pageTitle } from "#contract/format";
import { canonicalLink } from "~/lib/seo";
import { viewerIdOf } from "~/server/loaders.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Home") },
  {
    name: "description",
    content:
      "Play free casual games instantly: arcade, puzzle, action and more, grouped by category.",
  },
  ...canonicalLink(matches, "/"),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return { sections: await context.services.games.listByCategory(viewerId) };
}

export default function Home() {
  const { sections } = useLoaderData<typeof loader>();
  return <HomeScreen sections={sections} />;
}
