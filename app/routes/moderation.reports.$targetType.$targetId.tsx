import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckIcon } from "~/components/icons";
import { ModerationActions } from "~/components/moderation/ModerationActions";
import {
  GroupHistory,
  ReportedTarget,
} from "~/components/moderation/ReportGroup";
import { TARGET_LABELS } from "~/components/moderation/ReportQueue";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import {
  ACTION_DONE,
  QUEUE_ACTIONS,
  ReportGroupParamsSchema,
  type QueueAction,
} from "#contract/moderation-queue";
import { notFoundResponse, or404 } from "~/server/loaders.server";
import {
  moderationFormAction,
  moderatorOrAdminOr404,
} from "~/server/moderation-queue.server";
import "./moderation.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Report") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/** The line after an action, from `?done=`. */
function doneLine(url: URL): string | null {
  const done = url.searchParams.get("done");
  return QUEUE_ACTIONS.includes(done as QueueAction)
    ? ACTION_DONE[done as QueueAction]
    : null;
}

/** /moderation/reports/:targetType/:targetId (issue #34): a reported thing, its reports, and what to do; staff only. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { id } = await moderatorOrAdminOr404(context, request);
  if (!ReportGroupParamsSchema.safeParse(params).success)
    throw notFoundResponse("Report not found");
  const group = await or404(
    () => context.services.moderation.group(id, params),
    "Report not found",
  );
  return { group, done: doneLine(new URL(request.url)) };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const { id } = await moderatorOrAdminOr404(context, request);
  return moderationFormAction(context, id, params, await request.formData());
}

export default function ReportGroupPage() {
  const { group, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const open = group.reports.filter((report) => report.status === "open");
  return (
    <div className="page page--narrow moderation">
      <PageHeader
        title={`Reported ${TARGET_LABELS[group.targetType].toLowerCase()}`}
        subtitle={
          open.length === 0
            ? "No open reports"
            : open.length === 1
              ? "1 open report"
              : `${open.length} open reports`
        }
        back={{ to: "/moderation", title: "Moderation" }}
      />
      <div role="status" aria-live="polite" className="form__status">
        {done ? (
          <p className="alert alert--success">
            <CheckIcon size={18} />
            <span>{done}</span>
          </p>
        ) : null}
      </div>
      <ReportedTarget group={group} />
      <ModerationActions
        key={group.log.length}
        actions={group.actions}
        answer={answer && !answer.ok ? answer : undefined}
      />
      <GroupHistory group={group} />
    </div>
  );
}
