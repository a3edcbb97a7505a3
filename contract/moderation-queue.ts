import { z } from "zod";
import { boundedString } from "./input";
import {
  REPORT_TARGETS,
  type ReportStatus,
  type ReportTarget,
} from "./moderation";

/**
 * Issue #34, the moderation queue (ADR 045): open reports grouped by what they are about, and what a moderator does
 * about a group. The service (workers/services/moderation.ts) and the pages (/moderation, /moderation/reports/…)
 * agree on these.
 */

/** The queue shows at most this many groups, oldest open report first. */
export const QUEUE_GROUPS_LIMIT = 50;

export const MODERATION_QUEUE_MESSAGES = {
  reason: "Please give a reason of 5 to 500 characters: the player reads it",
  action: "Please choose what to do",
  duration: "Please choose how long the mute lasts",
  target: "Report not found",
  notApplicable: "That action does not apply to this report",
} as const;

/** How long a mute lasts, as the form offers it. */
export const MUTE_DURATIONS = {
  "1h": { ms: 60 * 60 * 1000, label: "1 hour" },
  "24h": { ms: 24 * 60 * 60 * 1000, label: "24 hours" },
  "7d": { ms: 7 * 24 * 60 * 60 * 1000, label: "7 days" },
} as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;
const MUTE_KEYS = Object.keys(MUTE_DURATIONS) as [
  MuteDuration,
  ...MuteDuration[],
];

/** What a moderator can do from a group's page. */
export const QUEUE_ACTIONS = [
  "dismiss",
  "hide_message",
  "reset_name",
  "remove_picture",
  "mute",
  "suspend",
  "unsuspend",
] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** What the group's page says after an action (`?done={action}`). */
export const ACTION_DONE: Record<QueueAction, string> = {
  dismiss: "The reports are dismissed and the reporters are told",
  hide_message: "The message is removed for both players",
  reset_name: "The name is reset",
  remove_picture: "The picture is removed",
  mute: "The player is muted from chat",
  suspend: "The account is suspended and signed out everywhere",
  unsuspend: "The suspension is lifted: the player can log in again",
};

/** The form's buttons. */
export const ACTION_LABELS: Record<QueueAction, string> = {
  dismiss: "Dismiss",
  hide_message: "Hide message",
  reset_name: "Reset name",
  remove_picture: "Remove picture",
  mute: "Mute from chat",
  suspend: "Suspend account",
  unsuspend: "Unsuspend",
};

/** Which actions apply to a kind of target: a message's and a profile's act on their player too. */
export const ACTIONS_FOR: Record<ReportTarget, readonly QueueAction[]> = {
  message: ["dismiss", "hide_message", "reset_name", "mute", "suspend"],
  profile: ["dismiss", "reset_name", "remove_picture", "mute", "suspend"],
  comment: ["dismiss"],
  game: ["dismiss"],
};

/** A group's address: /moderation/reports/{targetType}/{targetId}. Ids are message ids, user ids or game ids. */
export const ReportGroupParamsSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, {
    error: MODERATION_QUEUE_MESSAGES.target,
  }),
  targetId: boundedString(64, MODERATION_QUEUE_MESSAGES.target).regex(
    /^[A-Za-z0-9_-]{1,64}$/,
    MODERATION_QUEUE_MESSAGES.target,
  ),
});

/** The group page's one form: an action (the submit button's `intent`), a reason the player reads, a mute's length. */
export const ModerationActSchema = z
  .object({
    intent: z.enum(QUEUE_ACTIONS, { error: MODERATION_QUEUE_MESSAGES.action }),
    reason: boundedString(500, MODERATION_QUEUE_MESSAGES.reason)
      .trim()
      .min(5, MODERATION_QUEUE_MESSAGES.reason),
    duration: z
      .enum(MUTE_KEYS, { error: MODERATION_QUEUE_MESSAGES.duration })
      .optional(),
  })
  .refine((form) => form.intent !== "mute" || form.duration !== undefined, {
    message: MODERATION_QUEUE_MESSAGES.duration,
    path: ["duration"],
  });
export type ModerationAct = z.output<typeof ModerationActSchema>;

/** The name a reset gives: SPEC.md §5's name rule holds for it (letters and digits, words apart by one space). */
export const neutralName = (userId: number) => `Player ${userId}`;

/** A time as "29 Nov 2026, 14:05 UTC": the same on the server and in every browser. */
export function formatMoment(value: string | number | Date): string {
  const date = new Date(value);
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${date.toLocaleString("en", { month: "short", timeZone: "UTC" })} ${date.getUTCFullYear()}, ${time} UTC`;
}

/** What the chat says to a muted player who tries to send. */
export const mutedMessage = (until: number, reason: string) =>
  `You cannot send messages until ${formatMoment(until)}: ${reason}`;

/** What log-in answers a suspended account (403). */
export const suspendedMessage = (reason: string) =>
  `Your account has been suspended: ${reason}`;

/** A reported message's context as stored on the report (part 4): the messages around it, both sides, in order. */
export const ContextSchema = z
  .array(
    z.object({
      msg_id: z.string().max(64),
      sender: z.number().int(),
      content: z.string().max(2000),
      created_at: z.union([z.string().max(40), z.number()]),
    }),
  )
  .max(21);
export type ContextMessage = z.output<typeof ContextSchema>[number];

/** A row of the queue: one target, however many reported it. */
export interface ReportGroupRow {
  targetType: ReportTarget;
  targetId: string;
  reporters: number;
  newestReason: string;
  oldestAt: string;
  /** A message's text, a player's name, a game's name. */
  preview: string;
  picture: string | null;
}

export interface QueueView {
  groups: ReportGroupRow[];
  heldRounds: number;
}

interface GroupReport {
  id: number;
  reporterName: string;
  reason: string;
  status: ReportStatus;
  outcome: string | null;
  createdAt: string;
}

interface GroupLogEntry {
  id: number;
  action: string;
  moderatorName: string | null;
  reason: string;
  createdAt: string;
}

/** A group's page: the target, every report of it, what was done, and what may be done now. */
export interface ReportGroupView {
  targetType: ReportTarget;
  targetId: string;
  /** A message's text as reported (or "" once removed), a profile's current name, a game's name. */
  content: string;
  removed: boolean;
  context: ContextMessage[];
  player: {
    id: number;
    name: string;
    picture: string | null;
    mutedUntil: string | null;
    suspended: boolean;
    suspendedReason: string | null;
  } | null;
  game: { id: number; name: string } | null;
  names: Record<string, string>;
  reports: GroupReport[];
  log: GroupLogEntry[];
  actions: QueueAction[];
}
