import type { VersionStatus } from "#contract/developers";

const LABELS: Record<VersionStatus, string> = {
  draft: "Draft",
  submitted: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  replaced: "Replaced",
  withdrawn: "Withdrawn",
};

/** A version's state in words; an approved version of a game that is on the site is "Live". */
export function VersionStatusBadge({
  status,
  live,
}: {
  status: VersionStatus;
  live: boolean;
}) {
  const label =
    status === "approved"
      ? live
        ? "Live"
        : "Approved, unpublished"
      : LABELS[status];
  return <span className={`dev-status dev-status--${status}`}>{label}</span>;
}
