import {
  and,
  eq,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ReportTarget } from "#contract/moderation";
import {
  ACTION_DONE,
  ACTIONS_FOR,
  formatMoment,
  MODERATION_QUEUE_MESSAGES,
  ModerationActSchema,
  MUTE_DURATIONS,
  neutralName,
  ReportGroupParamsSchema,
  type ModerationAct,
  type QueueAction,
} from "#contract/moderation-queue";
import type { Db } from "../db/client";
import { moderationLog, reports, uploadTokens, users } from "../db/schema";
import type { DeveloperService } from "./developers";
import { ApiError } from "./errors";
import type { ModerationLog } from "./moderation-log";
import {
  actionsFor,
  messageHidden,
  playerIdOf,
  readGroup,
  readGroupReports,
  readPlayer,
  readQueue,
  targetOf,
} from "./moderation-reports";
import type { NotificationService } from "./notifications";
import { parseInput } from "./parse";
import type { Conversations, UserHubs } from "./ports";
import type { RateLimiter } from "./rate-limits";
import type { SessionService } from "./sessions";

/**
 * Issue #34, the moderation queue (ADR 045): moderators and admins read open reports grouped by target and act on a
 * group. Each action commits in one batch with its audit entry and the group's open reports closed, written only if
 * the action still applies (a racing or repeated one changes nothing); then the Durable Objects, R2 and the people
 * involved hear of it.
 */

export interface ModerationDeps {
  db: Db;
  developers: DeveloperService;
  moderationLog: ModerationLog;
  notifications: NotificationService;
  sessions: SessionService;
  hubs: UserHubs;
  conversations: Conversations;
  limits: RateLimiter;
  media: R2Bucket;
}

const conflict = (message: string) => new ApiError(409, "conflict", message);

/** What a repeated action is told: someone did it already. */
const ALREADY: Record<QueueAction, string> = {
  dismiss: "These reports were already closed",
  hide_message: "This message was already removed",
  reset_name: "This name was already reset",
  remove_picture: "This picture was already removed",
  mute: "This player is already muted from chat",
  suspend: "This account is already suspended",
  unsuspend: "This account is not suspended",
};

interface Plan {
  /** The audit entry's target. */
  logTarget: { type: string; id: string | number };
  /** Whether the action still applies, read inside the batch before it changes anything. */
  applies: SQL;
  /** The action's own writes, each run only when its audit entry was written. */
  writes: (written: SQL) => BatchItem<"sqlite">[];
  detail?: Record<string, unknown>;
  /** The reporters' outcome ("the message was removed"); null: the reports stay open (unsuspend). */
  outcome: string | null;
  /** What the reported player is told, or null. */
  toPlayer: string | null;
  /** After the commit: the Durable Objects, R2. */
  after?: () => Promise<unknown>;
}

interface Group {
  targetType: ReportTarget;
  targetId: string;
  playerId: number | null;
  /** A member of a reported message's conversation other than its sender. */
  recipientId: number;
}

