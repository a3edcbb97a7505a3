import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  LiveGameControls,
  ReviewDecision,
  type ReviewFormAnswer,
} from "~/components/moderation/ReviewDecision";
import { PlayIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useMediaBase } from "~/components/root-data";
import { formatDay, formatFileCount, pageTitle } from "#contract/format";
import { formatSize, type ReviewVersion } from "#contract/review";
import { resolveMediaUrl } from "~/lib/media";
import { or404, parseIdOr404 } from "~/server/loaders.server";
import { moderatorOr404, reviewFormAction } from "~/server/moderation.server";
import "./moderation.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Review ${data.version.meta.name}` : "Review") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

const versionIdOf = (raw: string | undefined) =>
  parseIdOr404(raw, "version", "Version not found");

/** /moderation/versions/:id (issue #33): one version, the inspector link and the decision; moderators only. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const moderatorId = await moderatorOr404(context, request);
  const versionId = versionIdOf(params.id);
  const version = await or404(
    () => context.services.review.version(moderatorId, versionId),
    "Version not found",
  );
  return { version };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const moderatorId = await moderatorOr404(context, request);
  const versionId = versionIdOf(params.id);
  return reviewFormAction(
    context,
    moderatorId,
    versionId,
    await request.formData(),
  );
}

const STATUS_LABELS: Record<ReviewVersion["status"], string> = {
  draft: "Draft",
  submitted: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  replaced: "Replaced by a later version",
  withdrawn: "Withdrawn",
};

export default function ReviewVersionPage() {
  const { version } = useLoaderData<typeof loader>();
  const answer: ReviewFormAnswer | undefined = useActionData<typeof action>();
  const { meta, game } = version;
  return (
    <div className="page page--narrow moderation">
      <PageHeader
        title={meta.name}
        subtitle={`Version ${version.versionId} by ${version.publisher.name}`}
        back={{ to: "/moderation", title: "Review queue" }}
      />
      <p className="moderation__status">
        <span
          className={`pill moderation__state moderation__state--${version.status}`}
        >
          {STATUS_LABELS[version.status]}
        </span>
        {version.submittedAt ? (
          <span>Submitted {formatDay(version.submittedAt)}</span>
        ) : null}
      </p>
      {version.status === "rejected" && version.reviewReason ? (
        <p className="alert alert--error">Rejected: {version.reviewReason}</p>
      ) : null}
      <Link
        to={`/developer/versions/${version.versionId}/play`}
        className="button button--primary button--large moderation__inspect"
      >
        <PlayIcon size={18} />
        Play in the inspector
      </Link>
      <GameFacts version={version} />
      <SourceFacts version={version} />
      {version.status === "submitted" ? (
        <ReviewDecision answer={answer} />
      ) : null}
      {game.liveVersionId !== null ? (
        <LiveGameControls isPublished={game.isPublished} answer={answer} />
      ) : null}
    </div>
  );
}

const ORIENTATION_LABELS: Record<ReviewVersion["meta"]["orientation"], string> =
  { portrait: "Portrait", landscape: "Landscape", any: "Either way" };

function GameFacts({ version }: { version: ReviewVersion }) {
  const mediaBase = useMediaBase();
  const { meta } = version;
  const icon = resolveMediaUrl(meta.icon ?? "/favicon.svg", mediaBase);
  const video = resolveMediaUrl(meta.video, mediaBase);
  return (
    <section className="card moderation__facts-card" aria-labelledby="facts">
      <div className="moderation__game">
        {icon ? (
          <img
            className="moderation__icon moderation__icon--large"
            src={icon}
            alt={`${meta.name} icon`}
            width={96}
            height={96}
          />
        ) : null}
        <h2 className="card__title" id="facts">
          The game
        </h2>
      </div>
      <dl className="moderation__list">
        <dt>Category</dt>
        <dd>{meta.category || "Unknown"}</dd>
        <dt>Held</dt>
        <dd>{ORIENTATION_LABELS[meta.orientation]}</dd>
        <dt>Round</dt>
        <dd>
          {meta.timed
            ? `Timed, up to ${meta.maximumGameTime} s`
            : `Untimed, up to ${meta.maximumGameTime} s`}
        </dd>
        <dt>Scores</dt>
        <dd>
          {meta.sendsScores
            ? `Sends scores (${meta.leaderboardType === 2 ? "Level" : "Score"} board)`
            : "Sends no scores"}
        </dd>
        <dt>Promo clip</dt>
        <dd>
          {video ? (
            <a href={video} target="_blank" rel="noreferrer">
              Watch the clip
            </a>
          ) : (
            "None: a still card in the feed"
          )}
        </dd>
      </dl>
      <h3 className="moderation__subtitle">Description</h3>
      <p className="moderation__text">{meta.description || "None given"}</p>
      <h3 className="moderation__subtitle">How to play</h3>
      <p className="moderation__text">{meta.howToPlay || "None given"}</p>
    </section>
  );
}

function SourceFacts({ version }: { version: ReviewVersion }) {
  return (
    <section className="card" aria-labelledby="source">
      <h2 className="card__title" id="source">
        Source
      </h2>
      <dl className="moderation__list">
        <dt>Kind</dt>
        <dd>
          {version.kind === "upload" ? "Uploaded files" : "Link to a game"}
        </dd>
        {version.kind === "upload" ? (
          <>
            <dt>Files</dt>
            <dd>
              {formatFileCount(version.fileCount)},{" "}
              {formatSize(version.byteSize)}
            </dd>
          </>
        ) : null}
        <dt>Address</dt>
        <dd className="moderation__address">
          {version.source ?? "Files not stored"}
        </dd>
        <dt>Publisher</dt>
        <dd>
          <Link to={`/publisher/${version.publisher.id}`}>
            {version.publisher.name}
          </Link>
        </dd>
      </dl>
    </section>
  );
}
