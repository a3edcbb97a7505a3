import { z } from "zod";
import { idSchema } from "./ids";
import { boundedString, digits } from "./input";
import { EmailSchema } from "./validation";
import {
  PROFILE_REPORT_REASONS,
  GAME_REPORT_REASONS,
  REPORT_PAGE_TARGETS,
  REPORT_DETAILS_MAX,
  STAFF_ROLES,
} from "./reports-plain";

export * from "./reports-plain";

export const REPORT_MESSAGES = {
  thanks: "Thanks. A moderator will look at it.",
  duplicate: "You have already reported this.",
  self: "You cannot report yourself.",
  reason: "Please choose a reason",
  details: "Please keep the details to 500 characters or fewer",
} as const;

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
