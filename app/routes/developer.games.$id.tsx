import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  VersionCard,
  type VersionView,
} from "~/components/developer/VersionCard";
import { FormStatus } from "~/components/developer/DeveloperFields";
import { PageHeader } from "~/components/PageHeader";
import { useMediaBase } from "~/components/root-data";
import { GameActionSchema } from "#contract/developers";
import { pageTitle } from "#contract/format";
import { checkForm, firstMessage, textFields } from "~/lib/forms";
import { resolveMediaUrl } from "~/lib/media";
import { formAction } from "~/server/auth.server";
import {
  developerCaller,
  orRefused,
  pathId,
  refusal,
  type DeveloperProblem,
} from "~/server/developer.server";
import { notFound } from "../../workers/services/errors";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.game.name : "Game") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const caller = await developerCaller(context, request);
  const gameId = pathId(params.id);
  const { game, publisher, versions } = await orRefused(() =>
    context.services.developerDesk.gamePage(caller.id, gameId),
  );
  const views: VersionView[] = versions.map((version) => ({
    id: version.id,
    kind: version.kind,
    status: version.status,
    externalLink: version.externalLink,
    fileCount: version.fileCount,
    byteSize: version.byteSize,
    reviewReason: version.reviewReason,
    createdAt: version.createdAt.getTime(),
    submittedAt: version.submittedAt?.getTime() ?? null,
    reviewedAt: version.reviewedAt?.getTime() ?? null,
  }));
  return {
    game,
    publisher: { id: publisher.id, name: publisher.name },
    versions: views,
  };
}

/** Submit a draft, withdraw a version under review, or unpublish the game; back to this page (303) when done. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const caller = await developerCaller(context, request);
  const gameId = pathId(params.id);
  const form = await request.formData();
  const values = textFields(form);
  const checked = checkForm(GameActionSchema, form);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  const desk = context.services.developerDesk;
  return formAction(values, async () => {
    await desk.gameFor(caller.id, gameId);
    const input = checked.data;
    // The review service forgets the cached catalogue and pages the game shows on, either way.
    if (input.intent === "unpublish")
      await context.services.review.unpublish(caller.id, gameId);
    else if (input.intent === "republish")
      await context.services.review.republish(caller.id, gameId);
    else {
      // A version of another game is not this page's to change.
      const { version } = await context.services.developers.versionFor(
        caller.id,
        input.versionId,
      );
      if (version.gameId !== gameId) throw notFound("Version not found");
      if (input.intent === "submit")
        await desk.submit(caller.id, input.versionId);
      else await desk.withdraw(caller.id, input.versionId);
    }
    throw redirect(`/developer/games/${gameId}`, 303);
  });
}

/** /developer/games/:id: the game and its versions, with what can be done to each. */
export default function DeveloperGame() {
  const { game, publisher, versions } = useLoaderData<typeof loader>();
  const problem = useActionData<DeveloperProblem>();
  const icon = resolveMediaUrl(game.icon, useMediaBase()) ?? "/favicon.svg";
  return (
    <div className="page dev-page">
      <PageHeader
        title={game.name}
        back={{
          to: `/developer/publishers/${publisher.id}`,
          title: publisher.name,
        }}
        subtitle={
          game.isPublished ? (
            <>
              Live on Playfeed:{" "}
              <Link to={`/detail/${game.id}`}>see its page</Link>
            </>
          ) : (
            "Not on the site yet: players see it once a moderator approves a version."
          )
        }
        aside={
          <img
            className="dev-game-icon"
            src={icon}
            alt=""
            width={72}
            height={72}
          />
        }
      />
      <div className="dev-toolbar">
        <Link
          to={`/developer/games/${game.id}/new-version`}
          className="button button--primary"
        >
          Upload a new version
        </Link>
        <Link
          to={`/developer/games/${game.id}/stats`}
          className="button button--secondary"
        >
          Players and numbers
        </Link>
      </div>
      <FormStatus message={problem?.formError} />
      <h2 className="section-title">Versions</h2>
      <ol className="dev-versions">
        {versions.map((version, index) => (
          <VersionCard
            key={version.id}
            version={version}
            number={versions.length - index}
            live={game.isPublished}
          />
        ))}
      </ol>
      {game.isPublished ? <UnpublishPanel /> : null}
      {!game.isPublished &&
      versions.some((version) => version.status === "approved") ? (
        <RepublishPanel />
      ) : null}
    </div>
  );
}

/** An unpublished game whose approved version is still there goes live again as it was. */
function RepublishPanel() {
  return (
    <Form method="post" className="card dev-republish">
      <p>
        This game is unpublished. Publishing it again puts its approved version
        back on home, the feed and its page.
      </p>
      <input type="hidden" name="intent" value="republish" />
      <button type="submit" className="button">
        Publish it again
      </button>
    </Form>
  );
}

/** Said before it is done; a disclosure, so it works before the page's script loads. */
function UnpublishPanel() {
  return (
    <details className="card dev-danger">
      <summary>Unpublish this game</summary>
      <p>
        The game disappears from home, the feed, search and its page at once.
        Players’ scores and your versions stay. You can publish it again from
        this page, with no new review.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="unpublish" />
        <button
          type="submit"
          className="button button--secondary dev-danger__button"
        >
          Yes, unpublish it
        </button>
      </Form>
    </details>
  );
}
