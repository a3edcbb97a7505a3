import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  min,
  max,
  or,
  sql,
} from "drizzle-orm";
import {
  ACTIONS_FOR,
  ContextSchema,
  QUEUE_GROUPS_LIMIT,
  type ContextMessage,
  type QueueAction,
  type QueueView,
  type ReportGroupRow,
  type ReportGroupView,
} from "#contract/moderation-queue";
import type { ReportTarget } from "#contract/moderation";
import type { Db } from "../db/client";
import { games, moderationLog, reports, scores, users } from "../db/schema";
import { notFound } from "./errors";

/** Issue #34: what the moderation queue and a group's page read (ADR 045). The caller is checked by the service. */

export const targetOf = (targetType: ReportTarget, targetId: string) =>
  and(eq(reports.targetType, targetType), eq(reports.targetId, targetId));

const iso = (value: Date | number | null) =>
  value === null ? "" : new Date(value).toISOString();

/** Open reports, one row per target, the target with the oldest open report first; and the held rounds' count. */
export async function readQueue(db: Db): Promise<QueueView> {
  const groups = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      reporters: count(),
      oldest: min(reports.createdAt),
      newestId: max(reports.id),
    })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(asc(min(reports.createdAt)))
    .limit(QUEUE_GROUPS_LIMIT);
  const [held] = await db
    .select({ count: count() })
    .from(scores)
    .where(eq(scores.review, "held"));
  const newestIds = groups.flatMap((group) =>
    group.newestId === null ? [] : [group.newestId],
  );
  const newest =
    newestIds.length === 0
      ? []
      : await db
          .select({
            id: reports.id,
            reason: reports.reason,
            content: reports.content,
            playerName: users.name,
            picture: users.profileImg,
            gameName: games.name,
            gameIcon: games.icon,
          })
          .from(reports)
          .leftJoin(
            users,
            eq(
              users.id,
              sql`case when ${reports.targetType} = 'profile' then cast(${reports.targetId} as integer) else ${reports.reportedUserId} end`,
            ),
          )
          .leftJoin(
            games,
            and(
              eq(reports.targetType, "game"),
              eq(games.id, sql`cast(${reports.targetId} as integer)`),
            ),
          )
          .where(inArray(reports.id, newestIds));
  const byId = new Map(newest.map((row) => [row.id, row]));
  return {
    heldRounds: held?.count ?? 0,
    groups: groups.map((group): ReportGroupRow => {
      const row = byId.get(group.newestId ?? 0);
      const preview =
        group.targetType === "profile"
          ? (row?.playerName ?? row?.content)
          : group.targetType === "game"
            ? (row?.gameName ?? row?.content)
            : row?.content;
      return {
        targetType: group.targetType,
        targetId: group.targetId,
        reporters: group.reporters,
        newestReason: row?.reason ?? "",
        oldestAt: iso(group.oldest),
        preview: preview ?? "",
        picture:
          group.targetType === "game"
            ? (row?.gameIcon ?? null)
            : group.targetType === "profile"
              ? (row?.picture ?? null)
              : null,
      };
    }),
  };
}

/** A message report's context as part 4 stores it: kept only if it has the expected shape. */
function contextOf(raw: string | null): ContextMessage[] {
  if (!raw) return [];
  try {
    const parsed = ContextSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The player a group is about: a message's sender, a profile's owner; none for a game or a comment. */
export function playerIdOf(
  targetType: ReportTarget,
  targetId: string,
  reportedUserId: number | null,
): number | null {
  if (targetType === "profile") return Number(targetId) || null;
  return targetType === "message" ? reportedUserId : null;
}

export async function readGroupReports(
  db: Db,
  targetType: ReportTarget,
  targetId: string,
) {
  const rows = await db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      reporterName: users.name,
      reportedUserId: reports.reportedUserId,
      content: reports.content,
      context: reports.context,
      reason: reports.reason,
      status: reports.status,
      outcome: reports.outcome,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(targetOf(targetType, targetId))
    .orderBy(desc(reports.id))
    .limit(200);
  if (rows.length === 0) throw notFound("Report not found");
  return rows;
}

export async function readPlayer(db: Db, playerId: number | null) {
  if (playerId === null) return null;
  return (
    (await db
      .select({
        id: users.id,
        name: users.name,
        picture: users.profileImg,
        mutedUntil: users.chatMutedUntil,
        suspendedAt: users.suspendedAt,
        suspendedReason: users.suspendedReason,
      })
      .from(users)
      .where(eq(users.id, playerId))
      .get()) ?? null
  );
}

/** Whether a moderator already hid this message. */
export async function messageHidden(db: Db, msgId: string): Promise<boolean> {
  const entry = await db
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, "hide_message"),
        eq(moderationLog.targetType, "message"),
        eq(moderationLog.targetId, msgId),
      ),
    )
    .get();
  return entry !== undefined;
}

