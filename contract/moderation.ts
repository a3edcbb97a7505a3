/**
 * Issue #34: running the platform. The roles, what can be reported, what a moderator can do about it, and the kinds
 * of one-time links an account is sent by mail. The tables (workers/db/schema/moderation.ts) and the pages agree on these.
 */

/** A moderator acts on reports and reviews games; an admin is a moderator who also grants and takes roles. */
export const USER_ROLES = ["player", "moderator", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whether `role` may use the moderation queue (admins may do everything a moderator may). */
export const canModerate = (role: UserRole) =>
  role === "moderator" || role === "admin";

/** What a report is about: a chat message, a player's profile (name, picture), a blog comment, a game. */
export const REPORT_TARGETS = [
  "message",
  "profile",
  "comment",
  "game",
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** A report waits in the queue until a moderator dismisses it or acts on its target. */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Every moderator or admin action, as the audit log names it. */
export const MODERATION_ACTIONS = [
  "dismiss",
  "hide_message",
  "reset_name",
  "remove_picture",
  "mute",
  "suspend",
  "unsuspend",
  "release_round",
  "remove_round",
  "approve_version",
  "reject_version",
  "unpublish_game",
  "republish_game",
  "grant_role",
  "take_role",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * The single-use links an account is mailed (only their hash is stored): a password reset (30 minutes), the
 * verification of the sign-up address, and the confirmation of a new address.
 */
export const ACCOUNT_TOKEN_PURPOSES = [
  "password_reset",
  "verify_email",
  "change_email",
] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