function planFor(
  deps: ModerationDeps,
  group: Group,
  player: NonNullable<Awaited<ReturnType<typeof readPlayer>>> | null,
  act: ModerationAct,
): Plan {
  const { db, hubs } = deps;
  const { reason } = act;
  const openReports = sql`exists (select 1 from ${reports} where ${targetOf(group.targetType, group.targetId)} and ${reports.status} = 'open')`;
  if (act.intent === "dismiss")
    return {
      logTarget: { type: group.targetType, id: group.targetId },
      applies: openReports,
      writes: () => [],
      outcome: "no rule was found broken, so nothing was changed",
      toPlayer: null,
    };
  if (!player) throw conflict(MODERATION_QUEUE_MESSAGES.notApplicable);
  const userRow = (condition: SQL | undefined) =>
    sql`exists (select 1 from ${users} where ${and(eq(users.id, player.id), condition)})`;
  const onPlayer = (written: SQL) => and(eq(users.id, player.id), written);
  const onUser = { type: "user", id: player.id };
  switch (act.intent) {
    case "hide_message":
      return {
        logTarget: { type: "message", id: group.targetId },
        applies: sql`not exists (select 1 from ${moderationLog} where ${and(eq(moderationLog.action, "hide_message"), eq(moderationLog.targetType, "message"), eq(moderationLog.targetId, group.targetId))})`,
        writes: () => [],
        detail: { sender: player.id },
        outcome: "the message was removed",
        toPlayer: `A moderator removed one of your chat messages: ${reason}`,
        after: () =>
          deps.conversations.removeMessage(
            player.id,
            group.recipientId,
            group.targetId,
          ),
      };
    case "reset_name": {
      const name = neutralName(player.id);
      return {
        logTarget: onUser,
        applies: userRow(ne(users.name, name)),
        writes: (written) => [
          db
            .update(users)
            .set({ name, firstName: "Player" })
            .where(onPlayer(written)),
        ],
        detail: { previousName: player.name },
        outcome: "the player's name was reset",
        toPlayer: `A moderator reset your name to ${name}: ${reason}`,
        after: () => hubs.nameChanged(player.id),
      };
    }
    case "remove_picture": {
      const key = player.picture ?? "";
      // Only a picture uploaded here is ours to delete; its bytes leave the player's quota with it.
      const ours = key.startsWith(`profile/${player.id}/`);
      return {
        logTarget: onUser,
        applies: userRow(isNotNull(users.profileImg)),
        writes: (written) => [
          db.update(users).set({ profileImg: null }).where(onPlayer(written)),
          db
            .delete(uploadTokens)
            .where(
              and(
                eq(uploadTokens.userId, player.id),
                eq(uploadTokens.key, key),
                written,
              ),
            ),
        ],
        detail: { previousPicture: key },
        outcome: "the player's picture was removed",
        toPlayer: `A moderator removed your profile picture: ${reason}`,
        after: async () => (ours ? deps.media.delete(key) : undefined),
      };
    }
    case "mute": {
      const duration = MUTE_DURATIONS[act.duration ?? "1h"];
      const until = Date.now() + duration.ms;
      return {
        logTarget: onUser,
        applies: userRow(
          or(
            isNull(users.chatMutedUntil),
            lte(users.chatMutedUntil, new Date()),
          ),
        ),
        writes: (written) => [
          db
            .update(users)
            .set({ chatMutedUntil: new Date(until) })
            .where(onPlayer(written)),
        ],
        detail: { until, duration: duration.label },
        outcome: `the player was muted from chat for ${duration.label}`,
        toPlayer: `A moderator muted you from chat until ${formatMoment(until)}: ${reason}`,
        after: () => hubs.chatMuted(player.id, until, reason),
      };
    }
    case "suspend":
      return {
        logTarget: onUser,
        applies: userRow(isNull(users.suspendedAt)),
        writes: (written) => [
          db
            .update(users)
            .set({ suspendedAt: new Date(), suspendedReason: reason })
            .where(onPlayer(written)),
        ],
        outcome: "the player's account was suspended",
        toPlayer: `Your account was suspended: ${reason}`,
        after: () => deps.sessions.revokeAll(player.id),
      };
    case "unsuspend":
      return {
        logTarget: onUser,
        applies: userRow(isNotNull(users.suspendedAt)),
        writes: (written) => [
          db
            .update(users)
            .set({ suspendedAt: null, suspendedReason: null })
            .where(onPlayer(written)),
        ],
        outcome: null,
        toPlayer: `Your account's suspension was lifted: ${reason}`,
      };
  }
}

/** The reporters' line: what they reported, and what came of it. */
function reporterLine(
  group: Group,
  playerName: string | null,
  outcome: string,
) {
  const what =
    group.targetType === "message"
      ? "a chat message"
      : group.targetType === "profile"
        ? `${playerName ?? "a player"}'s profile`
        : `a ${group.targetType}`;
  return `A moderator reviewed your report of ${what}: ${outcome}.`;
}

