import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HomeScreen } from "~/components/HomeScreen";
import { pageTitle } from "~/lib/format";

/** The same Home screen as `/`, under the address the bottom bar uses (SPEC.md §2). */
export const meta: MetaFunction = () => [
  { title: pageTitle("Home") },
  { name: "description", content: "Play free casual games instantly: arcade, puzzle, action and more, grouped by category." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { sections: await context.services.games.listByCategory() };
}

export default function HomePage() {
  const { sections } = useLoaderData<typeof loader>();
  return <HomeScreen sections={sections} />;
}
