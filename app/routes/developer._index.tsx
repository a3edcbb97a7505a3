import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import {
  FormStatus,
  PublisherFields,
} from "~/components/developer/DeveloperFields";
import { GamesIcon, ShieldIcon } from "~/components/icons";
import { ChevronRightIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { useMediaBase } from "~/components/root-data";
import { formatNumber, pageTitle } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import {
  createPublisherAction,
  developerCaller,
  type DeveloperProblem,
} from "~/server/developer.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Developers") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** Invitations waiting for the player's address become memberships here, then their publishers are listed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await developerCaller(context, request);
  const joined = await context.services.developers.acceptInvites(
    caller.id,
    caller.email,
  );
  const [publishers, isModerator] = await Promise.all([
    context.services.developerDesk.overview(caller.id),
    context.services.developers.isModerator(caller.id),
  ]);
  return { publishers, joined, isModerator };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = await developerCaller(context, request);
  return createPublisherAction(context, request, caller);
}

/** /developer: the player's publishers, and the way to make one. */
export default function Developer() {
  const { publishers, joined, isModerator } = useLoaderData<typeof loader>();
  const problem = useActionData<DeveloperProblem>();
  const mediaBase = useMediaBase();
  return (
    <div className="page dev-page">
      <PageHeader
        title="Developers"
        subtitle="Publish your HTML5 games on Playfeed, test them against the SDK and watch their players."
        aside={
          isModerator ? (
            <Link
              to="/moderation"
              className="button button--secondary button--small"
            >
              <ShieldIcon size={16} /> Review queue
            </Link>
          ) : null
        }
      />
      {joined > 0 ? (
        <p className="alert alert--success" role="status">
          You joined {joined === 1 ? "a publisher" : `${joined} publishers`} you
          were invited to.
        </p>
      ) : null}
      {publishers.length > 0 ? (
        <section aria-labelledby="dev-publishers-title">
          <h2 id="dev-publishers-title" className="section-title">
            Your publishers
          </h2>
          <ul className="dev-list">
            {publishers.map((publisher) => {
              const icon = resolveMediaUrl(publisher.icon, mediaBase);
              return (
                <li key={publisher.id}>
                  <Link
                    to={`/developer/publishers/${publisher.id}`}
                    className="dev-row"
                  >
                    {icon ? (
                      <img
                        className="dev-row__icon"
                        src={icon}
                        alt=""
                        width={48}
                        height={48}
                      />
                    ) : (
                      <span
                        className="dev-row__icon dev-row__icon--blank"
                        aria-hidden="true"
                      >
                        <GamesIcon size={22} />
                      </span>
                    )}
                    <span className="dev-row__text">
                      <span className="dev-row__name">{publisher.name}</span>
                      <span className="dev-row__meta">
                        {formatNumber(publisher.games)}{" "}
                        {publisher.games === 1 ? "game" : "games"}
                      </span>
                    </span>
                    <ChevronRightIcon size={18} />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : (
        <EmptyState title="No publisher yet" icon={<GamesIcon size={28} />}>
          <p>
            A publisher is the name your games appear under, like your studio
            page on Poki or CrazyGames. Create one, upload a .zip of your game
            or link to where it is hosted, test it in our inspector, and send it
            for review. Once approved it is on home and in the feed, and you see
            its players day by day.
          </p>
        </EmptyState>
      )}
      <section className="card dev-card" aria-labelledby="dev-create-title">
        <h2 id="dev-create-title" className="card__title">
          Create a publisher
        </h2>
        <CreatePublisherForm problem={problem} />
      </section>
    </div>
  );
}

function CreatePublisherForm({ problem }: { problem?: DeveloperProblem }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="form">
      <PublisherFields
        idPrefix="new-publisher"
        values={problem?.values ?? {}}
        errors={problem?.errors ?? {}}
        editing={false}
      />
      <FormStatus message={problem?.formError} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Creating…" : "Create publisher"}
      </button>
    </Form>
  );
}
