import { z } from "zod";
import { idSchema } from "./ids";
import { boundedString, digits } from "./input";
import { EmailSchema } from "./validation";

/**
 * Issue #34, part 4: what a player may report besides a chat message (a profile, a game), what a moderator decides
 * about a held round, and what an admin posts to grant or take a role. The pages and the services agree on these.
 */

/** The reasons a player picks from, per what they report. */
export const PROFILE_REPORT_REASONS = [
  "Offensive name",
  "Offensive picture",
  "Cheating",
  "Other",
] as const;
export const GAME_REPORT_REASONS = [
  "Broken game",
  "Inappropriate game",
  "Other",
] as const;

/** What the report page's address names: `/report/player/7`, `/report/game/3`. */
const REPORT_PAGE_TARGETS = ["player", "game"] as const;
export type ReportPageTarget = (typeof REPORT_PAGE_TARGETS)[number];

export const reportPath = (target: ReportPageTarget, id: number) =>
  `/report/${target}/${id}`;

export const REPORT_MESSAGES = {
  thanks: "Thanks. A moderator will look at it.",
  duplicate: "You have already reported this.",
  self: "You cannot report yourself.",
  reason: "Please choose a reason",
  details: "Please keep the details to 500 characters or fewer",
} as const;

/** One message of a reported message's context (reports.context), as the conversation stored it. */
export interface ReportedMessage {
  msg_id: string;
  sender: number;
  content: string;
  created_at: string;
}

/** How many messages before and after a reported one its report keeps. */
export const REPORT_CONTEXT_SIZE = 5;

export const REPORT_DETAILS_MAX = 500;

const details = boundedString(REPORT_DETAILS_MAX, REPORT_MESSAGES.details)
  .trim()
  .optional()
  .transform((text) => text || null);

const reasonOf = <T extends readonly [string, ...string[]]>(reasons: T) =>
  z.enum(reasons, { error: REPORT_MESSAGES.reason });

export const ProfileReportSchema = z.object({
  reason: reasonOf(PROFILE_REPORT_REASONS),
  details,
});

export const GameReportSchema = z.object({
  reason: reasonOf(GAME_REPORT_REASONS),
  details,
});

export interface ReportInput {
  reason: string;
  details: string | null;
}

/** The report page's address: a kind and a row id; anything else is a page that does not exist. */
export const ReportPageParamsSchema = z.object({
  target: z.enum(REPORT_PAGE_TARGETS),
  id: idSchema("report target"),
});

const staffReason = boundedString(
  500,
  "Please keep the reason to 500 characters or fewer",
)
  .trim()
  .min(3, "Please say why, in a few words");

/** /moderation/rounds: Release or Remove one held round, always with a reason for the audit log. */
export const RoundDecisionSchema = z.object({
  decision: z.enum(["release", "remove"], {
    error: "Please release or remove the round",
  }),
  statsId: idSchema("round"),
  reason: staffReason,
});

/** The roles an admin can give; taking a role back makes the account a player again. */
const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** /admin: grant a role to an account by its e-mail, or take a staff member's role back. */
export const RoleFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("grant"),
      email: EmailSchema,
      role: z.enum(STAFF_ROLES, { error: "Please choose a role" }),
      reason: staffReason,
    }),
    z.object({
      intent: z.literal("take"),
      userId: idSchema("user"),
      reason: staffReason,
    }),
  ],
  { error: "Please grant or take a role" },
);

/** /admin/log?before=123: the page of entries older than entry 123. */
export const LogPageSchema = z.object({
  before: digits("Invalid page").pipe(z.number().int().positive()).optional(),
});

export const LOG_PAGE_SIZE = 30;
