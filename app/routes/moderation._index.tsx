import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { CheckIcon, ShieldIcon } from "~/components/icons";
import { ChevronRightIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { useMediaBase } from "~/components/root-data";
import { formatDay, formatFileCount, pageTitle } from "#contract/format";
import {
  DecidedQuerySchema,
  formatSize,
  type ReviewQueueItem,
} from "#contract/review";
import { resolveMediaUrl } from "~/lib/media";
import { isApiError } from "~/server/errors.server";
import { HeldRounds, ReportQueue } from "~/components/moderation/ReportQueue";
import { moderatorOrAdminOr404 } from "~/server/moderation-queue.server";
import "./moderation.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Moderation") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** The line the queue shows after a decision, naming the game, when the address says one was just made. */
async function decidedLine(
  context: LoaderFunctionArgs["context"],
  moderatorId: number,
  url: URL,
): Promise<string | null> {
  const query = DecidedQuerySchema.safeParse(
    Object.fromEntries(url.searchParams),
  );
  if (!query.success) return null;
  try {
    const version = await context.services.review.version(
      moderatorId,
      query.data.version,
    );
    return query.data.decided === "approve"
      ? `${version.meta.name} is approved and published`
      : `${version.meta.name} is rejected; its developer sees your reason`;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * /moderation: open reports grouped by target (issue #34, ADR 045), the rounds the fair-play checks held, and the
 * submitted versions waiting for a moderator (issue #33), each the longest waiting first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: moderatorId, isAdmin } = await moderatorOrAdminOr404(
    context,
    request,
  );
  const [queue, reports, decided] = await Promise.all([
    context.services.review.queue(moderatorId),
    context.services.moderation.queue(moderatorId),
    decidedLine(context, moderatorId, new URL(request.url)),
  ]);
  return { queue, reports, decided, isAdmin };
}

export default function ModerationQueue() {
  const { queue, reports, decided, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow moderation">
      <PageHeader
        title="Moderation"
        subtitle="Reports, held rounds and games to review, the longest waiting first."
      />
      {isAdmin ? (
        <p className="moderation__admin">
          <Link to="/admin">Roles and the audit log</Link>
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="form__status">
        {decided ? (
          <p className="alert alert--success">
            <CheckIcon size={18} />
            <span>{decided}</span>
          </p>
        ) : null}
      </div>
      <ReportQueue groups={reports.groups} />
      <HeldRounds count={reports.heldRounds} />
      <GamesToReview queue={queue} />
    </div>
  );
}

function GamesToReview({ queue }: { queue: ReviewQueueItem[] }) {
  return (
    <section className="moderation__section" aria-labelledby="games-title">
      <h2 className="moderation__heading" id="games-title">
        Games to review
      </h2>
      {queue.length === 0 ? (
        <EmptyState
          title="Nothing to review"
          icon={<ShieldIcon size={28} />}
          headingLevel={3}
        >
          <p>
            New games and new versions appear here when developers submit them.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="moderation__count">
            {queue.length === 1
              ? "1 version waiting"
              : `${queue.length} versions waiting`}
          </p>
          <ul className="moderation__queue">
            {queue.map((item) => (
              <QueueRow key={item.versionId} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function QueueRow({ item }: { item: ReviewQueueItem }) {
  const mediaBase = useMediaBase();
  const icon = resolveMediaUrl(item.icon ?? "/favicon.svg", mediaBase);
  return (
    <li>
      <Link
        to={`/moderation/versions/${item.versionId}`}
        className="moderation__row card"
        prefetch="intent"
      >
        {icon ? (
          <img
            className="moderation__icon"
            src={icon}
            alt=""
            width={56}
            height={56}
            loading="lazy"
          />
        ) : null}
        <span className="moderation__what">
          <span className="moderation__name">{item.name}</span>
          <span className="moderation__by">by {item.publisherName}</span>
          <span className="moderation__facts">
            <span className="pill">
              {item.isUpdate ? "Update" : "New game"}
            </span>
            <span>
              {item.kind === "upload"
                ? `Upload · ${formatFileCount(item.fileCount)} · ${formatSize(item.byteSize)}`
                : "Link"}
            </span>
            {item.submittedAt ? (
              <span>Submitted {formatDay(item.submittedAt)}</span>
            ) : null}
          </span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </li>
  );
}
