import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { EmptyState } from "~/components/EmptyState";
import { ShieldIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { formatWhen } from "~/components/staff/when";
import { pageTitle } from "#contract/format";
import { LOG_PAGE_SIZE, LogPageSchema } from "#contract/reports";
import { notFoundResponse } from "~/server/loaders.server";
import { staffHeaders, staffOr404 } from "~/server/staff.server";
import "./staff.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Audit log") },
  { name: "robots", content: "noindex" },
];

export const headers = staffHeaders;

/** /admin/log (issue #34): every moderator and admin action, newest first, a page at a time; admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const adminId = await staffOr404(context, request, "admin");
  const query = LogPageSchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) throw notFoundResponse("Page not found");
  const rows = await context.services.moderationLog.list({
    before: query.data.before,
    limit: LOG_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, LOG_PAGE_SIZE);
  const names = await context.services.staff.namesOf(adminId, [
    ...new Set(
      page
        .filter((entry) => entry.targetType === "user")
        .map((entry) => Number(entry.targetId)),
    ),
  ]);
  const entries = page.map((entry) => ({
    ...entry,
    target:
      entry.targetType === "user" && names.has(Number(entry.targetId))
        ? names.get(Number(entry.targetId))!
        : `${entry.targetType} ${entry.targetId}`,
  }));
  return {
    entries,
    older: rows.length > LOG_PAGE_SIZE ? entries[entries.length - 1].id : null,
    paged: query.data.before !== undefined,
  };
}

/** "grant_role" → "Grant role", with the role the entry names. */
function describe(action: string, detail: string | null): string {
  const words = action.replace(/_/g, " ");
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  if (!detail) return text;
  try {
    const parsed = JSON.parse(detail) as { role?: unknown };
    return typeof parsed.role === "string" ? `${text}: ${parsed.role}` : text;
  } catch {
    return text;
  }
}

export default function AuditLog() {
  const { entries, older, paged } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow staff">
      <BackLink to="/admin" title="Admin" />
      <PageHeader
        title="Audit log"
        subtitle="What moderators and admins did, newest first."
      />
      {entries.length === 0 ? (
        <EmptyState title="Nothing logged yet" icon={<ShieldIcon size={28} />}>
          <p>Every moderator and admin action appears here with its reason.</p>
        </EmptyState>
      ) : (
        <ol className="staff__list staff__log">
          {entries.map((entry) => (
            <li key={entry.id} className="card staff__item">
              <div className="staff__item-head">
                <p className="staff__item-title">
                  {describe(entry.action, entry.detail)}
                </p>
                <p className="staff__item-meta">
                  {formatWhen(entry.createdAt)}
                </p>
              </div>
              <p className="staff__item-meta">
                {`By ${entry.moderatorName ?? "a deleted account"} · ${entry.target}`}
              </p>
              <p className="staff__note">{entry.reason}</p>
            </li>
          ))}
        </ol>
      )}
      <nav className="staff__links" aria-label="Pages of the log">
        {paged ? (
          <Link
            to="/admin/log"
            className="button button--secondary button--small"
          >
            Newest
          </Link>
        ) : null}
        {older ? (
          <Link
            to={`/admin/log?before=${older}`}
            className="button button--secondary button--small"
          >
            Older entries
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
