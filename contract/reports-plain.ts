// The part of `reports.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

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
export const REPORT_PAGE_TARGETS = ["player", "game"] as const;
export type ReportPageTarget = (typeof REPORT_PAGE_TARGETS)[number];

export const reportPath = (target: ReportPageTarget, id: number) =>
  `/report/${target}/${id}`;

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

export interface ReportInput {
  reason: string;
  details: string | null;
}

/** The roles an admin can give; taking a role back makes the account a player again. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const LOG_PAGE_SIZE = 30;
