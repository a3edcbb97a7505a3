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
import { Avatar } from "~/components/Avatar";
import { TextField } from "~/components/FormFields";
import {
  FormStatus,
  PublisherFields,
} from "~/components/developer/DeveloperFields";
import { VersionStatusBadge } from "~/components/developer/VersionStatus";
import { EmptyState } from "~/components/EmptyState";
import { GamesIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useMediaBase } from "~/components/root-data";
import { pageTitle } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import {
  PUBLISHER_POST_MAX_BYTES,
  developerCaller,
  inviteAction,
  orRefused,
  oversized,
  pathId,
  savePublisherAction,
  type DeveloperProblem,
} from "~/server/developer.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.publisher.name : "Publisher") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const caller = await developerCaller(context, request);
  const publisherId = pathId(params.id);
  return orRefused(() =>
    context.services.developerDesk.publisherPage(caller.id, publisherId),
  );
}

/** Save the publisher (multipart, with pictures) or invite a developer; `intent` says which form was sent. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const caller = await developerCaller(context, request);
  const publisherId = pathId(params.id);
  const tooLarge = oversized(
    request,
    PUBLISHER_POST_MAX_BYTES,
    "icon",
    "Please choose pictures of 2 MB or less each",
  );
  if (tooLarge) return tooLarge;
  const form = await request.formData();
  return form.get("intent") === "invite"
    ? inviteAction(context, caller, publisherId, form)
    : savePublisherAction(context, request, caller, publisherId, form);
}

type PublisherAnswer =
  | DeveloperProblem
  | { ok: true; answer: { saved: boolean; invited: string | null } };

/** /developer/publishers/:id: the publisher's details, its developers and its games. */
export default function DeveloperPublisher() {
  const { publisher, members, invites, games } = useLoaderData<typeof loader>();
  const answer = useActionData<PublisherAnswer>();
  const mediaBase = useMediaBase();
  const inviting =
    answer && !answer.ok ? answer.values.intent === "invite" : false;
  const problem = answer && !answer.ok ? answer : undefined;
  return (
    <div className="page dev-page">
      <PageHeader
        title={publisher.name}
        back={{ to: "/developer", title: "Developers" }}
        subtitle={
          <Link to={`/publisher/${publisher.id}`}>See your public page</Link>
        }
        aside={
          <Link
            to={`/developer/publishers/${publisher.id}/new-game`}
            className="button button--primary"
          >
            Submit a new game
          </Link>
        }
      />
      <div className="dev-columns">
        <section className="card dev-card" aria-labelledby="dev-games-title">
          <h2 id="dev-games-title" className="card__title">
            Games
          </h2>
          {games.length === 0 ? (
            <EmptyState
              title="No games yet"
              icon={<GamesIcon size={28} />}
              headingLevel={3}
            >
              <p>Submit your first game: upload a .zip or link to it.</p>
            </EmptyState>
          ) : (
            <ul className="dev-list">
              {games.map((game) => (
                <li key={game.id}>
                  <Link to={`/developer/games/${game.id}`} className="dev-row">
                    <img
                      className="dev-row__icon"
                      src={
                        resolveMediaUrl(game.icon, mediaBase) ?? "/favicon.svg"
                      }
                      alt=""
                      width={48}
                      height={48}
                    />
                    <span className="dev-row__text">
                      <span className="dev-row__name">{game.name}</span>
                      {game.latest ? (
                        <span className="dev-row__meta">
                          <VersionStatusBadge
                            status={game.latest.status}
                            live={game.isPublished}
                          />
                          {game.latest.status === "rejected" &&
                          game.latest.reviewReason ? (
                            <span className="dev-reason">
                              {game.latest.reviewReason}
                            </span>
                          ) : null}
                        </span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card dev-card" aria-labelledby="dev-members-title">
          <h2 id="dev-members-title" className="card__title">
            Developers
          </h2>
          <ul className="dev-members">
            {members.map((member) => (
              <li key={member.id}>
                <Avatar
                  person={{ name: member.name, profile_img: member.profileImg }}
                  size={32}
                />
                {member.name}
              </li>
            ))}
            {invites.map((email) => (
              <li key={email} className="dev-members__invite">
                {email} <span className="pill">Invited</span>
              </li>
            ))}
          </ul>
          <InviteForm
            answer={answer}
            problem={inviting ? problem : undefined}
          />
        </section>
      </div>
      <section className="card dev-card" aria-labelledby="dev-edit-title">
        <h2 id="dev-edit-title" className="card__title">
          Publisher details
        </h2>
        <EditForm
          publisher={publisher}
          problem={inviting ? undefined : problem}
          saved={answer?.ok === true && answer.answer.saved}
        />
      </section>
    </div>
  );
}

function InviteForm({
  answer,
  problem,
}: {
  answer?: PublisherAnswer;
  problem?: DeveloperProblem;
}) {
  const busy = useNavigation().formData?.get("intent") === "invite";
  const invited = answer?.ok ? answer.answer.invited : null;
  return (
    <Form method="post" className="form dev-invite">
      <input type="hidden" name="intent" value="invite" />
      <TextField
        id="invite-email"
        name="email"
        type="email"
        label="Invite a developer by e-mail"
        autoComplete="off"
        required
        maxLength={254}
        defaultValue={problem?.values.email}
        error={problem?.errors.email}
      />
      <FormStatus
        message={problem && !problem.errors.email ? problem.formError : null}
      />
      {invited ? (
        <p className="alert alert--success" role="status">
          {invited} is invited. The invitation waits until that person signs in
          with this address and opens Developers.
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--secondary"
        disabled={busy}
      >
        {busy ? "Inviting…" : "Invite"}
      </button>
    </Form>
  );
}

function EditForm({
  publisher,
  problem,
  saved,
}: {
  publisher: { name: string; about: string };
  problem?: DeveloperProblem;
  saved: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="form">
      <input type="hidden" name="intent" value="save" />
      <PublisherFields
        idPrefix="publisher"
        values={problem?.values ?? publisher}
        errors={problem?.errors ?? {}}
        editing
      />
      <FormStatus message={problem?.formError} />
      {saved ? (
        <p className="alert alert--success" role="status">
          Saved. Your public page shows the new details.
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}
