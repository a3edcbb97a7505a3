import { Form, Link } from "@remix-run/react";
import type { VersionKind, VersionStatus } from "#contract/developers";
import { formatDay, formatFileCount, formatNumber } from "#contract/format";
import { VersionStatusBadge } from "./VersionStatus";

/** What the game page shows of a version (dates as milliseconds). */
export interface VersionView {
  id: number;
  kind: VersionKind;
  status: VersionStatus;
  externalLink: string | null;
  fileCount: number;
  byteSize: number;
  reviewReason: string | null;
  createdAt: number;
  submittedAt: number | null;
  reviewedAt: number | null;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function VersionButton({
  intent,
  versionId,
  label,
  primary,
}: {
  intent: "submit" | "withdraw";
  versionId: number;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="versionId" value={versionId} />
      <button
        type="submit"
        className={`button button--small ${primary ? "button--primary" : "button--secondary"}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** One version: its state, files, dates, the rejection's reason in full, and what can be done with it now. */
export function VersionCard({
  version,
  number,
  live,
}: {
  version: VersionView;
  number: number;
  live: boolean;
}) {
  return (
    <li className="card dev-version">
      <div className="dev-version__head">
        <h3 className="dev-version__title">Version {number}</h3>
        <VersionStatusBadge status={version.status} live={live} />
      </div>
      <dl className="dev-facts">
        <div>
          <dt>Files</dt>
          <dd>
            {version.kind === "link" ? (
              <a
                href={version.externalLink ?? undefined}
                rel="noreferrer"
                target="_blank"
              >
                Linked game
              </a>
            ) : version.fileCount > 0 ? (
              `${formatFileCount(version.fileCount)}, ${sizeOf(version.byteSize)}`
            ) : (
              "Not stored"
            )}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDay(version.createdAt)}</dd>
        </div>
        {version.submittedAt ? (
          <div>
            <dt>Submitted</dt>
            <dd>{formatDay(version.submittedAt)}</dd>
          </div>
        ) : null}
        {version.reviewedAt ? (
          <div>
            <dt>Reviewed</dt>
            <dd>{formatDay(version.reviewedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {version.status === "rejected" && version.reviewReason ? (
        <div className="dev-reason-box">
          <p className="dev-reason-box__title">Why it was not approved</p>
          <p>{version.reviewReason}</p>
        </div>
      ) : null}
      <div className="dev-version__actions">
        {/* Any version can be played again privately: a live one to chase a player's report, a rejected one to fix. */}
        <Link
          to={`/developer/versions/${version.id}/play`}
          className="button button--secondary button--small"
        >
          Test in the inspector
        </Link>
        {version.status === "draft" ? (
          <VersionButton
            intent="submit"
            versionId={version.id}
            label="Submit for review"
            primary
          />
        ) : null}
        {version.status === "submitted" ? (
          <VersionButton
            intent="withdraw"
            versionId={version.id}
            label="Withdraw"
          />
        ) : null}
      </div>
    </li>
  );
}
