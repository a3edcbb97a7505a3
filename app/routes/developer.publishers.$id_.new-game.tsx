import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BundleLimits, GameForm } from "~/components/developer/GameForm";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import {
  developerCaller,
  orRefused,
  pathId,
  type DeveloperProblem,
} from "~/server/developer.server";
import { submitGameAction } from "~/server/developer-games.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Submit a game") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const caller = await developerCaller(context, request);
  const publisherId = pathId(params.id);
  const publisher = await orRefused(() =>
    context.services.developers.publisherFor(caller.id, publisherId),
  );
  return {
    publisher: { id: publisher.id, name: publisher.name },
    categories: await context.services.developerDesk.categories(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const caller = await developerCaller(context, request);
  return submitGameAction(context, request, caller, pathId(params.id));
}

/** /developer/publishers/:id/new-game: a new game's first version, a draft to test before review. */
export default function NewGame() {
  const { publisher, categories } = useLoaderData<typeof loader>();
  const problem = useActionData<DeveloperProblem>();
  return (
    <div className="page dev-page">
      <PageHeader
        title="Submit a new game"
        subtitle={`For ${publisher.name}. It stays private as a draft: test it in the inspector, then send it for review.`}
        back={{
          to: `/developer/publishers/${publisher.id}`,
          title: publisher.name,
        }}
      />
      <div className="dev-submit">
        <BundleLimits />
        <GameForm
          categories={categories}
          values={problem?.values ?? {}}
          errors={problem?.errors ?? {}}
          formError={problem?.formError}
          iconRequired
          submitLabel="Create the draft"
        />
      </div>
    </div>
  );
}
