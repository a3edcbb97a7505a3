import { Link } from "@remix-run/react";
import { formatDay } from "#contract/format";
import type { ReportTarget } from "#contract/moderation";
import type { QueueView, ReportGroupRow } from "#contract/moderation-queue";
import { resolveMediaUrl } from "~/lib/media";
import { EmptyState } from "../EmptyState";
import { AlertIcon, ShieldIcon } from "../icons";
import { ChevronRightIcon } from "../page-icons";
import { useMediaBase } from "../root-data";

export const TARGET_LABELS: Record<ReportTarget, string> = {
  message: "Chat message",
  profile: "Profile",
  comment: "Comment",
  game: "Game",
};

const reportersText = (count: number) =>
  count === 1 ? "1 report" : `${count} reports`;

/** /moderation's first section (issue #34): open reports, one row per reported thing, the longest waiting first. */
export function ReportQueue({ groups }: { groups: QueueView["groups"] }) {
  return (
    <section className="moderation__section" aria-labelledby="reports-title">
      <h2 className="moderation__heading" id="reports-title">
        Reports
      </h2>
      {groups.length === 0 ? (
        <EmptyState
          title="No open reports"
          icon={<ShieldIcon size={28} />}
          headingLevel={3}
        >
          <p>Messages, profiles and games players report appear here.</p>
        </EmptyState>
      ) : (
        <ul className="moderation__queue">
          {groups.map((group) => (
            <ReportRow
              key={`${group.targetType}:${group.targetId}`}
              group={group}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportRow({ group }: { group: ReportGroupRow }) {
  const mediaBase = useMediaBase();
  const picture = resolveMediaUrl(group.picture, mediaBase);
  return (
    <li>
      <Link
        to={`/moderation/reports/${group.targetType}/${group.targetId}`}
        className="moderation__row card"
        prefetch="intent"
      >
        {picture ? (
          <img
            className="moderation__icon"
            src={picture}
            alt=""
            width={56}
            height={56}
            loading="lazy"
          />
        ) : (
          <span className="moderation__icon moderation__icon--blank">
            <AlertIcon size={22} />
          </span>
        )}
        <span className="moderation__what">
          <span className="moderation__name moderation__preview">
            {group.preview || "Nothing kept"}
          </span>
          <span className="moderation__by">
            Newest reason: {group.newestReason}
          </span>
          <span className="moderation__facts">
            <span className="pill">{TARGET_LABELS[group.targetType]}</span>
            <span>{reportersText(group.reporters)}</span>
            <span>Waiting since {formatDay(group.oldestAt)}</span>
          </span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </li>
  );
}

/** The held rounds' count and the page that decides them (/moderation/rounds). */
export function HeldRounds({ count }: { count: number }) {
  return (
    <section className="moderation__section" aria-labelledby="rounds-title">
      <h2 className="moderation__heading" id="rounds-title">
        Held rounds
      </h2>
      <Link to="/moderation/rounds" className="moderation__row card">
        <span className="moderation__what">
          <span className="moderation__name">
            {count === 0
              ? "No rounds held"
              : count === 1
                ? "1 round held by the fair-play checks"
                : `${count} rounds held by the fair-play checks`}
          </span>
          <span className="moderation__by">
            Release a round to the boards or remove it.
          </span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </section>
  );
}