async function act(
  deps: ModerationDeps,
  moderatorId: number,
  params: unknown,
  form: unknown,
): Promise<{ message: string }> {
  const { db } = deps;
  await deps.developers.requireModerator(moderatorId);
  const { targetType, targetId } = parseInput(ReportGroupParamsSchema, params);
  await deps.limits.hit("moderationActionPerUser", moderatorId);
  const input = parseInput(ModerationActSchema, form);
  const rows = await readGroupReports(db, targetType, targetId);
  const playerId = playerIdOf(
    targetType,
    targetId,
    rows.find((row) => row.reportedUserId !== null)?.reportedUserId ?? null,
  );
  const player = await readPlayer(db, playerId);
  const removed =
    targetType === "message" ? await messageHidden(db, targetId) : false;
  const allowed = actionsFor(
    targetType,
    rows.some((row) => row.status === "open"),
    player,
    removed,
  );
  if (!allowed.includes(input.intent))
    throw conflict(
      ACTIONS_FOR_INTENT(targetType, input.intent)
        ? ALREADY[input.intent]
        : MODERATION_QUEUE_MESSAGES.notApplicable,
    );
  const group: Group = {
    targetType,
    targetId,
    playerId,
    recipientId: rows[0].reporterId,
  };
  const plan = planFor(deps, group, player, input);
  const at = new Date();
  const logged = {
    moderatorId,
    action: input.intent,
    targetType: plan.logTarget.type,
    targetId: plan.logTarget.id,
    reason: input.reason,
    detail: plan.detail,
  };
  const written = sql`exists (select 1 from ${moderationLog} where ${and(
    eq(moderationLog.moderatorId, moderatorId),
    eq(moderationLog.action, input.intent),
    eq(moderationLog.targetType, plan.logTarget.type),
    eq(moderationLog.targetId, String(plan.logTarget.id)),
    eq(moderationLog.createdAt, at),
  )})`;
  const closed = db
    .update(reports)
    .set({
      status: input.intent === "dismiss" ? "dismissed" : "actioned",
      outcome: plan.outcome ?? "",
      resolvedBy: moderatorId,
      resolvedAt: at,
    })
    .where(
      and(
        targetOf(targetType, targetId),
        eq(reports.status, "open"),
        plan.outcome === null ? sql`0` : written,
      ),
    )
    .returning({ reporterId: reports.reporterId });
  const results = await db.batch([
    deps.moderationLog.entryIf(logged, plan.applies, at),
    closed,
    ...plan.writes(written),
  ]);
  if ((results[0].meta.changes ?? 0) === 0)
    throw conflict(ALREADY[input.intent]);
  await plan.after?.();
  const reporters = new Set(results[1].map((row) => row.reporterId));
  const notes: Promise<unknown>[] = [];
  if (plan.outcome !== null)
    for (const reporterId of reporters)
      notes.push(
        deps.notifications.notify(
          reporterId,
          "moderation",
          reporterLine(group, player?.name ?? null, plan.outcome),
          { gameId: 0 },
        ),
      );
  if (plan.toPlayer && playerId !== null)
    notes.push(
      deps.notifications.notify(playerId, "moderation", plan.toPlayer, {
        gameId: 0,
      }),
    );
  await Promise.all(notes);
  return { message: ACTION_DONE[input.intent] };
}

/** Whether the action belongs to this kind of target at all (else it is refused as not applicable). */
const ACTIONS_FOR_INTENT = (targetType: ReportTarget, intent: QueueAction) =>
  ACTIONS_FOR[targetType].includes(intent === "unsuspend" ? "suspend" : intent);

export function createModerationService(deps: ModerationDeps) {
  return {
    /** /moderation: the open report groups and the held rounds' count. */
    async queue(moderatorId: number) {
      await deps.developers.requireModerator(moderatorId);
      return readQueue(deps.db);
    },
    /** /moderation/reports/{targetType}/{targetId}. */
    async group(moderatorId: number, params: unknown) {
      await deps.developers.requireModerator(moderatorId);
      const { targetType, targetId } = parseInput(
        ReportGroupParamsSchema,
        params,
      );
      return readGroup(deps.db, targetType, targetId);
    },
    act: (moderatorId: number, params: unknown, form: unknown) =>
      act(deps, moderatorId, params, form),
  };
}
