import { Link } from "@remix-run/react";
import { formatMoment, type ReportGroupView } from "#contract/moderation-queue";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "../root-data";
import "./ReportGroup.css";

const STATUS_LABELS = {
  open: "Open",
  dismissed: "Dismissed",
  actioned: "Acted on",
} as const;

const ACTION_NAMES: Record<string, string> = {
  dismiss: "Dismissed",
  hide_message: "Message hidden",
  reset_name: "Name reset",
  remove_picture: "Picture removed",
  mute: "Muted from chat",
  suspend: "Suspended",
  unsuspend: "Suspension lifted",
};

/** What was reported: a message among the messages around it, a profile, a game. */
export function ReportedTarget({ group }: { group: ReportGroupView }) {
  const mediaBase = useMediaBase();
  const { player } = group;
  const picture = resolveMediaUrl(player?.picture, mediaBase);
  return (
    <section className="card report-target" aria-labelledby="target-title">
      <h2 className="card__title" id="target-title">
        {group.targetType === "message" ? "The message" : "What was reported"}
      </h2>
      {group.targetType === "message" ? (
        <MessageInContext group={group} />
      ) : group.targetType === "game" ? (
        <p className="report-target__name">
          {group.game ? (
            <Link to={`/detail/${group.game.id}`}>{group.game.name}</Link>
          ) : (
            group.content
          )}
        </p>
      ) : group.targetType === "comment" ? (
        <p className="report-target__quote">{group.content}</p>
      ) : null}
      {player ? (
        <div className="report-target__player">
          {picture ? (
            <img
              src={picture}
              alt={`${player.name}'s picture`}
              width={64}
              height={64}
              className="report-target__picture"
            />
          ) : (
            <span className="report-target__picture report-target__picture--none">
              No picture
            </span>
          )}
          <div>
            <p className="report-target__name">{player.name}</p>
            <p className="report-target__state">Player number {player.id}</p>
            <p className="report-target__state">
              {player.suspended
                ? `Suspended: ${player.suspendedReason ?? ""}`
                : player.mutedUntil
                  ? `Muted from chat until ${formatMoment(player.mutedUntil)}`
                  : "In good standing"}
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function MessageInContext({ group }: { group: ReportGroupView }) {
  const nameOf = (id: number) => group.names[id] ?? `Player ${id}`;
  const reported = (
    <li className="report-target__message is-reported" key={group.targetId}>
      <span className="report-target__sender">
        {group.player ? group.player.name : "Sender"} (reported)
      </span>
      <span className="report-target__quote">
        {group.content}
        {group.removed ? (
          <span className="pill report-target__removed">Removed</span>
        ) : null}
      </span>
    </li>
  );
  if (group.context.length === 0)
    return <ol className="report-target__messages">{reported}</ol>;
  return (
    <ol className="report-target__messages">
      {group.context.map((message) =>
        message.msg_id === group.targetId ? (
          reported
        ) : (
          <li className="report-target__message" key={message.msg_id}>
            <span className="report-target__sender">
              {nameOf(message.sender)}
            </span>
            <span>{message.content}</span>
          </li>
        ),
      )}
      {group.context.some((message) => message.msg_id === group.targetId)
        ? null
        : reported}
    </ol>
  );
}

/** Every report of the target, open and past, and what moderators did about it. */
export function GroupHistory({ group }: { group: ReportGroupView }) {
  return (
    <>
      <section className="card" aria-labelledby="reports-title">
        <h2 className="card__title" id="reports-title">
          Reports
        </h2>
        <ul className="report-history">
          {group.reports.map((report) => (
            <li key={report.id} className="report-history__item">
              <span className="report-history__who">
                {report.reporterName}
                <span
                  className={`pill report-history__status is-${report.status}`}
                >
                  {STATUS_LABELS[report.status]}
                </span>
              </span>
              <span className="report-history__reason">{report.reason}</span>
              <time dateTime={report.createdAt}>
                {formatMoment(report.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="log-title">
        <h2 className="card__title" id="log-title">
          What was done
        </h2>
        {group.log.length === 0 ? (
          <p className="report-history__empty">Nothing yet.</p>
        ) : (
          <ul className="report-history">
            {group.log.map((entry) => (
              <li key={entry.id} className="report-history__item">
                <span className="report-history__who">
                  {ACTION_NAMES[entry.action] ?? entry.action}
                  <span className="report-history__by">
                    by {entry.moderatorName ?? "a former moderator"}
                  </span>
                </span>
                <span className="report-history__reason">{entry.reason}</span>
                <time dateTime={entry.createdAt}>
                  {formatMoment(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