type Player = Awaited<ReturnType<typeof readPlayer>>;

/** What may be done to a group now: a hidden message is not hidden twice, a suspended player can be let back in. */
export function actionsFor(
  targetType: ReportTarget,
  hasOpen: boolean,
  player: Player,
  removed: boolean,
): QueueAction[] {
  return ACTIONS_FOR[targetType].flatMap((action): QueueAction[] => {
    if (action === "dismiss") return hasOpen ? [action] : [];
    if (!player) return [];
    if (action === "hide_message") return removed ? [] : [action];
    if (action === "remove_picture") return player.picture ? [action] : [];
    if (action === "suspend")
      return [player.suspendedAt ? "unsuspend" : "suspend"];
    return [action];
  });
}

/** A group's page: the target, its reports, what was done about it, and what may be done now. */
export async function readGroup(
  db: Db,
  targetType: ReportTarget,
  targetId: string,
): Promise<ReportGroupView> {
  const rows = await readGroupReports(db, targetType, targetId);
  const playerId = playerIdOf(
    targetType,
    targetId,
    rows.find((row) => row.reportedUserId !== null)?.reportedUserId ?? null,
  );
  const [player, removed, game] = await Promise.all([
    readPlayer(db, playerId),
    targetType === "message" ? messageHidden(db, targetId) : false,
    targetType === "game"
      ? db
          .select({ id: games.id, name: games.name })
          .from(games)
          .where(eq(games.id, Number(targetId) || 0))
          .get()
      : undefined,
  ]);
  const context = contextOf(rows.find((row) => row.context)?.context ?? null);
  const memberIds = [
    ...new Set([
      ...context.map((message) => message.sender),
      ...rows.map((row) => row.reporterId),
    ]),
  ];
  const members = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, memberIds));
  const log = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      moderatorName: users.name,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .where(
      or(
        and(
          eq(moderationLog.targetType, targetType),
          eq(moderationLog.targetId, targetId),
        ),
        playerId === null
          ? undefined
          : and(
              eq(moderationLog.targetType, "user"),
              eq(moderationLog.targetId, String(playerId)),
            ),
      ),
    )
    .orderBy(desc(moderationLog.id))
    .limit(50);
  return {
    targetType,
    targetId,
    content:
      targetType === "profile"
        ? (player?.name ?? rows[0].content)
        : (game?.name ?? rows[0].content),
    removed,
    context,
    player: player && {
      id: player.id,
      name: player.name,
      picture: player.picture,
      mutedUntil:
        player.mutedUntil && player.mutedUntil.getTime() > Date.now()
          ? player.mutedUntil.toISOString()
          : null,
      suspended: player.suspendedAt !== null,
      suspendedReason: player.suspendedReason,
    },
    game: game ?? null,
    names: Object.fromEntries(members.map((user) => [user.id, user.name])),
    reports: rows.map((row) => ({
      id: row.id,
      reporterName: row.reporterName,
      reason: row.reason,
      status: row.status,
      outcome: row.outcome,
      createdAt: iso(row.createdAt),
    })),
    log: log.map((entry) => ({ ...entry, createdAt: iso(entry.createdAt) })),
    actions: actionsFor(
      targetType,
      rows.some((row) => row.status === "open"),
      player,
      removed,
    ),
  };
}
