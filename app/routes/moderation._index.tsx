import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { CheckIcon, ChevronRightIcon, ShieldIcon } from "~/components/icons";
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
import { moderatorOr404 } from "~/server/moderation.server";
import "./moderation.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Review queue") },
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

/** /moderation (issue #33): the submitted versions waiting for a moderator, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const moderatorId = await moderatorOr404(context, request);
  const [queue, decided] = await Promise.all([
    context.services.review.queue(moderatorId),
    decidedLine(context, moderatorId, new URL(request.url)),
  ]);
  return { queue, decided };
}

export default function ModerationQueue() {
  const { queue, decided } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow moderation">
      <PageHeader
        title="Review queue"
        subtitle="Play each game in the inspector, then approve it or say what to fix."
      />
      <div role="status" aria-live="polite" className="form__status">
        {decided ? (
          <p className="alert alert--success">
            <CheckIcon size={18} />
            <span>{decided}</span>
          </p>
        ) : null}
      </div>
      {queue.length === 0 ? (
        <EmptyState title="Nothing to review" icon={<ShieldIcon size={28} />}>
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
    </div>
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
