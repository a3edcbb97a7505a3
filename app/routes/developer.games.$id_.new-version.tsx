import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { VersionMeta } from "#contract/developers";
import {
  BundleLimits,
  GameForm,
  type GameFormValues,
} from "~/components/developer/GameForm";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import {
  developerCaller,
  orRefused,
  pathId,
  type DeveloperProblem,
} from "~/server/developer.server";
import { submitVersionAction } from "~/server/developer-games.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Upload a new version") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** The form starts from the latest version: a new build usually changes its files and little else. */
function valuesOf(
  meta: VersionMeta | undefined,
  link: string | null,
): GameFormValues {
  if (!meta) return {};
  return {
    kind: link ? "link" : "upload",
    link: link ?? undefined,
    name: meta.name,
    description: meta.description,
    howToPlay: meta.howToPlay,
    categoryId: String(meta.categoryId),
    orientation: meta.orientation,
    timed: meta.timed ? "on" : undefined,
    maximumGameTime: String(meta.maximumGameTime),
    sendsScores: meta.sendsScores ? "on" : undefined,
    leaderboardType: String(meta.leaderboardType),
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const caller = await developerCaller(context, request);
  const gameId = pathId(params.id);
  const { game, versions } = await orRefused(() =>
    context.services.developerDesk.gamePage(caller.id, gameId),
  );
  const latest = versions[0];
  return {
    game: { id: game.id, name: game.name },
    values: valuesOf(latest?.meta, latest?.externalLink ?? null),
    categories: await context.services.developerDesk.categories(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const caller = await developerCaller(context, request);
  return submitVersionAction(context, request, caller, pathId(params.id));
}

/** /developer/games/:id/new-version: another draft; the live version stays live until this one is approved. */
export default function NewVersion() {
  const { game, values, categories } = useLoaderData<typeof loader>();
  const problem = useActionData<DeveloperProblem>();
  return (
    <div className="page dev-page">
      <PageHeader
        title="Upload a new version"
        subtitle={`Of ${game.name}. If it is live, players keep the current version until this one is approved.`}
        back={{ to: `/developer/games/${game.id}`, title: game.name }}
      />
      <div className="dev-submit">
        <BundleLimits />
        <GameForm
          categories={categories}
          values={problem?.values ?? values}
          errors={problem?.errors ?? {}}
          formError={problem?.formError}
          iconRequired={false}
          submitLabel="Create the draft"
        />
      </div>
    </div>
  );
}
