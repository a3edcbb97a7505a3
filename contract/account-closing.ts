import { z } from "zod";
import { boundedString } from "./input";

/**
 * Issue #34, leave and take your data: "Download my data" (/settings/account/data.json) and "Delete my account"
 * (the form on /settings/account). What a deleted account is shown as, the form's schema and its messages.
 */

/** The name a deleted account's row keeps: on boards, in old challenges and matches. */
export const DELETED_PLAYER_NAME = "Deleted player";
/** Whom a deleted writer's published posts are credited to. */
export const FORMER_WRITER_NAME = "a former writer";
/** What a Google-only account types instead of a password. */
export const DELETE_WORD = "DELETE";

/** The address a deleted account's row keeps: unique, never deliverable, so the real one is free to sign up again. */
export const deletedEmailOf = (userId: number) =>
  `deleted-${userId}@deleted.invalid`;

export const ACCOUNT_CLOSING_MESSAGES = {
  passwordRequired: "Please enter your password to delete your account",
  passwordWrong:
    "That password is not right. Your account was not deleted; please try again.",
  wordRequired: `Please type ${DELETE_WORD} in capital letters to delete your account`,
  tooLong: "That is longer than any password here",
} as const;

/**
 * The delete form: the password again, or the word for an account without one (the server knows which applies and
 * says so), and whether the writer's published posts go too. Every field bounded before anything reads it.
 */
export const DeleteAccountFormSchema = z.object({
  password: boundedString(128, ACCOUNT_CLOSING_MESSAGES.tooLong).optional(),
  confirm: boundedString(32, ACCOUNT_CLOSING_MESSAGES.wordRequired).optional(),
  unpublish: z.literal("on").optional(),
});
export type DeleteAccountForm = z.output<typeof DeleteAccountFormSchema>;

/** What /settings/account shows of the signed-in player. */
export interface AccountSummary {
  name: string;
  email: string;
  /** False for an account that signs in only with Google: it confirms with DELETE_WORD instead. */
  hasPassword: boolean;
  publishedPosts: number;
}

/** Bounds of "Download my data", so one big account cannot hold the Worker's memory. */
export const EXPORT_LIMITS = {
  /** Rows of each table section, newest first. */
  rows: 5000,
  /** Conversations read, and messages of each, newest first. */
  conversations: 200,
  messagesPerConversation: 500,
} as const;

/** The file's name: `playfeed-data-2026-11-29.json`. */
export const exportFileName = (at: Date) =>
  `playfeed-data-${at.toISOString().slice(0, 10)}.json`;
